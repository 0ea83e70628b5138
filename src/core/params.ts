import { BrainError } from "./errors.ts";
import { didYouMean } from "./suggest.ts";
import { BRAIN_FIELDS, type FieldKind, KNOWN_PARAMS } from "./tool-fields.ts";

/** Tool parameters as they arrive from a CLI (all strings) or a JSON client (typed). */
export type Params = Record<string, unknown>;

const KNOWN = new Set(KNOWN_PARAMS);
/** How each advertised parameter is coerced: by its kind (core/tool-fields.ts). */
const KIND: ReadonlyMap<string, FieldKind> = new Map(BRAIN_FIELDS.map((f) => [f.name, f.kind]));

function toBool(field: string, v: unknown): boolean {
  if (typeof v === "boolean") return v;
  if (v === "true" || v === "1" || v === "yes") return true;
  if (v === "false" || v === "0" || v === "no") return false;
  throw new BrainError("INVALID", `field "${field}" must be true or false (got ${JSON.stringify(v)})`);
}

/** "code, CI" → ["code", "ci"]; arrays are lower-cased and trimmed too. */
export function toTags(v: unknown): string[] {
  // String() throws on an object without a prototype; such a tag becomes its JSON text instead.
  const str = (x: unknown) => (typeof x === "string" ? x : (JSON.stringify(x) ?? String(x)));
  const parts = Array.isArray(v) ? v.map(str) : typeof v === "string" ? v.split(",") : [str(v)];
  return parts.map((t) => t.trim().toLowerCase()).filter(Boolean);
}

/** Cadence shorthands: `6h` → interval, `08:00` → daily; JSON objects pass through. */
function toCadence(v: unknown): unknown {
  if (typeof v !== "string") return v;
  const t = v.trim();
  if (t.startsWith("{")) {
    try {
      return JSON.parse(t);
    } catch {
      throw new BrainError("INVALID", `field "cadence" is not valid JSON: ${t}`);
    }
  }
  if (/^\d+[mhd]$/.test(t)) return { kind: "interval", every: t };
  if (/^\d{1,2}:\d{2}$/.test(t)) return { kind: "daily", at: t };
  throw new BrainError(
    "INVALID",
    `field "cadence" must be JSON like {"kind":"interval","every":"6h"} or {"kind":"daily","at":"08:00"}, or a shorthand like 6h or 08:00 (got ${JSON.stringify(v)})`,
  );
}

/** A caller's value in a message; never throws. */
function shown(v: unknown): string {
  if (typeof v === "string") return `"${v}"`;
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return typeof v;
  }
}

/**
 * Coerce string-typed parameters to the types the schema expects. A parameter nobody knows is a typo
 * (`priorty=urgent` would be stored as an extra field and the task would stay normal): it is refused, with
 * the closest known name. (Extra fields already in the log are another matter: reads never come here.)
 */
export function coerceParams(p: Params): Params {
  const out: Params = {};
  for (const [k, v] of Object.entries(p)) {
    if (v === undefined) continue;
    if (!KNOWN.has(k)) {
      if (v === null) continue; // a client filling every optional field it does not know with null
      throw new BrainError("INVALID", `unknown parameter ${k}${didYouMean(k, KNOWN_PARAMS)}`, { field: k });
    }
    const kind = KIND.get(k);
    if (kind === "boolean") out[k] = toBool(k, v);
    else if (kind === "cadence") out[k] = toCadence(v);
    else if (kind === "tags") out[k] = toTags(v);
    else if (kind === "integer") {
      // Numbers too: a negative or fractional offset would page from the end or skip entries.
      const n = typeof v === "string" ? Number(v) : v;
      if (typeof n !== "number" || !Number.isInteger(n) || n < 0)
        throw new BrainError("INVALID", `field "${k}" must be a whole number (got ${shown(v)})`);
      out[k] = n;
    } else out[k] = v;
  }
  return out;
}

/**
 * Parse `key=value` words from a command line. A repeated key whose values look like `k:v` (what a shell
 * makes of an unquoted `cadence={"kind":"interval","every":"6h"}` after brace expansion) is folded back
 * into an object.
 */
export function parseKeyValues(words: string[]): Params {
  const out: Params = {};
  const pieces = new Map<string, string[]>();
  for (const w of words) {
    const eq = w.indexOf("=");
    if (eq <= 0) throw new BrainError("INVALID", `expected key=value, got "${w}"`);
    const key = w.slice(0, eq);
    const value = w.slice(eq + 1);
    const list = pieces.get(key);
    if (list) list.push(value);
    else pieces.set(key, [value]);
  }
  for (const [key, values] of pieces) {
    if (values.length === 1) {
      out[key] = values[0];
      continue;
    }
    if (values.every((v) => /^[A-Za-z_]+:.+$/.test(v))) {
      const obj: Record<string, string> = {};
      for (const v of values) {
        const c = v.indexOf(":");
        obj[v.slice(0, c)] = v.slice(c + 1);
      }
      out[key] = obj;
    } else {
      throw new BrainError("INVALID", `"${key}" given ${values.length} times`);
    }
  }
  return out;
}
