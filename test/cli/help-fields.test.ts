/**
 * `brain help add` lists each type's required fields as seed 000's schema registry has them (the table
 * the writes enforce): a reminder without a cadence is refused, so help must not call cadence optional.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { actionHelp } from "../../src/cli/help.ts";

/** Seed 000, "Schema Registry": required fields per type (in the order the registry checks them). */
const SEED_REQUIRED: Record<string, string> = {
  behavior: "category + text",
  identity: "key + value",
  user: "key + value",
  learning: "text",
  preference: "text + category",
  context: "project + path + content",
  task: "description",
  // The registry requires `enabled` on every stored reminder; `add` writes true when the caller gives none.
  reminder: "text + cadence",
  meta: "key + value",
};

test("help add and update show each type's required fields as the seed's registry lists them", () => {
  for (const action of ["add", "update"] as const) {
    const lines = actionHelp(action).split("\n");
    for (const [type, required] of Object.entries(SEED_REQUIRED)) {
      const line = lines.find((l) => l.trimStart().startsWith(`${type} `)) ?? "";
      assert.equal(
        line.trim().slice(type.length).trim().split("  (optional:")[0],
        required,
        `${action}: ${line}`,
      );
    }
  }
});
