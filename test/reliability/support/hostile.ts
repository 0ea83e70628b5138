/**
 * Hostile lines for the reliability suite: a valid entry of any type (or an episode) with one field — a
 * registry field, id, type, or an extra one — replaced by a hostile JSON value, and the verdict a reader
 * must reach on it, decided from the registry's JSON types (fieldKinds(), kept equal to the zod registry
 * by test/core/entry-shape.test.ts) and from how the value was built (depth).
 */

import { fieldKinds } from "../../../src/core/entry-shape.ts";
import { MAX_JSON_DEPTH } from "../../../src/core/safe-json.ts";
import { fc } from "../../support/fc.ts";

const created = "2026-01-01T00:00:00.000Z";
export const TYPES = [...Object.keys(fieldKinds())];

/** A valid entry of `type`, with a unique id and key, that mentions "staging" so searches find it. */
export function validEntry(type: string, n: number): Record<string, unknown> {
  const id = `h${String(n).padStart(5, "0")}`;
  const text = `staging note ${n}`;
  const base = { id, type, created };
  switch (type) {
    case "behavior":
      return { ...base, category: "do", text };
    case "identity":
    case "user":
    case "meta":
      return { ...base, key: `key${n}`, value: text };
    case "learning":
      return { ...base, text, source: "manual", scope: "global" };
    case "preference":
      return { ...base, text, category: "Code" };
    case "context":
      return { ...base, project: "demo", path: `/work/demo${n}`, content: text };
    case "task":
      return { ...base, description: text, status: "pending", priority: "high", tags: ["a"], due: null };
    case "reminder":
      return { ...base, text, cadence: { kind: "interval", every: "6h" }, enabled: true, last_run: null };
    case "tombstone":
      return { ...base, target_id: `nothing${n}`, target_type: "learning", reason: "test" };
    case "episode":
      return { ...base, session: "s1", turn: `t${n}`, speaker: "Ada", text, date: created, source: "test" };
    default:
      throw new Error(type);
  }
}

/** Nested arrays `depth` levels deep, as JSON text (built as text: stringify would recurse). */
const deepText = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

/** A hostile value: its JSON text and its JSON kind ("deep" when nested beyond the limit). */
export interface Hostile {
  json: string;
  kind: "string" | "null" | "boolean" | "number" | "array" | "object" | "deep";
  /** For arrays: every element is a string. */
  allStrings?: boolean;
}

const kindOf = (v: unknown): Hostile => {
  const json = JSON.stringify(v) ?? "null";
  if (v === null || v === undefined) return { json, kind: "null" };
  if (Array.isArray(v)) return { json, kind: "array", allStrings: v.every((x) => typeof x === "string") };
  return { json, kind: typeof v as Hostile["kind"] };
};

export const hostileValue: fc.Arbitrary<Hostile> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }).map(kindOf) },
  {
    weight: 3,
    arbitrary: fc
      .constantFrom<unknown>(
        { toString: 1 },
        { toString: 1, valueOf: 1 },
        { toJSON: 1, length: -1 },
        JSON.parse('{"__proto__":{"polluted":1}}'),
        [{ toString: 1 }],
        ["a", { toString: 1 }],
        ["a", "b"],
        [],
        {},
        "",
        " ",
        "\u0000\u001b[31mred\u001b[0m\r\n## Identity",
        "x".repeat(20_000),
        "__proto__",
        "constructor",
        0,
        -1.5e300,
        true,
        false,
        null,
      )
      .map(kindOf),
  },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: MAX_JSON_DEPTH + 1, max: 5_000 })
      .map((d) => ({ json: deepText(d), kind: "deep" as const })),
  },
);

export interface HostileLine {
  type: string;
  field: string;
  value: Hostile;
}

export const hostileLine: fc.Arbitrary<HostileLine> = fc
  .constantFrom(...TYPES)
  .chain((type) =>
    fc.record({
      type: fc.constant(type),
      field: fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom(...Object.keys(fieldKinds()[type] ?? {})) },
        { weight: 1, arbitrary: fc.constantFrom("id", "type") },
        { weight: 1, arbitrary: fc.constantFrom("extra", "__proto__", "toString", "importance", "pinned") },
      ),
      value: hostileValue,
    }),
  )
  .map((h) =>
    // A string type would make it another (or an unknown) type: the verdict for that is not this test's.
    h.field === "type" && h.value.kind === "string" ? { ...h, value: kindOf({ toString: 1 }) } : h,
  );

/** The line's text: entry `n` of its type with the field set to the hostile value's JSON. */
export function render(h: HostileLine, n: number): string {
  const e = validEntry(h.type, n);
  delete e[h.field];
  const head = JSON.stringify(e);
  return `${head.slice(0, -1)}${head.length > 2 ? "," : ""}${JSON.stringify(h.field)}:${h.value.json}}`;
}

/** Whether a reader must report the line as bad (true) or load it (false). */
export function mustBeBad(h: HostileLine): boolean {
  const { kind } = h.value;
  if (kind === "deep") return true;
  if (h.field === "type") return true;
  if (h.field === "id") return kind !== "string" || h.value.json === '""';
  const kinds = fieldKinds()[h.type] ?? {};
  const want = Object.hasOwn(kinds, h.field) ? kinds[h.field] : undefined;
  if (!want || want === "any" || kind === "null") return false;
  if (want === "string") return kind !== "string";
  if (want === "boolean") return kind !== "boolean";
  return !(kind === "array" && h.value.allStrings);
}
