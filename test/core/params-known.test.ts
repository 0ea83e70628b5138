/** The parameters a caller may pass: every stored field is known, typos are refused with a suggestion. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { BrainError } from "../../src/core/errors.ts";
import { coerceParams } from "../../src/core/params.ts";
import { SCHEMAS } from "../../src/core/schema.ts";
import { closest } from "../../src/core/suggest.ts";
import { KNOWN_PARAMS } from "../../src/core/tool-fields.ts";

test("every field of the schema registry (episodes and tombstones aside: callers never write them) is a known parameter", () => {
  for (const [type, schema] of Object.entries(SCHEMAS)) {
    if (type === "episode" || type === "tombstone") continue;
    for (const field of Object.keys((schema as unknown as { shape: object }).shape))
      assert.ok(KNOWN_PARAMS.includes(field), `${type}.${field}`);
  }
});

test("an unknown parameter is refused naming it and the closest known one; null is ignored", () => {
  const refuse = (p: Record<string, unknown>) => {
    try {
      coerceParams(p);
    } catch (e) {
      assert.ok(e instanceof BrainError);
      assert.equal(e.code, "INVALID");
      return e.message;
    }
    assert.fail(`accepted ${JSON.stringify(p)}`);
  };
  assert.equal(
    refuse({ action: "add", priorty: "urgent" }),
    "unknown parameter priorty (did you mean priority?)",
  );
  assert.equal(
    refuse({ action: "list", Descripton: "x" }),
    "unknown parameter Descripton (did you mean description?)",
  );
  assert.equal(refuse({ action: "list", zzzzzz: 1 }), "unknown parameter zzzzzz");
  assert.deepEqual(coerceParams({ action: "list", priorty: null, dry_run: "true" }), {
    action: "list",
    dry_run: true,
  });
});

test("closest: a typo within a third of its length, never a far name", () => {
  assert.equal(closest("lst", ["list", "add"]), "list");
  assert.equal(closest("tsk_done", ["task_done", "task_clear"]), "task_done");
  assert.equal(closest("x", ["list", "add"]), undefined);
  assert.equal(closest("remind", ["remove", "reminder_run"]), undefined);
});
