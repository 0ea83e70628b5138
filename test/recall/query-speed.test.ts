/**
 * The faster ways a query computes what it computed before (issue 24, a year of sessions) give the same
 * answers as the plain ones, for any input: the k-th best score without sorting every score (bm25.ts), and which
 * turns restate a key sentence through the pool's sentences indexed by term (restate-index.ts vs `restates`).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { kthLargest } from "../../src/recall/kth-largest.ts";
import { RestateIndex } from "../../src/recall/restate-index.ts";
import { restates } from "../../src/recall/sentence-terms.ts";
import { fc } from "../support/fc.ts";

test("kthLargest is the k-th value from the top of the sorted scores, duplicates counted", () => {
  fc.assert(
    fc.property(
      fc.array(fc.oneof(fc.constantFrom(0, 1, 1.5, 2), fc.double({ min: 0, max: 50, noNaN: true })), {
        minLength: 1,
        maxLength: 60,
      }),
      fc.nat(),
      (values, kSeed) => {
        const xs = Float64Array.from(values);
        const k = 1 + (kSeed % xs.length);
        const sorted = Float64Array.from(values).sort();
        assert.equal(kthLargest(xs, k), sorted[sorted.length - k]);
      },
    ),
  );
});

// Few terms, so sentences share many of them; weights of every size, some under the boilerplate mean.
const TERMS = "ab cd ef gh ij kl mn op qr st uv wx".split(" ");
const sentence = fc
  .uniqueArray(fc.constantFrom(...TERMS), { minLength: 0, maxLength: 9 })
  .map((a) => new Set(a));
const turn = fc.array(sentence, { maxLength: 4 });

test("RestateIndex finds exactly the wanted turns `restates` says restate the keys", () => {
  fc.assert(
    fc.property(
      fc.array(turn, { maxLength: 12 }),
      fc.array(sentence, { minLength: 1, maxLength: 4 }),
      fc.array(fc.constantFrom(0, 0.4, 1, 1.6, 2.5, 7.25), {
        minLength: TERMS.length,
        maxLength: TERMS.length,
      }),
      fc.constantFrom(0.3, 0.5, 0.7),
      fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
      (turns, keys, ws, min, wanted) => {
        const weight = (t: string) => ws[TERMS.indexOf(t)] as number;
        const index = new RestateIndex(turns, weight);
        // Asked twice with other keys between: what the index caches does not change an answer.
        for (const ks of [keys, keys.slice(1), keys]) {
          const found = index.restating(ks, min, (i) => wanted[i] === true);
          const expected = turns.flatMap((s, i) => (wanted[i] && restates(ks, s, min, weight) ? [i] : []));
          assert.deepEqual(
            [...found].sort((a, b) => a - b),
            expected,
          );
        }
      },
    ),
  );
});
