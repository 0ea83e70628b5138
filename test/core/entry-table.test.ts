/**
 * Everything derived from the entry table (core/entry-types.ts) agrees with it: the write path's zod
 * schemas and the read side's shape check accept a value of each field's kind and refuse one of another
 * kind; the brain tool's parameters (MCP, pi, the CLI's coercion) name exactly the table's fields and take
 * what the registry takes; the type sets, list order, recall kinds and words and the stats line follow it.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { shapeProblem } from "../../src/core/entry-shape.ts";
import { CREATED, ENTRY_TABLE, FIELD_DOCS, type FieldDef, type TypeDef } from "../../src/core/entry-types.ts";
import { BrainError } from "../../src/core/errors.ts";
import { foldEntries, LIST_ORDER } from "../../src/core/fold.ts";
import { listEntries } from "../../src/core/list.ts";
import { coerceParams } from "../../src/core/params.ts";
import { SCHEMAS, validateEntry } from "../../src/core/schema.ts";
import { statsLine } from "../../src/core/stats.ts";
import { BRAIN_FIELDS, CALLER_FIELDS, KNOWN_PARAMS } from "../../src/core/tool-fields.ts";
import { DEDUP_TYPES, ENTRY_TYPES, KEY_FIELD, LIVE_TYPES } from "../../src/core/types.ts";
import { brainInput } from "../../src/mcp/schemas.ts";
import { entryText } from "../../src/recall/index.ts";
import { KINDS, SEARCH_TYPES } from "../../src/recall/types.ts";
import { BRAIN_TOOL_DESCRIPTION, brainToolJsonSchema } from "../../src/tools/brain-tool.ts";
import { fc } from "../support/fc.ts";

const TABLE = ENTRY_TABLE as unknown as Record<string, TypeDef>;
const TYPES = Object.keys(TABLE);
const fieldsOf = (type: string): [string, FieldDef][] => [
  ["created", CREATED],
  ...Object.entries(TABLE[type]?.fields ?? {}),
];

/** A value of the field's kind that the registry accepts. */
function valid(def: FieldDef): fc.Arbitrary<unknown> {
  switch (def.kind) {
    case "text":
      return fc.string({ minLength: 1 }).filter((s) => s.trim() !== "");
    case "date":
      return fc
        .date({ min: new Date(0), max: new Date("2100-01-01T00:00:00Z"), noInvalidDate: true })
        .map((d) => d.toISOString());
    case "enum":
      return fc.constantFrom(...(def.values ?? []));
    case "boolean":
      return fc.boolean();
    case "tags":
      return fc.array(fc.string(), { maxLength: 3 });
    case "cadence":
      return fc.oneof(
        fc.record({
          kind: fc.constant("interval"),
          every: fc.integer({ min: 1, max: 99 }).map((n) => `${n}h`),
        }),
        fc.constantFrom({ kind: "daily", at: "08:00" }, { kind: "daily", at: "23:59" }),
      );
    default:
      return fc.string();
  }
}

/** A value of another JSON type than the field's (never null or undefined: those are absence). */
function wrongType(def: FieldDef): fc.Arbitrary<unknown> {
  const object = fc.constantFrom({ toString: 1 }, {});
  switch (def.kind) {
    case "boolean":
      return fc.oneof(fc.string(), fc.integer(), object);
    case "tags":
      return fc.oneof(
        fc.string(),
        fc.integer(),
        object,
        fc.array(fc.integer(), { minLength: 1, maxLength: 2 }),
      );
    case "cadence":
      return fc.oneof(fc.string(), fc.integer(), fc.constant([]));
    default:
      return fc.oneof(fc.integer(), fc.boolean(), object, fc.array(fc.string(), { maxLength: 2 }));
  }
}

/** A valid entry of the type: every required field filled with a fixed valid value. */
function baseEntry(type: string): Record<string, unknown> {
  const e: Record<string, unknown> = { id: "e0000001", type };
  for (const [name, def] of fieldsOf(type))
    if (def.required) e[name] = fc.sample(valid(def), { numRuns: 1, seed: 1 })[0];
  return e;
}

function refusal(e: Record<string, unknown>): string {
  try {
    validateEntry(e);
  } catch (err) {
    assert.ok(err instanceof BrainError, String(err));
    return err.message;
  }
  return "";
}

