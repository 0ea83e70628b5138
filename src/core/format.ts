import { daysSince } from "./score.ts";
import type { BaseEntry } from "./types.ts";

function s(v: unknown): string {
  return typeof v === "string" ? v : v === undefined ? "" : JSON.stringify(v);
}

/** One-line summary of an entry, as Rho prints it in list output and action messages. */
export function oneLiner(e: BaseEntry): string {
  switch (e.type) {
    case "learning":
      return s(e.text);
    case "preference":
    case "behavior":
      return `[${s(e.category)}] ${s(e.text)}`;
    case "identity":
    case "user":
    case "meta":
      return `${s(e.key)} = ${s(e.value)}`;
    case "context":
      return `${s(e.project)} (${s(e.path)})`;
    case "task": {
      const pri = e.priority !== "normal" && e.priority !== undefined ? ` [${s(e.priority)}]` : "";
      return `${s(e.description)}${pri}${e.status === "done" ? " ✓" : ""}`;
    }
    case "reminder":
      return `${s(e.text)}${e.enabled ? "" : " [disabled]"}`;
    default:
      return JSON.stringify(e);
  }
}

export function relativeAge(createdMs: number, nowMs: number): string {
  const d = daysSince(createdMs, nowMs);
  if (d === 0) return "today";
  if (d === 1) return "1d ago";
  if (d < 30) return `${d}d ago`;
  return `${Math.floor(d / 30)}mo ago`;
}

/** Rho's compact listing: `[type] (n)` then `  id: summary (source, age)` per entry. */
export function formatCompact(
  type: string,
  entries: BaseEntry[],
  nowMs: number,
  total = entries.length,
): string {
  if (entries.length === 0) return `[${type}] (0)\n  (none)`;
  const lines = [`[${type}] (${total})`];
  for (const e of entries) {
    const meta = [s(e.source), relativeAge(Date.parse(s(e.created)), nowMs)].filter(Boolean).join(", ");
    lines.push(`  ${e.id}: ${oneLiner(e)} (${meta})`);
  }
  return lines.join("\n");
}

/** A caller's value in a message. Never throws (String() does on an object without a prototype). */
export function describeValue(v: unknown): string {
  if (typeof v === "string") return v;
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return Object.prototype.toString.call(v);
  }
}
