import { dedupText } from "../../core/text.ts";
import { DEDUP_TYPES } from "../../core/types.ts";
import { crypto } from "../crypto.ts";
import { namespaceOf } from "./namespaces.ts";
import type { RowIn } from "./protocol.ts";

function parseObject(line: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(line);
    return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The idempotency key of a row: derived from its text, so the same line sent twice (a retry whose first
 * attempt did commit, a second `brain sync push`) is stored once. Two identical lines would fold to the same
 * state anyway: every line carries its entry's id and time.
 */
function keyOf(line: string, complete: boolean): string {
  const h = crypto()
    .createHash("sha256")
    .update(complete ? "1" : "0")
    .update(line)
    .digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/** A line as the server stores it: its namespace, its dedup hash, and its idempotency key. */
export function toRow(line: string, user: string, complete = true): RowIn {
  const o = parseObject(line);
  const type = typeof o?.type === "string" ? o.type : null;
  // The server deduplicates across machines the types `add` refuses to store twice.
  const text = o && type && DEDUP_TYPES.has(type) ? dedupText(o) : "";
  return {
    key: keyOf(line, complete),
    id: typeof o?.id === "string" ? o.id : null,
    type,
    line,
    // jsonb refuses \u0000: such a line is kept as text only.
    json: o !== null && !line.includes("\\u0000"),
    complete,
    namespace: namespaceOf(o, user),
    hash: text ? crypto().createHash("sha256").update(text).digest("hex") : null,
    target: type === "tombstone" && typeof o?.target_id === "string" ? o.target_id : null,
  };
}

/** Raw text split into rows the way a file would hold it: a last piece without "\n" is an incomplete row. */
export function rawRows(text: string, user: string): RowIn[] {
  const parts = text.split("\n");
  const last = parts.pop() ?? "";
  const rows = parts.map((p) => toRow(p, user));
  if (last !== "") rows.push(toRow(last, user, false));
  return rows;
}
