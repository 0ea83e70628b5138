/**
 * Seed 002's hubs: the 10 most-connected nodes (ties: most recently updated), raw conversation excluded,
 * shown as a background block only with `autoContext`, with coarse counts so the block changes only when the
 * top 10 or their order (or a count's step) change — and each item a reference `brain graph show` takes.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { Brain } from "../../src/engine/brain.ts";
import { coarse, hubLines, hubs } from "../../src/graph/hubs.ts";
import type { GraphInput } from "../../src/graph/inputs.ts";
import { fold, memory, T0, turn } from "./_support.ts";

const title = (n: { id: string }) => n.id;

describe("hubs", () => {
  test("most edges first, ties by most recently updated; sessions and turns are never hubs", () => {
    const inputs: GraphInput[] = [
      memory("a", "alpha beta gamma delta", T0),
      memory("b", "alpha beta", T0 + 1),
      turn("e1", "s1", "alpha beta gamma delta epsilon zeta eta theta iota kappa", T0 + 2),
    ];
    const g = fold(inputs);
    const all = hubs(g, title, 100);
    assert.deepEqual(
      all.slice(0, 2).map((h) => h.ref),
      ["c:alpha", "c:beta"],
    );
    for (let i = 1; i < all.length; i++) {
      const [a, b] = [g.get(all[i - 1]?.ref as string), g.get(all[i]?.ref as string)];
      assert.ok(a && b);
      const ordered =
        a.adj.size > b.adj.size ||
        (a.adj.size === b.adj.size && (a.updated > b.updated || (a.updated === b.updated && a.id < b.id)));
      assert.ok(ordered, `${a.id} before ${b.id}`);
    }
    assert.ok(!all.some((h) => h.ref.startsWith("e:") || h.ref.startsWith("s:")));
    const tie = fold([memory("x", "one", T0), memory("y", "two", T0 + 5)]);
    assert.deepEqual(
      hubs(tie, title).map((h) => h.ref),
      ["c:two", "m:y", "c:on", "m:x"],
      "one edge each: the later updated first",
    );
  });

  test("counts on a 1-2-5 ladder", () => {
    const cases: [number, string][] = [
      [0, "0"],
      [1, "1+"],
      [4, "2+"],
      [9, "5+"],
      [10, "10+"],
      [49, "20+"],
      [50, "50+"],
      [1234, "1000+"],
    ];
    for (const [n, s] of cases) assert.equal(coarse(n), s, String(n));
  });

  test("the block is the same text while the top 10, their order and steps stay; it changes when they do", () => {
    // Twelve memories around "hub": more than ten hubs, so something can change below the top ten.
    const base: GraphInput[] = [];
    for (let i = 0; i < 12; i++) base.push(memory(`m${i}`, `hub w${i}a w${i}b`, T0 + i));
    const before = hubLines(hubs(fold(base), title));
    assert.equal(before.length, 10);
    const below = hubLines(hubs(fold([...base, memory("x", "omega", T0 + 20)]), title));
    assert.deepEqual(below, before, "a node far below the top ten");
    const counts = hubLines(hubs(fold([...base, memory("y", "hub zzz", T0 + 21)]), title));
    assert.deepEqual(counts, before, "the first hub's count grows within its step");
    const order = hubLines(
      hubs(
        fold([...base, memory("p", "w11a qq1 qq2 qq3", T0 + 22), memory("q", "w11a rr1 rr2 rr3", T0 + 23)]),
        title,
      ),
    );
    assert.notDeepEqual(order, before, "a node rising into the top ten changes it");
  });
});

describe("the hubs block in the context", () => {
  const open = (dir: string, autoContext: boolean) =>
    Brain.open({
      path: join(dir, "brain.jsonl"),
      seedDefault: false,
      fsync: false,
      settings: { autoContext },
    });

  test("off by default; with autoContext a cacheable block whose references `show` resolves", async (t) => {
    const dir = fs.mkdtempSync(join(tmpdir(), "brain-hubs-"));
    t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
    const off = open(dir, false);
    await off.act({ action: "add", type: "learning", text: "Postgres backups run nightly with pg_dump" });
    await off.act({ action: "add", type: "learning", text: "Postgres upgrades need a maintenance window" });
    assert.ok(!off.context({}).blocks.some((b) => b.id === "hubs"), "default off");
    const on = open(dir, true);
    const block = on.context({}).blocks.find((b) => b.id === "hubs");
    assert.ok(block, "the hubs block");
    assert.equal(block.cacheable, true);
    assert.match(block.text, /Background: most-connected/);
    const ref = /\[(c:[^\]]+)\] postgres — \d+\+ links/.exec(block.text)?.[1];
    assert.equal(ref, "c:postgr", block.text);
    assert.equal(on.graph.show(ref)?.title, "postgres");
    assert.equal(
      on.context({}).blocks.find((b) => b.id === "hubs")?.text,
      block.text,
      "the same block again",
    );
  });
});
