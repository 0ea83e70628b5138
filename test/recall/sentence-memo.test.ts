/**
 * A turn's sentences are analysed once and kept (src/recall/sentence-terms.ts): the kept answer is the one a fresh
 * analysis gives, a purge (every projection dropped) lets go of every kept text — a forgotten turn's words
 * stay in no memo of a long-lived server — and long turns are kept within a bound of characters.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { Brain } from "../../src/index.ts";
import { forgetSentences, sentenceTerms } from "../../src/recall/sentence-terms.ts";
import { fc, SEED } from "../support/fc.ts";

const sentence = fc
  .array(
    fc.constantFrom("Ada", "went", "to", "Millbrook", "a", "small", "town", "[image: a photo]", "is", "it"),
    {
      minLength: 1,
      maxLength: 8,
    },
  )
  .chain((ws) => fc.constantFrom(".", "?", "!", "\n").map((end) => `${ws.join(" ")}${end}`));

test("PROPERTY: a kept analysis is a fresh one's", (t) => {
  t.diagnostic(`fast-check seed ${SEED}`);
  fc.assert(
    fc.property(fc.array(sentence, { minLength: 1, maxLength: 6 }), (parts) => {
      const text = parts.join(" ");
      const kept = sentenceTerms(text);
      assert.equal(sentenceTerms(text), kept, "asked again, the kept answer");
      forgetSentences();
      const fresh = sentenceTerms(text);
      assert.notEqual(fresh, kept);
      assert.deepEqual(
        fresh.map((s) => [...s]),
        kept.map((s) => [...s]),
      );
    }),
  );
});

test("dropping a brain's projections (as a purge does) lets go of the kept analyses", (t) => {
  const dir = fs.mkdtempSync(join(tmpdir(), "brain-sentence-memo-"));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const brain = Brain.open({ path: join(dir, "brain.jsonl"), cwd: dir, seedDefault: false });
  t.after(() => brain.close());
  const text = "The staging password rotates every Tuesday at noon.";
  const kept = sentenceTerms(text);
  brain.recallFacet.drop();
  assert.notEqual(sentenceTerms(text), kept);
});

test("what is kept is bounded by characters, not only by count: long turns do not pile up", () => {
  forgetSentences();
  const first = "Ada went to Millbrook, a small town.";
  const kept = sentenceTerms(first);
  // 300 long turns (8 000 characters each): far fewer than the count bound, more than the characters'.
  for (let i = 0; i < 300; i++) sentenceTerms(`${`word${i} `.repeat(1000).slice(0, 7990)}.`);
  assert.notEqual(sentenceTerms(first), kept, "the first text was let go");
});