describe("the write schemas and the read-side check, from the table", () => {
  test("the zod schemas have the table's types and fields, in its order", () => {
    assert.deepEqual(Object.keys(SCHEMAS), TYPES);
    for (const t of TYPES) {
      const shape = Object.keys((SCHEMAS as Record<string, { shape: object }>)[t]?.shape ?? {});
      assert.deepEqual(shape, ["id", "created", "type", ...Object.keys(TABLE[t]?.fields ?? {})], t);
    }
  });

  for (const type of TYPES) {
    test(`${type}: a value of each field's kind passes both; a value of another JSON type fails both`, () => {
      for (const [field, def] of fieldsOf(type)) {
        fc.assert(
          fc.property(valid(def), wrongType(def), (good, bad) => {
            const ok = { ...baseEntry(type), [field]: good };
            assert.equal(refusal(ok), "", `${type}.${field} = ${JSON.stringify(good)}`);
            assert.equal(shapeProblem(ok), null);
            const wrong = { ...baseEntry(type), [field]: bad };
            assert.match(refusal(wrong), new RegExp(`^${type} (field "${field}"|requires ${field})`));
            // A cadence is checked by its readers (checkCadence), not by the shape: any JSON passes there.
            if (def.kind === "cadence") assert.equal(shapeProblem(wrong), null);
            else assert.match(shapeProblem(wrong) ?? "", new RegExp(`^field "${field}" `));
          }),
          { numRuns: 25 },
        );
      }
    });
  }

  test("absence: a required field is refused by name, an optional one is not; reads accept both", () => {
    for (const t of TYPES) {
      for (const [field, def] of fieldsOf(t)) {
        const e = baseEntry(t);
        delete e[field];
        assert.equal(refusal(e), def.required ? `${t} requires ${field}` : "", `${t}.${field}`);
        assert.equal(shapeProblem(e), null);
        const nulled = { ...baseEntry(t), [field]: null };
        assert.equal(refusal(nulled) === "", def.nullable === true, `${t}.${field} = null`);
      }
    }
  });

  test("an enum refuses a string outside its values, naming them; the read side takes any string", () => {
    const enums = TYPES.flatMap((t) =>
      fieldsOf(t).flatMap(([f, d]) => (d.kind === "enum" ? [[t, f, d.values ?? []] as const] : [])),
    );
    fc.assert(
      fc.property(fc.constantFrom(...enums), fc.string(), ([type, field, values], s) => {
        fc.pre(!values.includes(s));
        const e = { ...baseEntry(type), [field]: s };
        assert.equal(
          refusal(e),
          `${type} field "${field}" must be one of: ${values.join(", ")} (got ${JSON.stringify(s)})`,
        );
        assert.equal(shapeProblem(e), null);
      }),
    );
  });
});

describe("the brain tool's parameters, from the table", () => {
  const control = ["action", "type", "id", "reason", "query", "filter", "verbose", "limit", "offset"];
  const steering = [...control, "result", "error", "all", "dry_run", "purge"];
  const liveFields = new Set(LIVE_TYPES.flatMap((t) => Object.keys(TABLE[t]?.fields ?? {})));

  test("the parameters name exactly the live types' fields (advertised when documented), besides steering ones", () => {
    assert.deepEqual(new Set(CALLER_FIELDS.keys()), liveFields);
    const advertised = BRAIN_FIELDS.map((f) => f.name).filter((n) => !steering.includes(n));
    assert.deepEqual(advertised, Object.keys(FIELD_DOCS));
    for (const name of advertised) assert.ok(liveFields.has(name), `${name} is a field of the table`);
    const known = new Set(KNOWN_PARAMS.filter((n) => !steering.includes(n)));
    assert.deepEqual(known, new Set([...liveFields, "created", "reinforced", "used", "json"]));
    const mcp = Object.keys(brainInput.shape);
    const pi = Object.keys(brainToolJsonSchema().properties as object);
    assert.deepEqual(
      mcp,
      BRAIN_FIELDS.map((f) => f.name),
    );
    assert.deepEqual(pi, mcp);
  });

  test("a value the registry takes is taken by MCP's schema and by coercion, and stays valid", () => {
    const advertised = new Set(Object.keys(FIELD_DOCS));
    const cases = LIVE_TYPES.flatMap((t) =>
      Object.entries(TABLE[t]?.fields ?? {}).map(([f, d]) => [t, f, d] as const),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...cases).chain(([t, f, d]) => fc.tuple(fc.constant([t, f] as const), valid(d))),
        ([[type, field], value]) => {
          if (advertised.has(field)) {
            const r = brainInput.safeParse({ action: "add", type, [field]: value });
            assert.ok(r.success, `MCP refused ${field}=${JSON.stringify(value)}: ${r.error?.message}`);
          }
          const p = coerceParams({ action: "add", type, [field]: value });
          assert.equal(refusal({ ...baseEntry(type), [field]: p[field] }), "");
        },
      ),
    );
  });

  test("an enum parameter lists the table's values, on MCP and pi alike", () => {
    const props = brainToolJsonSchema().properties as Record<string, { enum?: string[]; type?: string }>;
    for (const f of BRAIN_FIELDS) {
      if (steering.includes(f.name)) continue;
      const defs = CALLER_FIELDS.get(f.name) ?? [];
      if (f.kind === "enum") {
        for (const d of defs) assert.deepEqual(d.values, f.values, f.name);
        assert.deepEqual(props[f.name]?.enum, f.values);
      }
      if (f.kind === "boolean") assert.equal(props[f.name]?.type, "boolean");
      assert.ok(defs.length > 0);
    }
  });

  test("the tool description's add line names each type's required fields", () => {
    const add = BRAIN_TOOL_DESCRIPTION.split("\n- ").find((l) => l.startsWith("add:")) ?? "";
    for (const t of LIVE_TYPES) {
      if (t === "meta") continue; // Brain's own markers: not offered to agents
      const m = new RegExp(`(?:^|[\\s;/])${t}(?:/\\w+)?: ([a-z_ +]+)`).exec(add);
      const required = Object.entries(TABLE[t]?.fields ?? {}).filter(([, d]) => d.required);
      assert.deepEqual(
        new Set((m?.[1] ?? "").split("+").map((s) => s.trim())),
        new Set(required.map(([f]) => f)),
        t,
      );
    }
  });
});

