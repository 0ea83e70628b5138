import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  Curator,
  type CuratorItem,
  DEFAULT_THRESHOLD,
  features,
  MIN_SEED_TEXTS,
  WEIGHTS,
} from "../../src/learn/curator/curator.ts";
import { FifoBag } from "../../src/learn/curator/fifo.ts";
import { clampedZ, emptyGauss, gaussScore, gaussUpdate } from "../../src/learn/curator/gaussian.ts";
import { djb2, duplicateKey } from "../../src/learn/curator/hash.ts";
import { CAPS } from "../../src/learn/curator/state.ts";
import { fc } from "../support/fc.ts";

const at = { hourOfDay: 10, dayOfWeek: 2 };
const item = (prompt: string, response: string, extra: Partial<CuratorItem> = {}): CuratorItem => ({
  prompt,
  response,
  ...at,
  ...extra,
});

/** Deterministic pseudo-random words (a 32-bit LCG), for volume tests. */
function words(seed: number, count: number): string {
  let x = seed >>> 0 || 1;
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    out.push(x.toString(36));
  }
  return out.join(" ");
}

const MEMORIES = [
  "This workspace installs packages with pnpm",
  "The deploy script needs the production AWS profile",
  "Tests run with node's built-in runner through tsx",
  "Endpoints of the public API use snake_case",
  "Releases are tagged from the main branch",
  "The user prefers early returns over nested conditionals",
];

describe("djb2 duplicate key", () => {
  test("djb2 matches the classic definition on known values", () => {
    assert.equal(djb2(""), 5381);
    assert.equal(djb2("a"), 5381 * 33 + 97);
    assert.equal(djb2("ab"), ((5381 * 33 + 97) * 33 + 98) >>> 0);
  });

  test("the key covers the first 200 characters of the normalised text", () => {
    const head = "x".repeat(200);
    assert.equal(duplicateKey(`${head} one`), duplicateKey(`${head} two`));
    assert.notEqual(duplicateKey(`${"x".repeat(198)} one`), duplicateKey(`${"x".repeat(198)} two`));
    assert.equal(duplicateKey("Use PNPM!"), duplicateKey("use pnpm"));
    assert.equal(duplicateKey("🎉 !!!"), undefined);
  });
});

describe("FifoBag", () => {
  test("keeps the newest `cap` items and forgets the oldest", () => {
    const b = new FifoBag<string>(3);
    for (const x of ["a", "b", "a", "c", "d"]) b.push(x);
    assert.deepEqual(b.toArray(), ["a", "c", "d"]);
    assert.ok(b.has("a") && !b.has("b"));
    b.push("e");
    assert.ok(!b.has("a"), "the last copy of a left");
    assert.deepEqual(FifoBag.from(3, ["z", ...b.toArray()]).toArray(), b.toArray());
  });

  test("PROPERTY: membership equals membership in the last `cap` pushes", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 60 }),
        (cap, xs) => {
          const b = new FifoBag<number>(cap);
          for (const x of xs) b.push(x);
          const tail = xs.slice(-cap);
          assert.deepEqual(b.toArray(), tail);
          for (let v = 0; v < 10; v++) assert.equal(b.has(v), tail.includes(v));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("EMA-Gaussian", () => {
  test("z-scores are clamped to [0, 5]", () => {
    assert.equal(clampedZ(10, 0, 1), 5);
    assert.equal(clampedZ(-3, 0, 1), 0);
    assert.equal(clampedZ(2, 0, 4), 1);
    assert.equal(clampedZ(1, 1, 0), 0);
    assert.equal(clampedZ(2, 1, 0), 5);
  });

  test("the first two samples give their exact mean and (population) variance", () => {
    let g = gaussUpdate(emptyGauss(), [10, 0, 0, 0, 0, 0], 0.05);
    assert.equal(gaussScore(g, [99, 0, 0, 0, 0, 0]), 0, "no surprise before a variance exists");
    g = gaussUpdate(g, [20, 0, 0, 0, 0, 0], 0.05);
    assert.equal(g.mean[0], 15);
    assert.equal(g.variance[0], 25);
    // z of 25 is 2 on one feature of six: 2 / (6 × 5).
    assert.equal(gaussScore(g, [25, 0, 0, 0, 0, 0]), 2 / 30);
  });

  test("PROPERTY: the mean stays within the samples' range and the variance is never negative", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 80 }),
        (xs) => {
          let g = emptyGauss();
          for (const x of xs) g = gaussUpdate(g, [x, x, x, x, x, x], 0.05);
          const m = g.mean[0] as number;
          assert.ok(m >= Math.min(...xs) - 1e-6 && m <= Math.max(...xs) + 1e-6);
          assert.ok((g.variance[0] as number) >= 0);
          const s = gaussScore(g, [1e7, 0, 0, 0, 0, 0]);
          assert.ok(s >= 0 && s <= 1);
        },
      ),
      { numRuns: 300 },
    );
  });

  test("the six features of an item", () => {
    assert.deepEqual(features(item("ab", "cd cd", { hourOfDay: 23, dayOfWeek: 6 })), [2, 5, 7, 2 / 3, 23, 6]);
  });
});

