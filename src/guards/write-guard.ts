import type { Settings } from "../config.ts";
import { BrainError } from "../core/errors.ts";
import type { Params } from "../core/params.ts";

let secretsModule: Promise<typeof import("./secrets.ts")> | undefined;
const loadSecrets = () => {
  secretsModule ??= import("./secrets.ts");
  return secretsModule;
};

/**
 * Size limit and secret policy for every value a write would store (mutates when redacting): text fields,
 * and nested values too — a secret inside `tags` or an extra object is found, and a non-string value is
 * measured by its JSON length — for adds, updates, removal reasons and reminder errors alike.
 */
export async function guardWrite(p: Params, settings: Settings): Promise<void> {
  const fields = Object.entries(p).filter(
    ([k, v]) => v !== undefined && !["action", "type", "id"].includes(k),
  );
  for (const [field, value] of fields) {
    let size: number;
    try {
      size = typeof value === "string" ? value.length : (JSON.stringify(value)?.length ?? 0);
    } catch {
      throw new BrainError("INVALID", `field "${field}" is not JSON data`, { field });
    }
    if (size > settings.maxEntryChars) {
      throw new BrainError(
        "INVALID",
        `field "${field}" is ${size} characters${typeof value === "string" ? "" : " as JSON"}; the limit is ${settings.maxEntryChars} (maxEntryChars in config)`,
        { field },
      );
    }
  }
  if (settings.secrets === "allow") return;
  /** The value with every secret in its strings redacted (same value when there is none), or a refusal. */
  const scrub = async (field: string, value: unknown): Promise<unknown> => {
    if (typeof value === "string") return guardText(field, value, settings);
    if (value === null || typeof value !== "object") return value;
    const entries: [string, unknown][] = [];
    let changed = false;
    for (const [k, v] of Object.entries(value)) {
      const next = await scrub(field, v);
      changed ||= next !== v;
      entries.push([k, next]);
    }
    if (!changed) return value;
    return Array.isArray(value) ? entries.map((e) => e[1]) : Object.fromEntries(entries);
  };
  for (const [field, value] of fields) p[field] = await scrub(field, value);
}

/**
 * The secret policy for one text about to be stored (a memory field, a brain file): the text itself when
 * it holds no secret; redacted with `secrets: "redact"`; otherwise refused with the field and the kinds.
 */
export async function guardText(field: string, text: string, settings: Settings): Promise<string> {
  if (settings.secrets === "allow") return text;
  const { findSecrets, redact } = await loadSecrets();
  const found = await findSecrets(text);
  if (found.length === 0) return text;
  if (settings.secrets === "redact") return redact(text, found);
  const kinds = [...new Set(found.map((f) => f.kind))].join(", ");
  throw new BrainError(
    "INVALID",
    `refused: field "${field}" looks like it contains a secret (${kinds}). Remove it, or set "secrets": "redact" in the config to store it redacted.`,
    { field, secret: kinds },
  );
}

/**
 * Every secret in each of `texts` redacted (ingest's policy: always redact), and how many were. Scanned in
 * joined batches (one secretlint pass per batch is ~15× cheaper than one per text); a finding is clipped
 * to the text it starts in, so none spills into the next.
 */
export async function redactAll(texts: string[]): Promise<{ texts: string[]; count: number }> {
  const { findSecrets, redact } = await loadSecrets();
  const out = [...texts];
  let count = 0;
  const SEP = "\n\n";
  for (let i = 0; i < texts.length; ) {
    const batch: { index: number; start: number }[] = [];
    let joined = "";
    for (; i < texts.length && (batch.length === 0 || joined.length < 200_000); i++) {
      if (batch.length > 0) joined += SEP;
      batch.push({ index: i, start: joined.length });
      joined += texts[i];
    }
    const found = await findSecrets(joined);
    if (found.length === 0) continue;
    for (const { index, start } of batch) {
      const text = texts[index] as string;
      const end = start + text.length;
      const mine = found
        .filter((f) => f.start >= start && f.start < end)
        .map((f) => ({ kind: f.kind, start: f.start - start, end: Math.min(f.end, end) - start }));
      if (mine.length === 0) continue;
      let last = -1;
      for (const f of mine) {
        if (f.start >= last) count++;
        last = Math.max(last, f.end);
      }
      out[index] = redact(text, mine);
    }
  }
  return { texts: out, count };
}
