import assert from "node:assert/strict";
import { test } from "node:test";
import { buildVariant, type LocomoSample, MERGE_WINDOW } from "../../bench/recall/variants.ts";
import {
  answerEligible,
  answerWords,
  evidencePhrases,
  hasPhrase,
  haystack,
} from "../../bench/recall/visible.ts";

const visible = (context: string, core: string, answer: unknown) =>
  evidencePhrases(core, answerWords(answer)).some((p) => hasPhrase(haystack(context), p));

test("an answer counts only as whole words, ignoring case and punctuation", () => {
  const h = haystack("- [2023-05-08] Mel: I painted a Lake-Sunrise, last year.");
  assert.ok(hasPhrase(h, answerWords("lake sunrise")));
  assert.ok(!hasPhrase(h, answerWords("sun")));
  assert.ok(!hasPhrase(h, answerWords("")));
});

test("evidence with the answer is visible when the answer and its words around it are shown", () => {
  const core = "We went camping last weekend. The kids loved the pottery class in the village afterwards.";
  assert.ok(visible("- …The kids loved the pottery class in the village…", core, "pottery class"));
  // The same words from another turn do not make this one visible.
  assert.ok(!visible("- I signed up for a pottery class yesterday.", core, "pottery class"));
});

test("evidence without the answer verbatim needs the sentence sharing most answer words, else the whole turn", () => {
  const core = "Hey! Long time. I went to the support group last Sunday and it was so powerful.";
  assert.ok(
    visible(
      "- …I went to the support group last Sunday and it was so powerful.",
      core,
      "The sunday before 25 May",
    ),
  );
  assert.ok(!visible("- Hey! Long time.…", core, "The sunday before 25 May"));
  assert.ok(!visible("- …I went to the support group last Sunday and it was so powerful.", core, undefined));
  assert.ok(visible(`- ${core}`, core, undefined));
});

test("answer-in-context applies only when the answer is in an evidence turn and not in the question", () => {
  assert.ok(answerEligible("What did Mel paint?", answerWords("a sunrise"), ["Mel painted a sunrise."]));
  assert.ok(
    !answerEligible("Did Mel paint a sunrise?", answerWords("a sunrise"), ["Mel painted a sunrise."]),
  );
  assert.ok(!answerEligible("What did Mel paint?", answerWords("a sunset"), ["Mel painted a sunrise."]));
  assert.ok(!answerEligible("What did Mel paint?", [], ["Mel painted a sunrise."]));
});

const sample: LocomoSample = {
  sample_id: "s",
  conversation: {
    speaker_a: "A",
    speaker_b: "B",
    session_1_date_time: "1:56 pm on 8 May, 2023",
    session_1: Array.from({ length: 10 }, (_, i) => ({
      speaker: i % 2 ? "B" : "A",
      dia_id: `D1:${i + 1}`,
      text: `turn ${i + 1} text`,
      ...(i === 2 ? { blip_caption: "a photo of a cat" } : {}),
    })),
  },
  qa: [],
};

test("merged variant: each window's turns become one message per speaker, pointers remapped", () => {
  const b = buildVariant(sample, "merged", 1);
  const turns = b.sample.conversation.session_1 as { speaker: string; dia_id: string; text: string }[];
  assert.equal(turns.length, 4); // 8 turns → A, B; 2 turns → A, B
  assert.equal(turns[0]?.text, "turn 1 text turn 3 text [image: a photo of a cat] turn 5 text turn 7 text");
  assert.deepEqual(b.turns.get("D1:3"), { dia: "D1:1", core: "turn 3 text [image: a photo of a cat]" });
  assert.equal(b.turns.get("D1:10")?.dia, "D1:4");
  assert.equal(MERGE_WINDOW, 8);
});

test("assistant variant: each turn sits whole inside generated text, the same for the same seed", () => {
  const b = buildVariant(sample, "assistant", 7);
  const turns = b.sample.conversation.session_1 as { text: string }[];
  for (const [i, t] of turns.entries()) {
    assert.ok(t.text.includes(`turn ${i + 1} text`));
    assert.ok(t.text.length > 300);
  }
  assert.deepEqual(buildVariant(sample, "assistant", 7).sample, b.sample);
  assert.notDeepEqual(buildVariant(sample, "assistant", 8).sample, b.sample);
});
