/**
 * The working context in the budgeted context (src/context/sources/working.ts): the agent's mind as one
 * volatile block after every cacheable one, within the budget and its own share of it, each line named by
 * --explain; after a compaction the last 8 messages come too. A brain without a mind shows none of it and
 * reading the context creates nothing.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { describe, it } from "node:test";
import { mindBrain } from "./_support.ts";

function withMind(t: Parameters<typeof mindBrain>[0]) {
  const mb = mindBrain(t);
  const mind = mb.brain.mind;
  mind.goal.add("Ship dark mode");
  mind.replan(["find the theme file", "add a dark palette", "test contrast"]);
  mind.tick({
    action: { type: "read_file", what: "src/theme/index.ts", summary: "palette lives here" },
    outcome: "success",
    thought: "the theme is in src/theme",
  });
  mind.tick({ action: "write_file", error: "ENOENT: src/theme/dark.css" });
  for (let i = 0; i < 10; i++) mind.chat(i % 2 ? "assistant" : "user", `message ${i}`);
  return mb;
}

describe("the working context", () => {
  it("is one volatile block after every cacheable one, each of its lines named by --explain", async (t) => {
    const mb = withMind(t);
    await mb.brain.act({ action: "add", type: "learning", text: "The repo uses pnpm" });
    const r = mb.brain.context({ budget: 2000, explain: true });
    const i = r.blocks.findIndex((b) => b.id === "working");
    assert.ok(i >= 0, r.blocks.map((b) => b.id).join(", "));
    const block = r.blocks[i]!;
    assert.equal(block.cacheable, false);
    assert.ok(
      r.blocks.slice(i + 1).every((b) => !b.cacheable),
      "no cacheable block after it",
    );
    assert.match(block.text, /Primary goal: Ship dark mode/);
    assert.doesNotMatch(block.text, /Last user message/, "an earlier session's last word: only on recovery");
    const recovered = mb.brain.context({ budget: 2000, recover: true });
    assert.match(
      recovered.blocks.find((b) => b.id === "working")?.text ?? "",
      /Last user message: message 8/,
    );
    assert.match(block.text, /Last error: ENOENT: src\/theme\/dark.css/);
    assert.match(block.text, /Plan: step 2 of 3: add a dark palette/);
    assert.match(block.text, /→ 2\. add a dark palette/);
    const labels = new Set(r.kept.filter((k) => k.section === "working").map((k) => k.label));
    for (const l of ["mind:goal", "mind:error", "mind:plan", "mind:affect", "mind:episode", "mind:thought"])
      assert.ok(labels.has(l), `${l} in ${[...labels].join(", ")}`);
    assert.ok(!r.blocks.some((b) => b.id === "messages"), "messages only after a compaction");
  });

  it("stays within the budget and its share of it, keeping the most important lines", (t) => {
    const mb = withMind(t);
    mb.brain.mind.reflect({
      selfSummary: "s".repeat(2000),
      facts: Array.from({ length: 20 }, (_, i) => `fact ${"x".repeat(100)} ${i}`),
    });
    for (const budget of [60, 150, 400, 2000]) {
      const r = mb.brain.context({ budget });
      assert.ok(r.tokens <= budget, `${r.tokens} > ${budget}`);
      const w = r.blocks.find((b) => b.id === "working");
      if (w) {
        assert.ok(w.text.length <= budget * 4 * 0.2, `the block takes at most a fifth of ${budget} tokens`);
        assert.match(w.text, /Primary goal/, "the goal is the first line kept");
      }
    }
  });

  it("carries the last 8 messages after a compaction (recover)", (t) => {
    const mb = withMind(t);
    const r = mb.brain.context({ budget: 3000, recover: true });
    const m = r.blocks.find((b) => b.id === "messages");
    assert.ok(m);
    const lines = m.text.split("\n").slice(1);
    assert.deepEqual(
      lines,
      [2, 3, 4, 5, 6, 7, 8, 9].map((i) => `- ${i % 2 ? "assistant" : "user"}: message ${i}`),
    );
  });

  it("is absent for a brain without a mind, and reading a context creates no mind file", (t) => {
    const mb = mindBrain(t);
    const r = mb.brain.context({ budget: 2000 });
    assert.ok(!r.blocks.some((b) => b.id === "working" || b.id === "messages"));
    assert.ok(!fs.existsSync(mb.home.file("mind")));
    assert.ok(!fs.existsSync(mb.home.file("mindView")));
  });

  it("leaves the cacheable prefix byte-identical when the mind changes", async (t) => {
    const mb = withMind(t);
    await mb.brain.act({ action: "add", type: "learning", text: "The repo uses pnpm" });
    const prefix = () =>
      mb.brain
        .context({ budget: 2000 })
        .blocks.filter((b) => b.cacheable)
        .map((b) => b.text)
        .join("\n\n");
    const before = prefix();
    mb.brain.mind.tick({ thought: "another thought", outcome: "success" });
    mb.brain.mind.reflect({ selfSummary: "changed" });
    assert.equal(prefix(), before);
  });
});
