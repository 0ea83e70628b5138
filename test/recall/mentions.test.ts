/** The arrangement of a fused ranking (src/recall/mentions.ts, restatements.ts, query-shape.ts) as properties. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { arrangeMentions, MENTION_TUNING, type MentionInfo, reachTuning } from "../../src/recall/mentions.ts";
import { alternativesOf, asksForMany } from "../../src/recall/query-shape.ts";
import type { Ranked } from "../../src/recall/rank.ts";
import { fc } from "../support/fc.ts";

interface Gen {
  session: number;
  speaker: number;
  day: number;
  mask: number;
  words: number;
}
const item = fc.record({
  session: fc.integer({ min: 0, max: 6 }),
  speaker: fc.integer({ min: 0, max: 1 }),
  day: fc.integer({ min: 0, max: 400 }),
  mask: fc.integer({ min: 0, max: 7 }),
  words: fc.integer({ min: 0, max: 3 }),
});

const sentence = (w: number) => new Set([`w${w}a`, `w${w}b`, `w${w}c`, `w${w}d`]);

/** A ranked list (ids r0, r1, …) and its mention info; each of 3 query terms weighs 1. */
function world(items: Gen[]): { ranked: Ranked[]; info: (id: string) => MentionInfo | undefined } {
  const ranked = items.map((_, i) => ({ id: `r${i}`, kind: "episode" as const, score: items.length - i }));
  const bits = (m: number) => [1, 2, 4].filter((b) => m & b).length;
  const info = (id: string): MentionInfo | undefined => {
    const g = items[Number(id.slice(1))];
    if (!g) return undefined;
    return {
      session: `s${g.session}`,
      speaker: `p${g.speaker}`,
      dateMs: g.day * 86_400_000 + g.session,
      mask: g.mask,
      cover: bits(g.mask) / 3,
      coverOf: (b) => (bits(b) ? bits(b & g.mask) / bits(b) : 0),
      // Turns with the same `words` value say the same sentence (Dice 1), others nothing in common.
      sentences: () => [sentence(g.words)],
      keys: () => [sentence(g.words)],
      words: () => sentence(g.words),
    };
  };
  return { ranked, info };
}

test("the arrangement is a permutation of the ranking, and changes nothing for a plain query without restatements", () => {
  fc.assert(
    fc.property(fc.array(item, { maxLength: 40 }), fc.boolean(), (items, aggregate) => {
      const { ranked, info } = world(items);
      const out = arrangeMentions(ranked, info, { aggregate, alternatives: [] }).ranked;
      assert.deepEqual(out.map((r) => r.id).sort(), ranked.map((r) => r.id).sort());
    }),
  );
  const distinct = items40().map((g, i) => ({ ...g, words: i }));
  const { ranked, info } = world(distinct);
  assert.deepEqual(arrangeMentions(ranked, info, { aggregate: false, alternatives: [] }).ranked, ranked);
});

function items40(): Gen[] {
  return Array.from({ length: 40 }, (_, i) => ({
    session: i % 7,
    speaker: i % 2,
    day: i,
    mask: (i % 7) + 1,
    words: 0,
  }));
}

test("asking for several things: every mentioning session's line comes before any session's second", () => {
  fc.assert(
    fc.property(fc.array(item, { maxLength: 40 }), (items) => {
      const { ranked, info } = world(items.map((g, i) => ({ ...g, words: i + 10 })));
      const out = arrangeMentions(ranked, info, { aggregate: true, alternatives: [] }).ranked;
      const best = Math.max(0, ...items.map((g) => info(`r${items.indexOf(g)}`)?.cover ?? 0));
      const mention = (r: Ranked) => (info(r.id)?.cover ?? 0) >= MENTION_TUNING.share * best && best > 0;
      const seen = new Set<string>();
      let second = false;
      for (const r of out) {
        if (!mention(r)) continue;
        const s = info(r.id)?.session as string;
        if (seen.has(s)) second = true;
        else assert.ok(!second, `session ${s}'s first mention comes after another session's second`);
        seen.add(s);
      }
    }),
  );
});