describe("type sets, orders and letters, from the table", () => {
  test("brain.jsonl's types, the live ones in listing order, the keyed and deduplicated ones", () => {
    assert.deepEqual(
      ENTRY_TYPES,
      TYPES.filter((t) => TABLE[t]?.log === "brain"),
    );
    assert.deepEqual(
      LIVE_TYPES,
      ENTRY_TYPES.filter((t) => t !== "tombstone"),
    );
    assert.deepEqual(LIST_ORDER, LIVE_TYPES);
    assert.deepEqual(KEY_FIELD, { identity: "key", user: "key", context: "path", meta: "key" });
    assert.deepEqual([...DEDUP_TYPES], ["learning", "preference"]);
  });

  test("the orders written to disk do not move: snapshot type codes, recall index kind codes", () => {
    assert.deepEqual(LIVE_TYPES, [
      "behavior",
      "identity",
      "user",
      "learning",
      "preference",
      "context",
      "task",
      "reminder",
      "meta",
    ]);
    assert.deepEqual(KINDS, [
      "learning",
      "preference",
      "context",
      "task",
      "reminder",
      "behavior",
      "identity",
      "user",
      "episode",
    ]);
  });

  test("recall's kinds are numbered 0… by the table's codes; the searchable types are live ones", () => {
    for (const [i, k] of KINDS.entries()) assert.equal(TABLE[k]?.recall, i, k);
    assert.equal(KINDS.length, TYPES.filter((t) => TABLE[t]?.recall !== undefined).length);
    for (const t of SEARCH_TYPES) assert.ok((LIVE_TYPES as readonly string[]).includes(t));
  });

  test("recall indexes a type's words and label and nothing else; list's query matches its words", () => {
    const word = fc.stringMatching(/^[a-z]{4,8}$/);
    fc.assert(
      fc.property(fc.constantFrom(...SEARCH_TYPES), word, word, (type, w, other) => {
        fc.pre(w !== other && !w.includes(other) && !other.includes(w));
        const def = TABLE[type] as TypeDef;
        const searched = [...(def.words ?? []), ...(def.label ? [def.label] : [])];
        for (const field of Object.keys(def.fields)) {
          if (def.fields[field]?.kind === "boolean" || def.fields[field]?.kind === "cadence") continue;
          const e = { ...baseEntry(type), [field]: def.fields[field]?.kind === "tags" ? [w] : w };
          for (const f of searched) if (f !== field && typeof e[f] === "string") e[f] = other;
          assert.equal(entryText(e).split(" ").includes(w), searched.includes(field), `${type}.${field}`);
          const listed = listEntries({ query: w }, foldEntries([e as never]), new Date()).data.total;
          assert.equal(listed, (def.words ?? []).includes(field) ? 1 : 0, `list query, ${type}.${field}`);
        }
      }),
      { numRuns: 40 },
    );
  });

  test("the stats line is Rho's, whatever the counts", () => {
    const counts = fc.record(Object.fromEntries(LIVE_TYPES.map((t) => [t, fc.nat(3)])));
    fc.assert(
      fc.property(counts, (n) => {
        const entries = LIVE_TYPES.flatMap((t) =>
          Array.from({ length: n[t] ?? 0 }, (_, i) => ({
            ...baseEntry(t),
            id: `${t}-${i}`,
            key: `k${i}`,
            path: `/p${i}`,
          })),
        );
        const c = (t: string) => n[t] ?? 0;
        assert.equal(
          statsLine(foldEntries(entries as never)),
          `🧠 ${c("learning")}L ${c("preference")}P ${c("task")}T ${c("reminder")}R | ${c("behavior")}beh ${c("identity")}id ${c("user")}usr`,
        );
      }),
      { numRuns: 30 },
    );
  });
});
