import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { foldEntries } from "../../src/core/fold.ts";
import { approxTokens, dedupText, normalizeText } from "../../src/core/text.ts";
import { fc } from "../support/fc.ts";

const C = "2026-01-15T00:00:00.000Z";

describe("normalizeText", () => {
  test("case is folded: 'Uses PNPM' == 'uses pnpm'", () => {
    assert.equal(normalizeText("Uses PNPM"), "uses pnpm");
  });

  test("punctuation becomes word breaks and is trimmed at the ends", () => {
    assert.equal(normalizeText("This repo uses pnpm, not npm!"), "this repo uses pnpm not npm");
    assert.equal(normalizeText("...uses--pnpm..."), "uses pnpm");
  });

  test("whitespace of every kind (tabs, newlines, NBSP, U+2028) collapses to one space", () => {
    assert.equal(normalizeText("  uses\t\tpnpm\n\u00a0not \u2028 npm  "), "uses pnpm not npm");
  });

  test("'café', 'CAFÉ' and decomposed 'cafe\\u0301' normalise identically and keep the accent", () => {
    const composed = normalizeText("café");
    assert.equal(composed, "café");
    assert.equal(normalizeText("CAFÉ"), composed);
    assert.equal(normalizeText("cafe\u0301"), composed);
    assert.notEqual(composed, normalizeText("cafe"));
  });

  test("CJK text is kept (not erased as Rho's [a-z0-9] rule would) and ignores punctuation", () => {
    const a = normalizeText("这个仓库使用 pnpm");
    assert.equal(a, "这个仓库使用 pnpm");
    assert.equal(normalizeText("「这个仓库使用 pnpm」。"), a);
    assert.equal(normalizeText("这个仓库使用，pnpm！"), a);
    assert.notEqual(normalizeText("这个仓库使用 npm"), a);
  });

  test("emoji-only text normalises to '' (with variation selectors, skin tones, ZWJ and flags)", () => {
    for (const s of ["🎉🚀", "❤️", "☀️ ❤️", "👍🏽", "👨‍👩‍👧", "🇫🇷", "✨ ✨"]) {
      assert.equal(normalizeText(s), "", JSON.stringify(s));
    }
  });

  test("emoji beside words are dropped but the words stay", () => {
    assert.equal(normalizeText("ship it 🚀❤️"), "ship it");
  });

  test("letters with combining marks in other scripts survive (Devanagari, Hangul)", () => {
    assert.equal(normalizeText("हिन्दी"), "हिन्दी");
    assert.equal(normalizeText("\u1100\u1161"), "가"); // conjoining jamo compose under NFKC
  });

  test("PROPERTY: normalizeText is idempotent on any Unicode string", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 30 }), (s) => {
        const once = normalizeText(s);
        assert.equal(normalizeText(once), once);
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 30 }), (s) => {
        const once = normalizeText(s);
        assert.equal(normalizeText(once), once);
      }),
      { numRuns: 2000 },
    );
  });

  test("PROPERTY: the result never has leading, trailing or doubled spaces, nor upper case", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 30 }), (s) => {
        const n = normalizeText(s);
        assert.equal(n.trim(), n);
        assert.ok(!n.includes("  "));
        assert.equal(n.toLowerCase(), n);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("dedup (fold.hasText over dedupText)", () => {
  const state = foldEntries([
    { id: "l1", type: "learning", text: "This repo uses pnpm, not npm", created: C },
    { id: "p1", type: "preference", category: "Code", text: "Café au lait", created: C },
    { id: "t1", type: "task", description: "这个仓库使用 pnpm", created: C },
    { id: "e1", type: "learning", text: "🎉🎉", created: C },
  ]);

  test("text differing only in case, punctuation and spacing is a duplicate", () => {
    assert.ok(state.hasText(dedupText({ text: "THIS repo uses   pnpm -- not npm." })));
  });

  test("accents compare equal whether composed or decomposed, and across types", () => {
    assert.ok(state.hasText(dedupText({ text: "CAFE\u0301 AU LAIT" })));
  });

  test("a task description counts (Rho dedups on text, else description)", () => {
    assert.ok(state.hasText(dedupText({ text: "这个仓库使用 pnpm。" })));
  });

  test("different text is not a duplicate", () => {
    assert.equal(state.hasText(dedupText({ text: "This repo uses yarn" })), false);
    assert.equal(state.hasText(dedupText({ text: "cafe au lait" })), false);
  });

  test("emoji-only text is never a duplicate, even of itself", () => {
    assert.equal(dedupText({ text: "🎉🎉" }), "");
    assert.equal(state.hasText(dedupText({ text: "🎉🎉" })), false);
    assert.equal(state.hasText(dedupText({ text: "❤️" })), false);
  });

  test("dedupText prefers text over description and tolerates neither", () => {
    assert.equal(dedupText({ text: "A", description: "B" }), "a");
    assert.equal(dedupText({ description: "B!" }), "b");
    assert.equal(dedupText({ value: 1 }), "");
  });
});

test("approxTokens is ceil(chars / 4), as Rho estimates", () => {
  assert.deepEqual(
    [approxTokens(""), approxTokens("abc"), approxTokens("abcd"), approxTokens("abcde")],
    [0, 1, 1, 2],
  );
});
