import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { dice, NEAR_DUP_THRESHOLD, NearDupIndex, similarity } from "../../src/learn/near-dup.ts";
import { fc } from "../support/fc.ts";

describe("similarity", () => {
  test("identical after normalisation is 1; unrelated is near 0", () => {
    assert.equal(similarity("This repo uses PNPM.", "this repo uses pnpm"), 1);
    assert.ok(similarity("This repo uses pnpm", "Deploys need AWS_PROFILE=prod") < 0.15);
  });

  test("a reworded memory is close, a different fact with shared words is not", () => {
    assert.ok(
      similarity("This repo uses pnpm, not npm", "This repo uses pnpm and not npm") >= NEAR_DUP_THRESHOLD,
    );
    assert.ok(similarity("This repo uses pnpm", "This repo uses yarn") < NEAR_DUP_THRESHOLD);
  });

  test("dice of two empty sets is 1, of one empty set 0", () => {
    assert.equal(dice(new Set(), new Set()), 1);
    assert.equal(dice(new Set(["abc"]), new Set()), 0);
  });

  test("works for scripts without spaces", () => {
    assert.ok(
      similarity("这个仓库使用pnpm而不是npm", "这个仓库使用 pnpm，而不是 npm。") >= NEAR_DUP_THRESHOLD,
    );
  });
});

describe("NearDupIndex", () => {
  const idx = () => {
    const i = new NearDupIndex();
    i.add("a", "This repo uses pnpm, not npm");
    i.add("b", "The deploy script requires AWS_PROFILE=prod");
    i.add("c", "API endpoints use snake_case");
    return i;
  };

  test("returns the id of the near-duplicate with its similarity", () => {
    const m = idx().best("this repo uses pnpm and not npm!");
    assert.equal(m?.id, "a");
    assert.ok((m?.similarity ?? 0) >= NEAR_DUP_THRESHOLD && (m?.similarity ?? 1) < 1);
  });

  test("nothing above the threshold → undefined; a lower threshold finds it", () => {
    const i = idx();
    assert.equal(i.best("The deploy script needs credentials"), undefined);
    assert.equal(i.best("The deploy script needs credentials", 0.4)?.id, "b");
  });

  test("remove and replace update the index", () => {
    const i = idx();
    i.remove("a");
    assert.equal(i.best("This repo uses pnpm, not npm"), undefined);
    i.add("b", "This repo uses pnpm, not npm");
    assert.equal(i.best("This repo uses pnpm, not npm")?.id, "b");
    assert.equal(i.best("The deploy script requires AWS_PROFILE=prod"), undefined);
    assert.equal(i.size, 2);
  });

  test("ties go to the entry added first; text without words is never indexed nor matched", () => {
    const i = new NearDupIndex();
    i.add("x", "same text");
    i.add("y", "Same text!");
    i.add("e", "🎉🎉");
    assert.deepEqual(i.best("same text"), { id: "x", similarity: 1 });
    assert.equal(i.size, 2);
    assert.equal(i.best("🎉🎉"), undefined);
  });

  test("the threshold must be in (0, 1]", () => {
    assert.throws(() => idx().best("x", 0), RangeError);
    assert.throws(() => idx().best("x", 1.1), RangeError);
  });

  test("PROPERTY: the indexed lookup finds exactly what comparing against every entry finds", () => {
    const vocab = [
      "pnpm",
      "npm",
      "repo",
      "uses",
      "deploy",
      "script",
      "the",
      "api",
      "snake_case",
      "prod",
      "café",
      "仓库",
    ];
    const phrase = fc
      .array(fc.constantFrom(...vocab), { minLength: 1, maxLength: 7 })
      .map((w) => w.join(" "));
    fc.assert(
      fc.property(
        fc.array(phrase, { maxLength: 40 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        phrase,
        fc.double({ min: 0.05, max: 1, noNaN: true }),
        (texts, removals, query, t) => {
          const i = new NearDupIndex();
          texts.forEach((s, k) => {
            i.add(`m${k % 25}`, s);
          });
          for (const r of removals) i.remove(`m${r % 30}`);
          const fast = i.best(query, t);
          const slow = i.bestNaive(query, t);
          assert.deepEqual(fast, slow);
          if (fast) assert.equal(fast.similarity >= t, true);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
