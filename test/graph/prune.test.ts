/**
 * The edge cap's choice (src/graph/prune.ts `weakest`): the k weakest by weight, then last strengthened,
 * then serial — exactly the set a full sort in that order picks (the rule the graph was first written with),
 * on edge sets full of ties.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { Graph } from "../../src/graph/graph.ts";
import { PRUNE_TO, weakest } from "../../src/graph/prune.ts";
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

/** Every edge of the graph as "a|b" (a < b) with its weight, used and serial. */
function edgesOf(g: Graph): Map<string, { w: number; used: number; serial: number }> {
  const out = new Map<string, { w: number; used: number; serial: number }>();
  for (const n of g.nodes.values())
    for (const [other, slot] of n.adj) if (n.id < other) out.set(`${n.id}|${other}`, g.edge(slot));
  return out;
}

test("the edge cap, pruning again and again with its reused arrays, drops what a full sort drops", () => {
  const link = fc.record({
    a: fc.integer({ min: 0, max: 11 }),
    b: fc.integer({ min: 0, max: 11 }),
    w: fc.constantFrom(0.05, 0.1, 0.35, 0.5, 1),
    at: fc.integer({ min: 0, max: 5 }),
  });
  fc.assert(
    fc.property(fc.array(link, { maxLength: 120 }), fc.integer({ min: 3, max: 30 }), (links, maxEdges) => {
      const g = new Graph({ minWeight: 0.35, maxNodes: 1000, maxEdges });
      for (let i = 0; i < 12; i++) g.ensure(`c:t${i}`, "concept", "", 0.5, 0);
      for (const l of links) {
        if (l.a === l.b) continue;
        const before = edgesOf(g);
        g.setLink(`c:t${l.a}`, `c:t${l.b}`, l.w, l.at);
        const over = edgesOf(g);
        g.enforceCaps();
        if (over.size <= maxEdges) {
          assert.equal(edgesOf(g).size, over.size, "no prune under the cap");
          continue;
        }
        // The rule the cap was written with: sort every edge by weight, last strengthened, serial; drop the first.
        const sorted = [...over].sort(([, x], [, y]) => x.w - y.w || x.used - y.used || x.serial - y.serial);
        const keep = new Set(sorted.slice(over.size - Math.floor(maxEdges * PRUNE_TO)).map(([k]) => k));
        assert.deepEqual(new Set(edgesOf(g).keys()), keep);
        assert.ok(before.size <= maxEdges);
      }
    }),
    { numRuns: 200 },
  );
});
