/** What makes one sentence a restatement of another (src/recall/sentence-terms.ts), as properties. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { terms } from "../../src/recall/analyze.ts";
import { BOILERPLATE_WEIGHT } from "../../src/recall/preview.ts";
import { keySentences, restates, sentenceTerms } from "../../src/recall/sentence-terms.ts";
import { fc } from "../support/fc.ts";

const RARE = ["woodhaven", "millbrook", "ashford", "glenrock", "pinecrest", "harrowgate"];
/** Rare words weigh 6, any other 2; `common` words (said everywhere) weigh 0.5. */
function weights(common: readonly string[]): (t: string) => number {
  const low = new Set(common.flatMap((w) => terms(w)));
  const rare = new Set(RARE.flatMap((w) => terms(w)));
  return (t) => (rare.has(t) ? 6 : low.has(t) ? 0.5 : 2);
}

test("a sentence said again with one value changed restates it; sharing a few words does not", () => {
  fc.assert(
    fc.property(fc.uniqueArray(fc.constantFrom(...RARE), { minLength: 2, maxLength: 2 }), ([a, b]) => {
      const w = weights([]);
      const said = sentenceTerms(`I went to ${a}, a small town in the Midwest with an old library.`);
      const again = sentenceTerms(
        `Quick update: I went to ${b}, a small town in the Midwest with an old library.`,
      );
      assert.ok(restates(said, again, 0.5, w));
      const other = sentenceTerms(`I drove past ${b} on the way to the library.`);
      assert.ok(!restates(said, other, 0.5, w));
    }),
  );
});

test("a template said in every message (words of little weight) is no restatement, however alike", () => {
  fc.assert(
    fc.property(fc.constantFrom("config file", "build script", "test suite", "parser"), (n) => {
      const template = `Let me look at the ${n} before changing anything else in the ${n} today.`;
      const w = weights(terms(template));
      assert.ok(!restates(sentenceTerms(template), sentenceTerms(template), 0.5, w));
    }),
  );
});

test("an attachment's caption in square brackets is not a sentence: the same photo is no restatement", () => {
  const w = weights([]);
  const caption = "[image: a photo of a basketball ball on the ground with a basketball hoop behind it]";
  const a = sentenceTerms(`Great game yesterday! ${caption}`);
  const b = sentenceTerms(`My knee still hurts. ${caption}`);
  assert.ok(!restates(a, b, 0.5, w));
  assert.ok(!restates(keySentences(a, new Set(), w), b, 0.5, w));
});

/** The rule as first written: every term of every sentence weighed (restatesOne before it counted first). */
function restatesReference(
  keys: readonly ReadonlySet<string>[],
  sentences: readonly ReadonlySet<string>[],
  min: number,
  weight: (t: string) => number,
): boolean {
  return keys.some((key) => {
    let keyWeight = 0;
    for (const t of key) keyWeight += weight(t);
    for (const s of sentences) {
      if (s.size < 4) continue;
      let both = 0;
      let shared = 0;
      let own = 0;
      for (const t of s) {
        const w = weight(t);
        own += w;
        if (key.has(t)) {
          both++;
          shared += w;
        }
      }
      if (both < 4 || shared / both < BOILERPLATE_WEIGHT) continue;
      if (keyWeight + own > 0 && (2 * shared) / (keyWeight + own) >= min) return true;
    }
    return false;
  });
}

test("restates, weighing only sentences that share enough terms, decides as weighing them all", () => {
  const term = fc.constantFrom(..."abcdefghijkl".split(""));
  const sentence = fc.uniqueArray(term, { maxLength: 9 }).map((a) => new Set(a));
  fc.assert(
    fc.property(
      fc.array(sentence, { minLength: 1, maxLength: 3 }),
      fc.array(sentence, { maxLength: 5 }),
      fc.dictionary(term, fc.double({ min: 0, max: 6, noNaN: true })),
      fc.constantFrom(0.3, 0.5, 0.7),
      (keys, sentences, weights, min) => {
        const w = (t: string) => weights[t] ?? 0;
        assert.equal(restates(keys, sentences, min, w), restatesReference(keys, sentences, min, w));
      },
    ),
    { numRuns: 500 },
  );
});
