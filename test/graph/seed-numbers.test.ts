/**
 * Seed 003's numbers (INSTANT layer) and seed 001's caps, each pinned on the fold itself: new concepts 0.4,
 * preferences 0.7, corrections 0.5–0.85 by confidence, +0.05 a match, 2 % decay for nodes unmatched more than
 * 24 h (floor 0.05), at most maxNodes / maxEdges with the weakest pruned first.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { GraphInput } from "../../src/graph/inputs.ts";
import { SEED } from "../../src/graph/seed.ts";
import { DAY, event, fold, HOUR, memory, round, T0, weightOf } from "./_support.ts";

describe("seed 003: starting weights", () => {
  test("a new concept weighs 0.4, a preference 0.7, a detector's correction 0.5", () => {
    const g = fold([
      memory("p1", "Use pnpm for installs", T0, "preference"),
      memory("l1", 'Correction: "wrong port" → the dev server listens on 5173'),
    ]);
    assert.equal(weightOf(g, "c:pnpm"), 0.4);
    assert.equal(weightOf(g, "c:instal"), 0.4);
    assert.equal(weightOf(g, "m:p1"), 0.7);
    assert.equal(weightOf(g, "m:l1"), 0.5);
  });

  test("a correction's weight is the detector's confidence, within 0.5–0.85", () => {
    const cases: [number, number][] = [
      [0.5, 0.5],
      [0.675, 0.675],
      [0.85, 0.85],
      [0.95, 0.85],
      [0.2, 0.5],
    ];
    for (const [confidence, want] of cases) {
      const g = fold([
        memory("l1", 'Correction: "no" → use the staging bucket'),
        event({ t: "detect", node: "m:l1", reason: "correction", confidence }),
      ]);
      assert.equal(weightOf(g, "m:l1"), want, `confidence ${confidence}`);
    }
    const p = fold([
      memory("l2", "Tabs over spaces"),
      event({ t: "detect", node: "m:l2", reason: "preference", confidence: 0.3 }),
    ]);
    assert.equal(weightOf(p, "m:l2"), 0.7, "a detected preference weighs 0.7 whatever the confidence");
  });
});

describe("seed 003: matches and decay", () => {
  test("every match adds 0.05, never past 1", () => {
    const inputs: GraphInput[] = [memory("l1", "postgres vacuum")];
    for (let i = 1; i <= 14; i++) inputs.push(event({ t: "prompt", keys: ["postgr"], shown: [] }, T0 + i));
    const g = fold(inputs.slice(0, 3));
    assert.equal(round(weightOf(g, "c:postgr")), 0.5, "two matches: 0.4 + 2 × 0.05");
    assert.equal(weightOf(fold(inputs), "c:postgr"), 1, "fourteen matches stop at 1");
    assert.equal(weightOf(fold(inputs), "c:vacuum"), 0.4, "an unmatched concept keeps its weight");
  });

  test("a tick takes 2 % from nodes unmatched for more than 24 h, and spares the others", () => {
    const g = fold([
      memory("l1", "alpha beta", T0),
      event({ t: "prompt", keys: ["beta"], shown: [] }, T0 + 12 * HOUR),
      event({ t: "decay" }, T0 + DAY + HOUR),
    ]);
    assert.equal(weightOf(g, "c:alpha"), 0.4 * SEED.decayFactor, "25 h unmatched: 2 % off");
    assert.equal(round(weightOf(g, "c:beta")), 0.45, "matched 13 h before the tick: spared");
    const exact = fold([memory("l1", "alpha", T0), event({ t: "decay" }, T0 + DAY)]);
    assert.equal(weightOf(exact, "c:alpha"), 0.4, "exactly 24 h is not more than 24 h");
  });

  test("every 10th prompt is a tick (the interaction count is the prompt events')", () => {
    const prompts = (n: number) =>
      Array.from({ length: n }, (_, i) =>
        event({ t: "prompt", keys: ["beta"], shown: [] }, T0 + 2 * DAY + i),
      );
    const nine = fold([memory("l1", "alpha beta", T0), ...prompts(9)]);
    assert.equal(weightOf(nine, "c:alpha"), 0.4, "nine interactions: no tick yet");
    const ten = fold([memory("l1", "alpha beta", T0), ...prompts(10)]);
    assert.equal(weightOf(ten, "c:alpha"), 0.4 * 0.98, "the tenth: 2 % off what went unmatched for two days");
    assert.equal(round(weightOf(ten, "c:beta")), 0.9, "matched by all ten: spared");
    assert.equal(ten.ticks.length, 1);
  });

  test("decay stops at 0.05 and ticks compound (one tick at a time)", () => {
    const inputs: GraphInput[] = [memory("l1", "alpha", T0)];
    for (let i = 1; i <= 200; i++) inputs.push(event({ t: "decay" }, T0 + DAY + i * HOUR));
    const g = fold(inputs);
    assert.equal(weightOf(g, "c:alpha"), SEED.decayFloor);
    const ten = fold(inputs.slice(0, 11));
    let w = 0.4;
    for (let i = 0; i < 10; i++) w = Math.max(0.05, w * 0.98);
    assert.equal(round(weightOf(ten, "c:alpha")), round(w));
  });

  test("a match after decay adds 0.05 to the decayed weight, and restarts the 24 h", () => {
    const g = fold([
      memory("l1", "alpha", T0),
      event({ t: "decay" }, T0 + 2 * DAY),
      event({ t: "prompt", keys: ["alpha"], shown: [] }, T0 + 2 * DAY + 1),
      event({ t: "decay" }, T0 + 2 * DAY + 2 * HOUR),
    ]);
    assert.equal(round(weightOf(g, "c:alpha")), round(0.4 * 0.98 + 0.05));
  });
});

describe("seed 001: caps, weakest pruned first", () => {
  test("one node over maxNodes: the weakest go, ties the least recently used", () => {
    const g = fold(
      [
        memory("p1", "zeta", T0, "preference"), // m:p1 0.7, c:zeta 0.4
        memory("l1", "omega", T0 + 1), // m:l1 0.5, c:omega 0.4
        event({ t: "prompt", keys: ["zeta"], shown: [] }, T0 + 2), // c:zeta 0.45
        memory("l2", "kappa", T0 + 3), // 6 nodes > 5: cut to 4
      ],
      { maxNodes: 5 },
    );
    assert.deepEqual([...g.nodes.keys()].sort(), ["c:zeta", "m:l1", "m:l2", "m:p1"]);
    assert.ok(g.nodes.size <= 5);
  });

  test("one edge over maxEdges: the weakest edges go", () => {
    // l1: m–alpha, m–beta (0.3 each) and alpha–beta (0.1): 3 edges; a 4th appears with l2.
    const g = fold([memory("l1", "alpha beta", T0), memory("l2", "gamma", T0 + 1)], { maxEdges: 3 });
    assert.ok(g.edges <= 3);
    assert.equal(g.get("c:alpha")?.adj.has("c:beta"), false, "the 0.1 co-occurrence went first");
    assert.equal(g.get("m:l2")?.adj.has("c:gamma"), true);
  });

  test("the agent itself is never pruned", () => {
    const g = fold(
      [
        memory("i1", "role", T0, "identity"),
        event({ t: "decay" }, T0 + 3 * DAY),
        memory("l1", "a1 b1 c1 d1", T0 + 3 * DAY + 1),
      ],
      { maxNodes: 4 },
    );
    assert.ok(g.get("self"), "self survives");
    assert.ok(g.nodes.size <= 4);
  });

  test("the seed's caps are the defaults", () => {
    const g = fold([]);
    assert.equal(g.limits.maxNodes, 100_000);
    assert.equal(g.limits.maxEdges, 500_000);
  });
});
