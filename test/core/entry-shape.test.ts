/**
 * The read-side shape table (core/entry-shape.ts) lists exactly the schema registry's fields with the JSON
 * types the registry accepts, and the depth-limited parse refuses only what is too deep.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { z } from "zod";
import { fieldKinds, shapeProblem } from "../../src/core/entry-shape.ts";
import { jsonDepth, MAX_JSON_DEPTH, parseJson } from "../../src/core/safe-json.ts";
import { SCHEMAS } from "../../src/core/schema.ts";

/** A value of each JSON type that the registry's field schema could accept (ISO, enum-valid strings…). */
const SAMPLES: Record<string, unknown[]> = {
  string: ["2026-01-01T00:00:00.000Z", "do", "global", "pending", "high", "ok", "x"],
  boolean: [true],
  strings: [["a"]],
};

test("fieldKinds() has the registry's types and fields, each with a JSON type the registry accepts", () => {
  const registry = SCHEMAS as unknown as Record<string, z.ZodObject>;
  assert.deepEqual(Object.keys(fieldKinds()).sort(), Object.keys(registry).sort());
  for (const [type, schema] of Object.entries(registry)) {
    const shape = schema.shape as Record<string, z.ZodType>;
    const fields = Object.keys(shape).filter((f) => f !== "id" && f !== "type");
    const kinds = fieldKinds()[type] as Record<string, string>;
    assert.deepEqual(Object.keys(kinds).sort(), fields.sort(), `${type}: the same fields`);
    for (const f of fields) {
      const kind = kinds[f] as string;
      if (kind === "any") continue;
      const accepts = (SAMPLES[kind] ?? []).some((v) => (shape[f] as z.ZodType).safeParse(v).success);
      assert.ok(accepts, `${type}.${f}: the registry accepts a ${kind}`);
      const other = kind === "string" ? [{ toString: 1 }, 1, ["a"]] : ["x", { a: 1 }];
      for (const v of other)
        assert.equal(
          (shape[f] as z.ZodType).safeParse(v).success,
          false,
          `${type}.${f} refuses ${JSON.stringify(v)}`,
        );
    }
  }
});

test("shapeProblem names the field and what it holds; null and missing fields pass", () => {
  const base = { id: "p1", type: "preference", created: "2026-01-01T00:00:00.000Z", text: "t" };
  assert.equal(
    shapeProblem({ ...base, category: { toString: 1 } }),
    'field "category" is an object, not a string',
  );
  assert.equal(shapeProblem({ ...base, category: null }), null);
  assert.equal(shapeProblem(base), null);
  assert.equal(
    shapeProblem({ ...base, extra: { toString: 1 } }),
    null,
    "fields outside the registry are kept",
  );
  assert.equal(
    shapeProblem({ id: "t", type: "task", tags: ["a", 1] }),
    'field "tags" holds a number, not only strings',
  );
  assert.equal(
    shapeProblem({ id: "r", type: "reminder", enabled: "yes" }),
    'field "enabled" is a string, not true or false',
  );
  assert.equal(shapeProblem({ id: "x", type: "constructor", text: {} }), null, "not a type of the table");
});

test("parseJson refuses nesting beyond the limit, counting brackets in strings as text", () => {
  const nest = (d: number) => `${"[".repeat(d)}${"]".repeat(d)}`;
  assert.deepEqual(parseJson(nest(MAX_JSON_DEPTH)), { ok: true, value: JSON.parse(nest(MAX_JSON_DEPTH)) });
  assert.deepEqual(parseJson(nest(MAX_JSON_DEPTH + 1)), {
    ok: false,
    reason: `nested deeper than ${MAX_JSON_DEPTH} levels`,
  });
  assert.deepEqual(parseJson(nest(200_000)).ok, false);
  const brackets = JSON.stringify({ text: "[{".repeat(1000), q: '\\"[' });
  assert.equal(jsonDepth(brackets), 1);
  assert.equal(parseJson(brackets).ok, true, "brackets inside strings do not count");
  assert.deepEqual(parseJson("{nope"), { ok: false, reason: "invalid JSON" });
});