describe("composite score", () => {
  test("without an embedding score its 0.40 is spread over scalar and novelty in proportion", () => {
    const c = new Curator();
    const v = c.evaluate(item("first", "a brand new message"));
    assert.equal(v.mode, "gaussian");
    assert.deepEqual(v.parts, { scalar: 0, novelty: 1 });
    assert.equal(v.score, WEIGHTS.novelty / (WEIGHTS.scalar + WEIGHTS.novelty));
    assert.equal(v.promoted, false);
  });

  test("with an embedding score the seed's weights apply as they are", () => {
    const c = new Curator();
    const v = c.evaluate(item("first", "a brand new message", { embeddingScore: 1 }));
    assert.equal(v.score, WEIGHTS.embedding + WEIGHTS.novelty);
    assert.deepEqual(v.parts, { scalar: 0, novelty: 1, embedding: 1 });
  });

  test("weights and threshold are seed 003's", () => {
    assert.deepEqual({ ...WEIGHTS }, { scalar: 0.35, embedding: 0.4, novelty: 0.25 });
    assert.equal(DEFAULT_THRESHOLD, 0.82);
    assert.equal(new Curator().stats().threshold, 0.82);
  });

  test("a duplicate (same first 200 normalised characters) scores 0 and is counted", () => {
    const c = new Curator({ threshold: 0.1 });
    assert.equal(c.evaluate(item("Use pnpm", "ok")).promoted, true);
    const d = c.evaluate(item("use PNPM!", "ok"));
    assert.deepEqual([d.score, d.duplicate, d.promoted], [0, true, false]);
    assert.deepEqual([c.stats().seen, c.stats().duplicates, c.stats().promoted], [2, 1, 1]);
  });

  test("an item with no words scores 0 and is not a duplicate", () => {
    const v = new Curator().evaluate(item("🎉", "!!!"));
    assert.deepEqual([v.score, v.duplicate], [0, false]);
  });

  test("novelty falls as the same 4-grams come back", () => {
    const c = new Curator();
    const a = c.evaluate(item("deploy", "the deploy script needs the production profile"));
    const b = c.evaluate(item("deploy?", "the deploy script needs the production profile set"));
    assert.equal(a.parts.novelty, 1);
    assert.ok(b.parts.novelty < 0.3, String(b.parts.novelty));
  });

  test("the threshold is settable within [0, 1] and decides promotion", () => {
    const c = new Curator();
    c.setThreshold(0.4);
    assert.equal(c.evaluate(item("x1", "something new")).promoted, true);
    assert.throws(() => c.setThreshold(1.5), RangeError);
    assert.throws(() => c.setThreshold(Number.NaN), RangeError);
    assert.equal(c.stats().threshold, 0.4);
  });
});

