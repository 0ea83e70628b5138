/** fitItems, the item-granular cut every section goes through (src/core/budget/fit.ts). */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { fitItems, MIN_SHORTENED } from "../../src/core/budget/fit.ts";
import type { Item } from "../../src/core/budget/types.ts";
import { fc } from "../support/fc.ts";

const items = (texts: string[]): Item[] => texts.map((text, i) => ({ text, entryIds: [`e${i}`] }));
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe("fitItems", () => {
  test("property: never exceeds the budget; kept + cut + unexamined = total; lines = header, kept, marker", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: "grapheme", maxLength: 120 }), { maxLength: 40 }),
        fc.integer({ min: 0, max: 3000 }),
        fc.boolean(),
        fc.boolean(),
        (texts, budget, contiguous, exhaustive) => {
          const f = fitItems("## H", items(texts), texts.length, budget, contiguous, exhaustive);
          const text = f.lines.join("\n");
          assert.ok(text.length <= budget, `${text.length} > ${budget}`);
          assert.ok(f.used <= budget && (f.lines.length === 0 || f.used === text.length + 1));
          assert.equal(
            f.kept.length + f.cut.filter((c) => c.reason !== "truncated").length + f.unexamined,
            texts.length,
          );
          if (exhaustive) assert.equal(f.unexamined, 0);
          assert.ok(!LONE_SURROGATE.test(text), "a cut split a surrogate pair");
          if (f.lines.length === 0) return;
          assert.equal(f.lines[0], "## H");
          const omitted = texts.length - f.kept.length;
          if (omitted > 0) assert.equal(f.lines.at(-1), `(…${omitted} more omitted)`);
          else assert.equal(f.lines.length, texts.length + 1);
          // A contiguous section keeps a prefix of its items, in order.
          if (contiguous)
            f.kept.forEach((k, i) => {
              const orig = texts[i] as string;
              assert.ok(
                k.text === orig || (i === 0 && k.text.endsWith("…") && orig.startsWith(k.text.slice(0, -1))),
              );
            });
        },
      ),
      { numRuns: 1000 },
    );
  });

  test("truncating a first line never splits an emoji (surrogate pair)", () => {
    let truncated = 0;
    for (let budget = 20; budget < 80; budget++) {
      const f = fitItems("## H", items(["🎉".repeat(100)]), 1, budget, true);
      const text = f.lines.join("\n");
      assert.ok(!LONE_SURROGATE.test(text), `budget ${budget}: ${JSON.stringify(text)}`);
      assert.ok(text.length <= budget);
      if (f.cut[0]?.reason === "truncated") truncated++;
    }
    assert.ok(truncated > 40, `only ${truncated} budgets truncated`);
  });

  test("a ranked section skips an item too long for what is left and keeps smaller ones", () => {
    const f = fitItems("## L", items(["a".repeat(50), "short", "b".repeat(50), "tiny"]), 4, 60, false);
    assert.deepEqual(
      f.kept.map((k) => k.text),
      ["short", "tiny"],
    );
    assert.deepEqual(f.lines, ["## L", "short", "tiny", "(…2 more omitted)"]);
  });

  test("a contiguous section stops at the first misfit", () => {
    const f = fitItems("## F", items(["one", "x".repeat(50), "two"]), 3, 40, true);
    assert.deepEqual(f.lines, ["## F", "one", "(…2 more omitted)"]);
  });

  test("a budget cut says how many characters it lacked (the viewer's 'needed N more tokens')", () => {
    // 30 would hold both; of 28, header 5 + marker "(…2 more omitted)" 18 leave 5: "aaaa" takes them, and
    // the next line's 20 lack 20.
    const f = fitItems("## H", items(["aaaa", "b".repeat(19)]), 2, 28, false);
    assert.deepEqual(f.lines, ["## H", "aaaa", "(…1 more omitted)"]);
    assert.deepEqual(
      f.cut.map((c) => [c.reason, c.short]),
      [["budget", 20]],
    );
  });

  test("property: every number a cut gives is at least one character", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 80 }), { maxLength: 30 }),
        fc.integer({ min: 0, max: 1500 }),
        fc.boolean(),
        (texts, budget, contiguous) => {
          const f = fitItems("## H", items(texts), texts.length, budget, contiguous, true);
          for (const c of f.cut) assert.ok(c.short === undefined || c.short >= 1, JSON.stringify(c));
        },
      ),
    );
  });

  test("property: a ranked item too long for what is left shows its shorter form, not a later smaller item", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 2 * MIN_SHORTENED, max: 1500 }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 300, max: 6000 }),
        (lengths, budget) => {
          const list: Item[] = lengths.map((n, i) => {
            const text = `${i}:`.padEnd(n, "x");
            return {
              text,
              entryIds: [`e${i}`],
              shorten: (chars: number) =>
                chars < text.length ? { text: text.slice(0, chars), entryIds: [`e${i}`] } : undefined,
            };
          });
          const f = fitItems("## H", list, list.length, budget, false);
          const text = f.lines.join("\n");
          assert.ok(text.length <= budget, `${text.length} > ${budget}`);
          // What is kept is the ranking's first items, in order, each whole but the last, which may be shortened.
          f.kept.forEach((k, i) => {
            assert.deepEqual(k.entryIds, [`e${i}`], "an item was skipped for a later one");
            const whole = (list[i] as Item).text;
            if (i < f.kept.length - 1) assert.equal(k.text, whole);
            else assert.ok(whole.startsWith(k.text));
          });
          const omitted = list.length - f.kept.length;
          if (omitted > 0) assert.equal(f.lines.at(-1), `(…${omitted} more omitted)`);
        },
      ),
    );
  });
});
