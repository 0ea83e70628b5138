/**
 * "Recently in this project" (src/recall/recent-sessions.ts, src/context/sources/sessions.ts): the session-start
 * context lists the last few sessions whose episodes the learner tagged with this project, one line each,
 * in a volatile block that leaves the cacheable prefix untouched, within the budget.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import type { ContextResult } from "../../src/context/build.ts";
import type { Turn } from "../../src/core/episode.ts";
import { summaryTurn } from "../../src/learn/summary.ts";
import { sessionLines, tailEntries } from "../../src/recall/recent-sessions.ts";
import { cleanup, REPRESENTATIVE_FILES, representativeEntries, tempBrain } from "./_fixtures.ts";

const prefix = (r: ContextResult) =>
  r.blocks
    .filter((b) => b.cacheable)
    .map((b) => b.text)
    .join("\n\n");

function turns(session: string, day: string, pairs: [string, string][]): Turn[] {
  return pairs.flatMap(([user, assistant], i) => [
    { session, turn: `${i}u`, speaker: "user", role: "user", text: user, date: `${day}T10:0${i}:00.000Z` },
    {
      session,
      turn: `${i}a`,
      speaker: "assistant",
      role: "assistant",
      text: assistant,
      date: `${day}T10:0${i}:30.000Z`,
    },
  ]);
}

describe("Recently in this project", () => {
  test("the last sessions here, newest first, first request and files; other projects left out", async () => {
    const t = tempBrain(representativeEntries(), REPRESENTATIVE_FILES);
    try {
      const repo = join(t.root, "shop");
      const sub = join(repo, "api");
      fs.mkdirSync(sub, { recursive: true });
      const before = t.brain.context({ budget: 2000, cwd: sub });
      assert.doesNotMatch(before.text, /Recently in this project/);

      await t.brain.ingestTurns(
        turns("s1", "2026-02-20", [
          [
            "Fix the flaky checkout test",
            "The race is in `src/cart.ts`; I changed src/cart.ts and test/cart.test.ts.",
          ],
        ]),
        "claude:s1.jsonl",
        { project: repo },
      );
      await t.brain.ingestTurns(
        turns("s2", "2026-02-25", [["Add a staging deploy script", "Wrote scripts/deploy.sh."]]),
        "claude:s2.jsonl",
        { project: repo },
      );
      await t.brain.ingestTurns(
        turns("s3", "2026-02-27", [["Something in another repo", "Edited other.ts"]]),
        "claude:s3.jsonl",
        { project: join(t.root, "elsewhere") },
      );
      const after = t.brain.context({ budget: 2000, cwd: sub });
      const block = after.blocks.find((b) => b.id === "sessions");
      assert.ok(block, after.text);
      assert.equal(block.cacheable, false);
      assert.equal(
        block.text,
        [
          "## Recently in this project",
          '- 2026-02-25: "Add a staging deploy script" — files: scripts/deploy.sh',
          '- 2026-02-20: "Fix the flaky checkout test" — files: src/cart.ts, test/cart.test.ts',
        ].join("\n"),
      );
      assert.equal(prefix(after), prefix(before), "a new session never changes the cacheable prefix");
      assert.ok(after.tokens <= 2000);

      // With a query (a prompt, not a session start) there is no such block; at a tiny budget it is cut.
      assert.doesNotMatch(t.brain.context({ budget: 2000, cwd: sub, query: "deploy" }).text, /Recently in/);
      const tiny = t.brain.context({ budget: 60, cwd: sub });
      assert.ok(tiny.tokens <= 60, `${tiny.tokens}`);
    } finally {
      cleanup(t);
    }
  });

  test("a stored summary wins over the first request; at most three sessions", () => {
    const ep = (session: string, date: string, role: string, text: string) => ({
      type: "episode",
      session,
      role,
      speaker: role,
      text,
      date,
      project: "/p",
    });
    const lines = sessionLines(
      [
        ep("a", "2026-01-01T00:00:00Z", "user", "first a"),
        ep("b", "2026-01-02T00:00:00Z", "user", "first b"),
        ep("b", "2026-01-02T01:00:00Z", "summary", "Moved the queue to Redis"),
        ep("c", "2026-01-03T00:00:00Z", "user", "first c"),
        ep("d", "2026-01-04T00:00:00Z", "assistant", "no user turn here"),
      ],
      "/p/x",
    );
    assert.deepEqual(lines, [
      "- 2026-01-04: (no request recorded)",
      '- 2026-01-03: "first c"',
      "- 2026-01-02: Moved the queue to Redis",
    ]);
    assert.deepEqual(sessionLines([ep("a", "2026-01-01T00:00:00Z", "user", "x")], "/pother"), []);
  });

  test("a shown summary counts as injected: the prompt's memories beside the block (pi) do not repeat it", async () => {
    const t = tempBrain([]);
    try {
      const repo = join(t.root, "shop");
      const sub = join(repo, "api");
      fs.mkdirSync(sub, { recursive: true });
      const said = turns("s1", "2026-02-20", [["Look at the checkout queue", "It polls the database."]]);
      const text = "Moved the checkout queue from database polling to Redis streams";
      const summary = summaryTurn(said, text);
      assert.ok(summary);
      await t.brain.ingestTurns([...said, summary], "claude:s1.jsonl", { project: repo });

      const ctx = t.brain.context({ budget: 2000, cwd: sub });
      const block = ctx.blocks.find((b) => b.id === "sessions");
      assert.equal(block?.text, `## Recently in this project\n- 2026-02-20: ${text}`);
      const prompt = "did we move the checkout queue to redis streams?";
      const alone = t.brain.promptMemories(prompt, { cwd: sub, session: "s2" });
      const id = alone.hits.find((h) => h.entry?.role === "summary")?.id;
      assert.ok(id, `the summary is searchable: ${alone.text}`);
      assert.match(alone.text, /session summary: Moved the checkout queue/);
      assert.ok(ctx.injectedIds.includes(id), JSON.stringify(ctx.injectedIds));
      const beside = t.brain.promptMemories(prompt, { cwd: sub, session: "s2", exclude: ctx.injectedIds });
      assert.ok(!beside.hits.some((h) => h.id === id), beside.text);
      assert.equal(`${ctx.text}\n${beside.text}`.split(text).length - 1, 1, "shown once");
    } finally {
      cleanup(t);
    }
  });

  test("the tail reader skips a cut first line and bad lines", () => {
    const t = tempBrain([]);
    try {
      const file = join(t.root, "e.jsonl");
      const good = JSON.stringify({ type: "episode", text: "kept" });
      fs.writeFileSync(
        file,
        `${JSON.stringify({ type: "episode", text: "x".repeat(100) })}\nnot json\n${good}\n`,
      );
      assert.deepEqual(tailEntries(file, good.length + 20), [{ type: "episode", text: "kept" }]);
      assert.equal(tailEntries(file).length, 2);
      assert.deepEqual(tailEntries(join(t.root, "missing.jsonl")), []);
    } finally {
      cleanup(t);
    }
  });
});
