/**
 * `brain search`'s order (src/recall/search.ts toSearchResult): best share of the query's terms first, ties in
 * the ranking's order, capped by `limit`, below `minScore` left out — the same hits as the plain stable sort it
 * replaced, for any ranking.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { Rec } from "../../src/core/rec.ts";
import { toSearchResult } from "../../src/recall/search.ts";
import type { Recalled } from "../../src/recall/types.ts";
import { fc } from "../support/fc.ts";

/** The order as it was written before: a comparator sort of every matching hit. */
function plain(recalled: Recalled[], limit: number, min: number): [string, number][] {
  return recalled
    .filter((r) => r.matched > 0)
    .map((r, i) => ({ r, i, score: Math.round(Math.min(1, r.matched) * 1000) / 1000 }))
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .filter((x) => x.score >= min)
    .slice(0, limit)
    .map((x) => [x.r.rec.id, x.score]);
}

test("PROPERTY: search's hits are the plain stable sort's, for any shares, limit and minimum", () => {
  fc.assert(
    fc.property(
      fc.array(
        fc.oneof(
          fc.constantFrom(0, 1 / 3, 0.5, 2 / 3, 1, 1.5, Number.NaN),
          fc.double({ min: -1, max: 2, noNaN: true }),
        ),
        { maxLength: 80 },
      ),
      fc.integer({ min: 0, max: 90 }),
      fc.constantFrom(0, 0.3, 0.5, 0.667, 1),
      (shares, limit, minScore) => {
        const recalled: Recalled[] = shares.map((matched, i) => ({
          rec: Rec.fromEntry({
            id: `e${i}`,
            type: "learning",
            text: `entry ${i}`,
            created: "2026-01-01T00:00:00Z",
          }),
          kind: "learning",
          score: 1,
          matched,
        }));
        const got = toSearchResult("q", { recalled, total: recalled.length }, { limit, minScore });
        assert.deepEqual(
          got.hits.map((h) => [h.id, h.score]),
          plain(recalled, Math.min(limit, 1000), minScore),
        );
      },
    ),
    { numRuns: 300 },
  );
});
