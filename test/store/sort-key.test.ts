/**
 * The fold snapshot's sort key (src/store/jsonl/snapshot-base.ts `sortKey`) with its fast path for plain ids is
 * the same string as the ASCII-only JSON it always was — snapshots written before are searched by these keys.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { sortKey } from "../../src/store/jsonl/snapshot-base.ts";
import { fc } from "../support/fc.ts";

const reference = (s: string) =>
  JSON.stringify(s).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

test("PROPERTY: sortKey is the ASCII-only JSON of any string (plain ids, quotes, backslashes, controls, non-ASCII)", () => {
  const near = fc.integer({ min: 0, max: 0x82 }).map((c) => String.fromCharCode(c));
  fc.assert(
    fc.property(fc.oneof(fc.string({ unit: "binary" }), fc.string({ unit: near })), (s) => {
      assert.equal(sortKey(s), reference(s));
    }),
    { numRuns: 3000 },
  );
});
