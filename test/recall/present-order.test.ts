/**
 * A question about the present asks for the latest of what was said several times (issue 24, knowledge
 * updates: "how many followers do I have now?"). When the figure was given in several sessions in words that
 * differ each time (no restatement pairs them, src/recall/restatements.ts) and the older sessions say more
 * about the topic, the latest statement must still come before the older ones, which stay.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Turn } from "../../src/core/episode.ts";
import { announcesChange, newestFirst } from "../../src/recall/present-order.ts";
import { asksAboutNow } from "../../src/recall/query-shape.ts";
import type { Ranked } from "../../src/recall/rank.ts";
import { cleanup, tempBrain } from "../context/_fixtures.ts";
import { fc } from "../support/fc.ts";

const DAY = 86_400_000;
const TOPICS: [string, string][] = [
  ["followers", "channel"],
  ["subscribers", "newsletter"],
  ["students", "class"],
];
/** Older statements say the topic's words more than once; the latest says the count once, differently. */
const OLDER = [
  (n: number, [a, b]: [string, string]) => `My ${b} has ${n} ${a} so far. More ${a} join my ${b} every week.`,
  (n: number, [a, b]: [string, string]) =>
    `Counted the ${a} of my ${b} again: ${n} ${a}, and the ${b} keeps growing.`,
];
const LATEST = (n: number, [a]: [string, string]) => `Big news: we passed ${n} ${a} last night.`;

function sessions(start: number, topic: [string, string], values: number[]): Turn[] {
  const turns: Turn[] = [];
  values.forEach((n, s) => {
    const date = new Date(start + s * 30 * DAY).toISOString();
    const older = OLDER[s % OLDER.length] as (typeof OLDER)[number];
    const said = s === values.length - 1 ? LATEST(n, topic) : older(n, topic);
    turns.push({ session: `s${s}`, turn: `s${s}:0`, speaker: "Ada", text: said, date });
    turns.push({
      session: `s${s}`,
      turn: `s${s}:1`,
      speaker: "Bo",
      text: "That is great to hear, well done.",
      date,
    });
  });
  return turns;
}

test("asked about the present, the latest of several differently worded statements comes first", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...TOPICS),
      fc.uniqueArray(fc.integer({ min: 100, max: 99_999 }), { minLength: 3, maxLength: 5 }),
      fc.integer({ min: Date.UTC(2005, 0, 1), max: Date.UTC(2035, 0, 1) }),
      async (topic, values, start) => {
        const t = tempBrain([]);
        try {
          await t.brain.ingestTurns(sessions(start, topic, values), "generic:test.jsonl");
          const list = t.brain.recall(`How many ${topic[0]} does Ada have now?`, { cwd: t.root });
          const at = values.map((n) => list.findIndex((x) => String(x.rec.entry.text).includes(String(n))));
          const latest = at[at.length - 1] as number;
          assert.ok(latest >= 0, "the latest statement is recalled");
          for (const p of at.slice(0, -1))
            assert.ok(p >= 0 && latest < p, `latest at ${latest}, an older one at ${p}`);
        } finally {
          cleanup(t);
        }
      },
    ),
    { numRuns: 12 },
  );
});

test("asksAboutNow: the present, not a past period or a total", () => {
  for (const q of [
    "How many followers do I have now?",
    "Which editor do I use these days?",
    "What is my current job?",
    "Most recently, what did Ada join?",
    "Do I still play the violin?",
  ])
    assert.equal(asksAboutNow(q), true, q);
  for (const q of [
    "When did Ada go to Rome?",
    "What did Ada buy last week?",
    "How many weddings have I been to so far?",
    "Did Ada know the answer?",
  ])
    assert.equal(asksAboutNow(q), false, q);
});

