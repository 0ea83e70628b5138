/** What makes one sentence a restatement of another (src/recall/sentence-terms.ts), as properties. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { terms } from "../../src/recall/analyze.ts";
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
