/**
 * The graph stage of recall (src/graph/expand.ts): a fact that shares no word with the question, but a
 * specific concept with what the question matched, enters the ranking — the "what did the person I
 * met at the climbing gym recommend?" — below what the words found; a concept half the brain holds carries
 * nothing; unwanted kinds are not added.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { GRAPH_ANALYZER } from "../../src/engine/graph-log.ts";
import { expandRanking } from "../../src/graph/expand.ts";
import type { GraphInput } from "../../src/graph/inputs.ts";
import { fold, memory, T0 } from "./_support.ts";

const terms = (q: string) => GRAPH_ANALYZER(q).map((w) => w.term);
const filler: GraphInput[] = Array.from({ length: 30 }, (_, i) =>
  memory(`f${i}`, `weekly note ${i} about nothing in particular`, T0 + 100 + i),
);
const facts: GraphInput[] = [
  memory("a", "I met Yusuf at the climbing gym on Tuesday", T0),
  memory("b", "Yusuf says Dune is a must-read", T0 + 1),
  memory("c", "The gym closes at ten", T0 + 2),
  memory("d", "Dune was filmed in Jordan", T0 + 3),
];
const QUESTION = "what did the person I met at the climbing gym suggest?";
const lexical = [
  { id: "a", kind: "learning", score: 2 },
  { id: "c", kind: "learning", score: 1 },
];

describe("graph-expanded ranking", () => {
  test("a fact two hops away enters the ranking, below the ones the words found", () => {
    const g = fold([...facts, ...filler]);
    const out = expandRanking(g, lexical, terms(QUESTION), () => "learning");
    const ids = out.map((r) => r.id);
    assert.deepEqual(ids.slice(0, 2), ["a", "c"], "the lexical order on top");
    assert.ok(ids.includes("b"), `Yusuf links a to b: ${ids.join(",")}`);
    const b = out.find((r) => r.id === "b");
    assert.ok(b && b.score > 0 && b.score < 2);
    assert.deepEqual(
      expandRanking(fold([...facts, ...filler]), [], [], () => "learning"),
      [],
      "nothing in, nothing out",
    );
  });

  test("unwanted kinds are not added; the ranking is unchanged without a graph path", () => {
    const g = fold([...facts, ...filler]);
    const out = expandRanking(g, lexical, terms(QUESTION), () => undefined);
    assert.deepEqual(
      out.map((r) => r.id),
      ["a", "c"],
    );
  });

  test("a concept most of the brain holds carries nothing", () => {
    // "note" is in 30 of 34 memories: over maxShare, it does not link a seed to the filler.
    const g = fold([memory("s", "weekly note on the climbing gym", T0), ...filler]);
    const out = expandRanking(
      g,
      [{ id: "s", kind: "learning", score: 1 }],
      terms("climbing gym"),
      () => "learning",
    );
    assert.deepEqual(
      out.map((r) => r.id),
      ["s"],
    );
  });
});

describe("the stage in recall (Recall.query's expand, the context's graph.recall)", () => {
  test("recall with the graph brings the bridged fact; without it, words alone do not", async (t) => {
    const { mkdtempSync, rmSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const { Brain } = await import("../../src/engine/brain.ts");
    const dir = mkdtempSync(join(tmpdir(), "brain-expand-"));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const brain = Brain.open({ path: join(dir, "brain.jsonl"), seedDefault: false, fsync: false });
    for (const text of [
      "I met Yusuf at the climbing gym on Tuesday",
      "Yusuf says Dune is a must-read",
      "The gym closes at ten",
      ...Array.from({ length: 30 }, (_, i) => `weekly note ${i} about nothing in particular`),
    ])
      await brain.act({ action: "add", type: "learning", text });
    const texts = (graph: boolean) =>
      brain.recallFacet
        .query(QUESTION, ["learning"], dir, undefined, { graph })
        .recalled.map((r) => String(r.rec.entry.text));
    assert.ok(!texts(false).some((x) => x.includes("Dune")), "no word in common");
    assert.ok(
      texts(true).some((x) => x.includes("Dune")),
      texts(true).join(" | "),
    );
  });
});
