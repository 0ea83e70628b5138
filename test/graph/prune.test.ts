/**
 * The edge cap's choice (src/graph/prune.ts `weakest`): the k weakest by weight, then last strengthened,
 * then serial — exactly the set a full sort in that order picks (the rule the graph was first written with),
 * on edge sets full of ties.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { weakest } from "../../src/graph/prune.ts";
import { fc } from "../support/fc.ts";

test("weakest(k) is the first k of a sort by weight, used, serial — whatever the ties", () => {
  const edge = fc.record({
    w: fc.constantFrom(0.05, 0.1, 0.3, 0.35, 0.5, 1),
    used: fc.integer({ min: 0, max: 4 }),
  });
  fc.assert(
    fc.property(fc.array(edge, { maxLength: 80 }), fc.nat(90), (edges, k) => {
      const ws = edges.map((e) => e.w);
      const used = edges.map((e) => e.used);
      // Serials are unique, in an order unrelated to the position.
      const serial = edges.map((_, i) => (i * 37) % 101);
      const ids = edges.map((_, i) => i);
      const sorted = [...ids].sort(
        (x, y) =>
          (ws[x] as number) - (ws[y] as number) ||
          (used[x] as number) - (used[y] as number) ||
          (serial[x] as number) - (serial[y] as number),
      );
      const want = sorted.slice(0, k).sort((x, y) => x - y);
      const got = weakest(ids, k, [ws, used, serial]).sort((x, y) => x - y);
      assert.deepEqual(got, want);
    }),
  );
});
