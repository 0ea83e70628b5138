/** `searchMemories`, the lexical search behind Brain.search (until a relevance index replaces it). */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { foldEntries } from "../../src/core/fold.ts";
import { queryTerms, searchMemories } from "../../src/search.ts";

const at = "2026-01-01T00:00:00.000Z";
const state = foldEntries([
  { id: "l0000001", type: "learning", text: "The staging cluster is called kite", created: at },
  { id: "l0000002", type: "learning", text: "Deploys go through the staging cluster first", created: at },
  { id: "l0000003", type: "learning", text: "Use C++ (not C) for the [core] module", created: at },
  { id: "p0000001", type: "preference", category: "Code", text: "Prefer early returns", created: at },
  { id: "b0000001", type: "behavior", category: "do", text: "Mention kite when deploying", created: at },
  { id: "l0000004", type: "learning", text: "CAFÉ is the office wifi name", created: at },
]);

describe("searchMemories", () => {
  it("ranks by the share of rare query terms matched", () => {
    const r = searchMemories(state, "which staging cluster is kite?");
    assert.deepEqual(
      r.hits.map((h) => h.id),
      ["l0000001", "l0000002", "b0000001"],
    );
    assert.ok(r.hits[0]!.score > r.hits[1]!.score && r.hits[1]!.score > r.hits[2]!.score);
    assert.equal(r.total, 3);
  });

  it("drops stop words and one-letter words from the query", () => {
    assert.deepEqual(queryTerms("What is the kite cluster, a b?"), ["kite", "cluster"]);
  });

  it("filters by type, limit and minimum score", () => {
    assert.deepEqual(
      searchMemories(state, "kite", { types: ["learning"] }).hits.map((h) => h.id),
      ["l0000001"],
    );
    assert.equal(searchMemories(state, "staging cluster", { limit: 1 }).hits.length, 1);
    const strict = searchMemories(state, "kite deploys staging cluster lisbon", { minScore: 0.6 });
    assert.ok(strict.hits.every((h) => h.score >= 0.6));
  });

  it("treats regex characters literally and folds case", () => {
    assert.deepEqual(
      searchMemories(state, "c++ [core]").hits.map((h) => h.id),
      ["l0000003"],
    );
    assert.deepEqual(
      searchMemories(state, "café").hits.map((h) => h.id),
      ["l0000004"],
    );
    assert.deepEqual(searchMemories(state, "x|y").hits, []);
    assert.deepEqual(searchMemories(state, "   ").hits, []);
  });
});
