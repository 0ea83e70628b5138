import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { charNgrams, clip, regexTokens, sentences, tokenize, truncate } from "../../src/learn/tokens.ts";
import { fc } from "../support/fc.ts";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe("tokenize", () => {
  test("Latin words are lower-cased, accents kept, punctuation dropped", () => {
    assert.deepEqual(tokenize("Ich bevorzuge FRÜHE Rückgaben!"), ["ich", "bevorzuge", "frühe", "rückgaben"]);
  });

  test("composed and decomposed accents give the same token", () => {
    assert.deepEqual(tokenize("cafe\u0301"), tokenize("café"));
  });

  test("Chinese and Thai, written without spaces, are cut into words", () => {
    const zh = tokenize("这个仓库使用 pnpm，不是npm。");
    assert.ok(zh.includes("pnpm") && zh.includes("npm"), JSON.stringify(zh));
    assert.ok(zh.length >= 5, JSON.stringify(zh));
    assert.ok(tokenize("ภาษาไทยง่ายนิดเดียว").length >= 3);
  });

  test("the regex fallback cuts scripts without spaces into bigrams and keeps other runs whole", () => {
    assert.deepEqual(regexTokens("这个仓库 uses pnpm"), ["这个", "个仓", "仓库", "uses", "pnpm"]);
    assert.deepEqual(regexTokens("日"), ["日"]);
    assert.deepEqual(regexTokens("Привет, мир"), ["привет", "мир"]);
  });

  test("emoji and punctuation alone give no token", () => {
    assert.deepEqual(tokenize("🎉 — !!! ❤️"), []);
  });
});

describe("sentences", () => {
  test("splits after sentence punctuation of several scripts", () => {
    assert.deepEqual(sentences("No, use pnpm. It is faster! Why? 好的。我们走吧"), [
      "No, use pnpm.",
      "It is faster!",
      "Why?",
      "好的。",
      "我们走吧",
    ]);
  });
});

describe("charNgrams", () => {
  test("distinct padded n-grams of the normalised text", () => {
    assert.deepEqual([...charNgrams("Ab ab", 3)], [" ab", "ab ", "b a"]);
    assert.equal(charNgrams("!!!", 3).size, 0);
    assert.deepEqual([...charNgrams("a", 4)], [" a "]);
  });

  test("an emoji inside text is not split into surrogate halves", () => {
    for (const g of charNgrams("x𝒳y", 2)) assert.ok(!LONE_SURROGATE.test(g), g);
  });
});

describe("clip and truncate", () => {
  test("short text is kept, long text ends with an ellipsis", () => {
    assert.equal(clip("  a \n b  ", 10), "a b");
    assert.equal(truncate("abcdefghij", 5), "abcd…");
  });

  test("PROPERTY: the result fits, never splits a surrogate pair and starts like the input", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme", maxLength: 80 }),
        fc.integer({ min: 2, max: 60 }),
        (s, max) => {
          const t = truncate(s, max);
          assert.ok(t.length <= max, `${t.length} > ${max}`);
          assert.ok(!LONE_SURROGATE.test(t));
          if (t === s) return;
          assert.ok(t.endsWith("…"));
          assert.ok(s.startsWith(t.slice(0, -1)));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
