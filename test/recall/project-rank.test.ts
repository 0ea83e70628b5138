/**
 * Per-project memory (issue 13): episodes carry the project they were learned in, and a search from inside a
 * project ranks that project's episodes above another project's equally relevant ones.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import type { Turn } from "../../src/core/episode.ts";
import { episodePrior } from "../../src/recall/recall.ts";
import { cleanup, tempBrain } from "../context/_fixtures.ts";

const turn = (session: string, text: string): Turn => ({
  session,
  turn: "0",
  speaker: "user",
  role: "user",
  text,
  date: "2026-03-01T10:00:00.000Z",
});

test("a search from inside a project ranks its own episodes first", async () => {
  const t = tempBrain([], {});
  try {
    const shop = join(t.root, "shop");
    const blog = join(t.root, "blog");
    const text = "The staging database migrations run with the deploy script";
    await t.brain.ingestTurns([turn("s-shop", text)], "claude:shop.jsonl", { project: shop });
    await t.brain.ingestTurns([turn("s-blog", text)], "claude:blog.jsonl", { project: blog });
    const first = (cwd: string) => {
      const hits = t.brain.search("staging database migrations", { cwd, types: ["episode"] }).hits;
      assert.equal(hits.length, 2);
      return hits[0]?.entry.project;
    };
    assert.equal(first(join(shop, "src")), shop);
    assert.equal(first(blog), blog);
  } finally {
    cleanup(t);
  }
});

test("the episode prior: own project above neutral above another project; untagged stays neutral", () => {
  assert.equal(episodePrior("/r/shop", "/r/shop"), 0.75);
  assert.equal(episodePrior("/r/shop", "/r/shop/src/a"), 0.75);
  assert.equal(episodePrior("/r/shop", "/r/shopping"), 0.25, "a name prefix is not a parent directory");
  assert.equal(episodePrior(undefined, "/r/shop"), 0.5);
  assert.equal(episodePrior("", "/r/shop"), 0.5);
});