test("newestFirst: the same items, the first `top` newest first where dated, the rest untouched", () => {
  fc.assert(
    fc.property(
      fc.array(fc.tuple(fc.boolean(), fc.option(fc.integer({ min: 0, max: 1e9 }))), { maxLength: 20 }),
      fc.integer({ min: 0, max: 20 }),
      (rows, top) => {
        const ranked: Ranked[] = rows.map(([ep], i) => ({
          id: `d${i}`,
          kind: ep ? "episode" : "learning",
          score: rows.length - i,
        }));
        const date = new Map(rows.map(([, d], i) => [`d${i}`, d ?? undefined]));
        const entry = (r: Ranked) => {
          const d = date.get(r.id);
          return { text: "", ...(d === undefined ? {} : { date: new Date(d).toISOString() }) };
        };
        const out = newestFirst(ranked, entry, top);
        assert.deepEqual(out.map((r) => r.id).sort(), ranked.map((r) => r.id).sort());
        assert.deepEqual(out.slice(top), ranked.slice(top));
        const isDated = (r: Ranked) => r.kind === "episode" && date.get(r.id) !== undefined;
        // Undated items and other kinds keep their places; the dated ones are newest first.
        out.slice(0, top).forEach((r, i) => {
          if (!isDated(ranked[i] as Ranked)) assert.equal(r, ranked[i]);
        });
        const dates = out
          .slice(0, top)
          .filter(isDated)
          .map((r) => date.get(r.id) as number);
        for (let i = 1; i < dates.length; i++) assert.ok((dates[i - 1] as number) >= (dates[i] as number));
      },
    ),
  );
});

/** Older statements of a tool in use, each saying the topic's words twice; ten of them, in ten sessions. */
const USES = [
  (tool: string) => `My editor is ${tool}; I keep my editor config in a dotfiles repo.`,
  (tool: string) => `Spent the evening tuning my editor again, ${tool} is the editor I know best.`,
  (tool: string) =>
    `The editor plugins for ${tool} broke after an upgrade, so my editor was down for an hour.`,
];
const TOOLS = ["vim", "emacs", "nano", "kakoune"];
const NEW_TOOLS = ["helix", "zed", "sublime", "geany"];
const ANNOUNCED = [
  (tool: string) => `Quick update: I moved to ${tool} last week, and I am keeping that editor.`,
  (tool: string) => `Correction to what I told you before: the editor I use is ${tool} since this month.`,
  (tool: string) => `Things have changed since I last mentioned it: ${tool} is my editor for work now.`,
];

test("asked about the present, a later turn announcing a change comes first though older ones say more", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...TOOLS),
      fc.constantFrom(...NEW_TOOLS),
      fc.constantFrom(...ANNOUNCED),
      fc.integer({ min: 10, max: 14 }),
      fc.integer({ min: Date.UTC(2005, 0, 1), max: Date.UTC(2035, 0, 1) }),
      async (old, now, announce, n, start) => {
        const turns: Turn[] = [];
        for (let s = 0; s <= n; s++) {
          const date = new Date(start + s * 7 * DAY).toISOString();
          const older = USES[s % USES.length] as (typeof USES)[number];
          const text = s === n ? announce(now) : older(old);
          turns.push({ session: `s${s}`, turn: `s${s}:0`, speaker: "Ada", text, date });
          turns.push({ session: `s${s}`, turn: `s${s}:1`, speaker: "Bo", text: "Nice, thanks.", date });
        }
        const t = tempBrain([]);
        try {
          await t.brain.ingestTurns(turns, "generic:test.jsonl");
          const list = t.brain.recall("Which editor does Ada use these days?", { cwd: t.root });
          const at = list.findIndex((x) => String(x.rec.entry.text).includes(now));
          assert.equal(at, 0, `the announced change first, at ${at}`);
        } finally {
          cleanup(t);
        }
      },
    ),
    { numRuns: 10 },
  );
});

test("announcesChange: an update or correction of something said before, not any mention of change", () => {
  for (const text of [
    "Quick update: the build now runs on Node 22.",
    "Update: we moved the API to Hono.",
    "Small correction to what I said a while ago: it is port 8080.",
    "Things have changed since I last mentioned it.",
    "I changed my mind about the database, Postgres it is.",
    "We switched to pnpm last month.",
    "I no longer use the old laptop.",
  ])
    assert.equal(announcesChange(text), true, text);
  for (const text of [
    "The sprinkles kinda changed the color this time around.",
    "Can you update the README?",
    "I will switch the flag off after the release.",
    "The change log lists three fixes.",
    "We added error correction to the decoder.",
  ])
    assert.equal(announcesChange(text), false, text);
});