describe("TF-IDF mode", () => {
  test(`stays in EMA-Gaussian mode with fewer than ${MIN_SEED_TEXTS} stored memories`, () => {
    const c = new Curator();
    c.seed(MEMORIES.slice(0, MIN_SEED_TEXTS - 1));
    assert.equal(c.stats().mode, "gaussian");
    c.seed(MEMORIES);
    assert.equal(c.stats().mode, "tfidf");
    assert.ok(c.stats().centroidDim > 10);
  });

  test("text close to the stored memories is less surprising than an unrelated one", () => {
    const c = new Curator();
    c.seed(MEMORIES);
    const near = c.evaluate(item("", "install the packages with pnpm in this workspace"));
    const far = c.evaluate(item("", "quarterly marketing budget spreadsheet review"));
    assert.equal(near.mode, "tfidf");
    assert.ok(near.parts.scalar < far.parts.scalar, `${near.parts.scalar} !< ${far.parts.scalar}`);
    assert.ok(far.parts.scalar > 0.99);
  });

  test("a promoted item moves the centroid towards its (known) words; the locked vocabulary does not grow", () => {
    const run = (threshold: number) => {
      const c = new Curator({ threshold });
      c.seed(MEMORIES);
      c.evaluate(item("", "releases tagged main branch deploy script production"));
      return {
        c,
        again: c.evaluate(item("", "deploy releases from main branch with the production script")),
      };
    };
    const moved = run(0);
    const still = run(1);
    assert.ok(
      moved.again.parts.scalar < still.again.parts.scalar,
      `${moved.again.parts.scalar} !< ${still.again.parts.scalar}`,
    );
    const dim = moved.c.stats().centroidDim;
    moved.c.evaluate(item("", "kubernetes helm chart values"));
    assert.equal(moved.c.stats().centroidDim, dim);
  });
});

describe("bounds and persistence", () => {
  test("an old item beyond the last 5 000 is no longer a duplicate; a recent one is", () => {
    const c = new Curator();
    c.evaluate(item("", "first item of the run"));
    for (let i = 0; i < CAPS.hashes; i++) c.evaluate(item("", `item ${i}`));
    assert.equal(c.stats().recentHashes, CAPS.hashes);
    assert.equal(c.evaluate(item("", "first item of the run")).duplicate, false);
    assert.equal(c.evaluate(item("", `item ${CAPS.hashes - 1}`)).duplicate, true);
  });

  test("SIZE: with every cache full the serialised state stays under 2 MB", () => {
    const c = new Curator();
    c.seed(Array.from({ length: 40 }, (_, i) => words(i + 1, 600)));
    for (let i = 0; i < 500; i++) c.evaluate(item("", words(1000 + i, 25)));
    for (let i = 0; i < CAPS.hashes; i++) c.evaluate(item("", `n${i}`));
    const s = c.stats();
    assert.equal(s.recentHashes, CAPS.hashes);
    assert.equal(s.ngramCache, CAPS.ngrams);
    const json = c.toJSON();
    assert.equal(json.tfidf?.df.length, CAPS.vocabulary, "the vocabulary is capped");
    const bytes = Buffer.byteLength(JSON.stringify(json));
    assert.ok(bytes < 2_000_000, `${bytes} bytes`);
  });

  test("fromJSON refuses a damaged state", () => {
    assert.throws(() => Curator.fromJSON({}));
    const good = new Curator().toJSON();
    assert.throws(() => Curator.fromJSON({ ...good, threshold: 2 }));
    assert.throws(() => Curator.fromJSON({ ...good, hashes: Array(CAPS.hashes + 1).fill(1) }));
    assert.throws(() => Curator.fromJSON({ ...good, gauss: { n: 1, mean: [0], variance: [0] } }));
    assert.doesNotThrow(() => Curator.fromJSON(JSON.parse(JSON.stringify(good))));
  });

  test("PROPERTY: a curator restored from JSON scores the rest of a stream exactly as the original", () => {
    const text = fc.oneof(fc.lorem({ maxCount: 15 }), fc.string({ unit: "grapheme", maxLength: 60 }));
    const it = fc.record({
      prompt: text,
      response: text,
      hourOfDay: fc.integer({ min: 0, max: 23 }),
      dayOfWeek: fc.integer({ min: 0, max: 6 }),
    });
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.array(it, { maxLength: 20 }),
        fc.array(it, { maxLength: 20 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (seeded, head, tail, threshold) => {
          const a = new Curator({ threshold });
          if (seeded) a.seed(MEMORIES);
          for (const x of head) a.evaluate(x);
          const b = Curator.fromJSON(JSON.parse(JSON.stringify(a)));
          assert.deepEqual(b.stats(), a.stats());
          for (const x of tail) {
            const va = a.evaluate(x);
            assert.deepEqual(b.evaluate(x), va);
            assert.ok(va.score >= 0 && va.score <= 1);
            const words = duplicateKey(`${x.prompt}\n${x.response}`) !== undefined;
            assert.equal(va.promoted, words && !va.duplicate && va.score >= threshold);
          }
          assert.deepEqual(b.toJSON(), a.toJSON());
        },
      ),
      { numRuns: 100 },
    );
  });
});