test("asking for several things: each session's first two mentions come before anything that is no mention", () => {
  fc.assert(
    fc.property(fc.array(item, { maxLength: 40 }), (items) => {
      const { ranked, info } = world(items.map((g, i) => ({ ...g, words: i + 10 })));
      const out = arrangeMentions(ranked, info, { aggregate: true, alternatives: [] }).ranked;
      const best = Math.max(0, ...items.map((_, i) => info(`r${i}`)?.cover ?? 0));
      const mention = (r: Ranked) => (info(r.id)?.cover ?? 0) >= MENTION_TUNING.share * best && best > 0;
      if (out.filter(mention).length < 2) return;
      const count = new Map<string, number>();
      let other = false;
      for (const r of out) {
        if (!mention(r)) {
          other = true;
          continue;
        }
        const s = info(r.id)?.session as string;
        const k = (count.get(s) ?? 0) + 1;
        count.set(s, k);
        if (k <= 2) assert.ok(!other, `session ${s}'s mention ${k} comes after an item that is no mention`);
      }
    }),
  );
});

test("a restated turn: the latest restatement takes its place, every older one is marked earlier", () => {
  fc.assert(
    fc.property(fc.array(item, { minLength: 2, maxLength: 30 }), (items) => {
      const { ranked, info } = world(items);
      const { ranked: out, earlier } = arrangeMentions(ranked, info, { aggregate: false, alternatives: [] });
      for (const [id, latest] of earlier) {
        const m = info(id) as MentionInfo;
        assert.ok(latest > m.dateMs, "marked with a later date");
        const newer = out.find((r) => {
          const x = info(r.id) as MentionInfo;
          return x.dateMs === latest && x.speaker === m.speaker;
        });
        assert.ok(newer, "the latest restatement is in the ranking");
        assert.ok(
          out.indexOf(newer) < out.findIndex((r) => r.id === id),
          `${id} (earlier) is ranked below its latest restatement ${newer.id}`,
        );
      }
    }),
  );
});

test("the query's shape: several things, and alternatives", () => {
  for (const q of [
    "How many weddings did Ada go to?",
    "Which bands did Caroline see in concert?",
    "What new dishes has Jon cooked?",
    "What activities does Melanie partake in?",
    "How much did I spend in total?",
  ])
    assert.ok(asksForMany(q), q);
  for (const q of ["What is Ada's favourite band?", "When did Jon open his studio?", "What does Gina do?"])
    assert.ok(!asksForMany(q), q);
  assert.deepEqual(alternativesOf("Which did Ada do first: adopt a rescue dog or buy a used car?"), [
    "adopt a rescue dog",
    "buy a used car",
  ]);
  assert.deepEqual(alternativesOf("Which came first, the trip to Porto or the wedding?"), [
    "the trip to Porto",
    "the wedding",
  ]);
  assert.deepEqual(alternativesOf("Is it tea or coffee?"), []);
});

test("a caller reading the first `reach` items: those are arranged among themselves, the rest keeps its order", () => {
  assert.equal(reachTuning(undefined), MENTION_TUNING);
  assert.equal(reachTuning(MENTION_TUNING.pool), MENTION_TUNING);
  fc.assert(
    fc.property(
      fc.array(item, { maxLength: 60 }),
      fc.integer({ min: 1, max: 60 }),
      fc.boolean(),
      (items, reach, aggregate) => {
        const { ranked, info } = world(items);
        const tune = reachTuning(reach);
        assert.ok(
          tune.pool === reach &&
            tune.top <= reach &&
            tune.anchors >= 1 &&
            tune.anchors <= MENTION_TUNING.anchors,
        );
        const out = arrangeMentions(ranked, info, { aggregate, alternatives: [] }, tune).ranked;
        assert.deepEqual(
          out
            .slice(0, reach)
            .map((r) => r.id)
            .sort(),
          ranked
            .slice(0, reach)
            .map((r) => r.id)
            .sort(),
        );
        assert.deepEqual(out.slice(reach), ranked.slice(reach));
      },
    ),
  );
});
