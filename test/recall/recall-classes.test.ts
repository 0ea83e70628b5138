/**
 * The three classes of question recall failed on held-out conversations (issue 24), as properties of what a
 * context with a query shows, over seeded generated conversations (fast-check):
 *  - knowledge updates: a fact restated later with a changed value — the latest statement comes first, the
 *    older ones follow marked as earlier;
 *  - aggregation: "how many weddings…" — every session that mentions it gets its line, even when one session
 *    talks about it at length;
 *  - time: relative dates resolved against the turn's own date; "which did she do first, A or B?" shows both,
 *    in the order they happened.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Turn } from "../../src/core/episode.ts";
import { cleanup, tempBrain } from "../context/_fixtures.ts";
import { fc } from "../support/fc.ts";
import { prng } from "../support/prng.ts";

const DAY = 86_400_000;
const MONTHS = "January February March April May June July August September October November December".split(
  " ",
);
const longDay = (ms: number) => {
  const d = new Date(ms);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
};

const CHATTER = [
  "The weather was grey all week and the bus was late again.",
  "We watched a documentary about glaciers, it was slow but pretty.",
  "My brother is repainting his kitchen, the color is a bold green.",
  "I finally cleaned out the garage and found old board games.",
  "Work has been busy with the quarterly reports and long meetings.",
  "The bakery on the corner started selling sourdough on Fridays.",
  "I tried a new running route along the river this morning.",
  "Our neighbours got a new piano and practice every evening.",
];

/** A conversation of `sessions` sessions (10 days apart from `start`), chatter only, as turns per session. */
function conversation(seed: number, sessions: number, start: number): Turn[][] {
  const r = prng(seed);
  return Array.from({ length: sessions }, (_, s) =>
    Array.from({ length: 6 }, (_, t) => ({
      session: `s${s}`,
      turn: `s${s}:${t}`,
      speaker: t % 2 ? "Bo" : "Ada",
      text: CHATTER[Math.floor(r() * CHATTER.length)] as string,
      date: new Date(start + s * 10 * DAY).toISOString(),
    })),
  );
}

function say(turns: Turn[][], s: number, speaker: string, text: string): void {
  const list = turns[s] as Turn[];
  list.splice(Math.floor(list.length / 2), 0, {
    session: `s${s}`,
    turn: `s${s}:x${list.length}`,
    speaker,
    text,
    date: list[0]?.date as string,
  });
}

/** The recalled section of the context for `query` (lines of entries, best first). */
async function recalled(turns: Turn[][], query: string, budget: number): Promise<string[]> {
  const t = tempBrain([]);
  try {
    await t.brain.ingestTurns(turns.flat(), "generic:test.jsonl");
    const text = t.brain.context({ query, budget, cwd: t.root }).text;
    const at = text.indexOf("## Learnings");
    const section = at < 0 ? "" : (text.slice(at).split("\n## ")[0] as string);
    return section.split("\n").filter((l) => l.startsWith("- "));
  } finally {
    cleanup(t);
  }
}

const start = fc
  .integer({ min: Date.UTC(2005, 0, 1), max: Date.UTC(2035, 0, 1) })
  .map((ms) => ms - (ms % DAY));

test("a fact restated later: the latest statement first, the older ones after it marked as earlier", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 1, max: 1e6 }),
      start,
      fc.uniqueArray(fc.integer({ min: 100, max: 99_999 }), { minLength: 2, maxLength: 4 }),
      async (seed, from, values) => {
        const turns = conversation(seed, 8, from);
        // The first statement sits in a session that talks about it at length (it ranks best on its own).
        say(turns, 0, "Bo", "How is the photography account going? Photography seems to take your evenings.");
        say(
          turns,
          0,
          "Ada",
          `I have ${values[0]} followers on my photography account, photography is my thing.`,
        );
        values.slice(1).forEach((v, i) => {
          say(turns, 1 + i * 2, "Ada", `Quick update: I have ${v} followers on my photography account.`);
        });
        const lines = await recalled(
          turns,
          "How many followers does Ada have on the photography account now?",
          2000,
        );
        const at = values.map((v) => lines.findIndex((l) => l.includes(` ${v} followers`)));
        const latest = at[at.length - 1] as number;
        assert.ok(latest >= 0, "the latest value is shown");
        for (const [i, p] of at.slice(0, -1).entries()) {
          assert.ok(p < 0 || p > latest, `value ${values[i]} (earlier) is shown after the latest`);
          if (p >= 0) assert.match(lines[p] as string, /\(earlier; said again \d{4}-\d{2}-\d{2}\)/);
        }
        assert.doesNotMatch(lines[latest] as string, /\(earlier/);
      },
    ),
    { numRuns: 12 },
  );
});

test("a fact restated inside long messages: the latest first, every older one shown after it marked earlier", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 1, max: 1e6 }),
      start,
      fc.uniqueArray(fc.constantFrom("Woodhaven", "Millbrook", "Ashford", "Glenrock", "Pinecrest"), {
        minLength: 2,
        maxLength: 3,
      }),
      async (seed, from, towns) => {
        const turns = conversation(seed, 8, from);
        const r = prng(seed);
        // Each statement is one sentence of a long message that says other things too (as a merged transcript
        // does); the sentence holding the value shares no word with the question.
        const long = (sentence: string) =>
          [0, 1, 2, 3, 4, 5]
            .map((i) => (i === 2 ? sentence : (CHATTER[Math.floor(r() * CHATTER.length)] as string)))
            .join(" ");
        say(turns, 0, "Bo", "That road trip for your research sounds great, where did you go on the trip?");
        say(turns, 0, "Ada", long(`I went to ${towns[0]}, a small town in the Midwest with an old library.`));
        towns.slice(1).forEach((t, i) => {
          say(
            turns,
            2 + i * 2,
            "Ada",
            long(`I went to ${t}, a small town in the Midwest with an old library.`),
          );
        });
        const lines = await recalled(turns, "Where did Ada go on her road trip for research now?", 2000);
        const at = towns.map((t) => lines.findIndex((l) => l.includes(`went to ${t},`)));
        const latest = at[at.length - 1] as number;
        assert.ok(latest >= 0, `the latest value is shown:\n${lines.join("\n")}`);
        for (const [i, p] of at.slice(0, -1).entries()) {
          assert.ok(p > latest, `${towns[i]} (earlier) is shown after the latest:\n${lines.join("\n")}`);
          assert.match(lines[p] as string, /\(earlier; said again \d{4}-\d{2}-\d{2}\)/);
        }
        assert.doesNotMatch(lines[latest] as string, /\(earlier/);
      },
    ),
    { numRuns: 12 },
  );
});

test("a question asking how many: every session that mentions it gets a line, however much one session says", async () => {
  const NAMES = ["Ingrid", "Tobias", "Marisol", "Dmitri", "Anouk", "Keoni"];
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 1, max: 1e6 }),
      start,
      fc.integer({ min: 3, max: 5 }),
      async (seed, from, k) => {
        const turns = conversation(seed, 8, from);
        for (let i = 0; i < 8; i++)
          say(
            turns,
            0,
            i % 2 ? "Ada" : "Bo",
            `The wedding planning goes on: wedding flowers, wedding music and the wedding cake tasting (${i}).`,
          );
        const names = NAMES.slice(0, k);
        names.forEach((n, i) => {
          say(turns, 1 + i, "Ada", `I went to ${n}'s wedding on Saturday.`);
        });
        const lines = await recalled(turns, "How many weddings did Ada go to?", 300);
        for (const n of names)
          assert.ok(
            lines.some((l) => l.includes(`${n}'s wedding`)),
            `${n}'s wedding is shown`,
          );
      },
    ),
    { numRuns: 12 },
  );
});

const RELATIVE: [string, (said: number) => string][] = [
  ["yesterday", (d) => longDay(d - DAY)],
  ["the day before yesterday", (d) => longDay(d - 2 * DAY)],
  ["three days ago", (d) => longDay(d - 3 * DAY)],
  ["5 days ago", (d) => longDay(d - 5 * DAY)],
  ["two weeks ago", (d) => `around ${longDay(d - 14 * DAY)}`],
  ["last Tuesday", (d) => longDay(d - (((new Date(d).getUTCDay() - 2 + 6) % 7) + 1) * DAY)],
];

test("a relative date is shown with the day it means, counted from the day it was said", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 1, max: 1e6 }),
      start,
      fc.constantFrom(...RELATIVE),
      async (seed, from, [said, means]) => {
        const turns = conversation(seed, 4, from);
        say(turns, 2, "Ada", `I went to the pottery fair ${said} with my cousin.`);
        const lines = await recalled(turns, "When did Ada go to the pottery fair?", 2000);
        const day = from + 20 * DAY;
        assert.ok(
          lines.some((l) => l.includes(`${said} (${means(day)})`)),
          `"${said}" said on ${longDay(day)} is shown as ${means(day)}: ${lines.join("\n")}`,
        );
      },
    ),
    { numRuns: 20 },
  );
});

test("which did she do first, A or B: both are shown, the one that happened first on top", async () => {
  await fc.assert(
    fc.asyncProperty(fc.integer({ min: 1, max: 1e6 }), start, fc.boolean(), async (seed, from, dogFirst) => {
      const turns = conversation(seed, 8, from);
      for (let s = 0; s < 8; s++) {
        say(turns, s, "Bo", `It was the first time the first snow fell that early, first in years (${s}).`);
        say(turns, s, "Ada", `The dog next door barked at the first delivery van (${s}).`);
      }
      const [dog, car] = dogFirst ? [2, 6] : [6, 2];
      say(turns, dog, "Ada", "I adopted a rescue dog named Biscuit.");
      say(turns, car, "Ada", "I bought a used car from my uncle.");
      const lines = await recalled(
        turns,
        "Which did Ada do first: adopt a rescue dog or buy a used car?",
        250,
      );
      const d = lines.findIndex((l) => l.includes("rescue dog named Biscuit"));
      const c = lines.findIndex((l) => l.includes("used car from my uncle"));
      assert.ok(d >= 0 && c >= 0, `both are shown:\n${lines.join("\n")}`);
      assert.equal(d < c, dogFirst, "the earlier one is on top");
    }),
    { numRuns: 12 },
  );
});

/** Events told with an irregular past form ("I bought…") and asked about with the verb ("buy…"). */
const IRREGULAR_EVENTS: { ask: string; said: string; decoy: string }[] = [
  { ask: "buy a used car", said: "I bought a used Subaru Outback.", decoy: "The car we used was slow." },
  { ask: "see a band play live", said: "I saw Blue Anvil play live.", decoy: "A band was on the radio." },
  { ask: "get a certificate", said: "I got my lifeguard certificate.", decoy: "Certificates are printed." },
  {
    ask: "meet an old classmate",
    said: "I met my old classmate Florin.",
    decoy: "An old classmate moved away.",
  },
  { ask: "take a day trip", said: "I took a day trip to Tallinn.", decoy: "A trip for the whole day." },
  { ask: "win a chess prize", said: "I won the chess club prize.", decoy: "Chess prizes are small." },
];

test("which did she do first, told with irregular verbs ('bought', 'saw'): both are shown, in date order", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 1, max: 1e6 }),
      start,
      fc.subarray(IRREGULAR_EVENTS, { minLength: 2, maxLength: 2 }),
      fc.boolean(),
      async (seed, from, [a, b], aFirst) => {
        const [x, y] = [a as (typeof IRREGULAR_EVENTS)[number], b as (typeof IRREGULAR_EVENTS)[number]];
        const turns = conversation(seed, 8, from);
        // Each other session has turns sharing the question's other words (and none of its verbs).
        for (let s = 0; s < 8; s++) for (const e of [x, y]) say(turns, s, "Ada", `${e.decoy} (${s})`);
        const [sx, sy] = aFirst ? [2, 6] : [6, 2];
        say(turns, sx, "Ada", x.said);
        say(turns, sy, "Ada", y.said);
        const lines = await recalled(turns, `Which did Ada do first: ${x.ask} or ${y.ask}?`, 250);
        const i = lines.findIndex((l) => l.includes(x.said));
        const j = lines.findIndex((l) => l.includes(y.said));
        assert.ok(i >= 0 && j >= 0, `both are shown:\n${lines.join("\n")}`);
        assert.equal(i < j, aFirst, "the earlier one is on top");
      },
    ),
    { numRuns: 12 },
  );
});

test("a recalled turn too long for what is left is shown by its focused part, not skipped for a later, shorter one", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 1, max: 1e6 }),
      start,
      // Every note longer than the least a shortened form is asked for (fit.ts MIN_SHORTENED): no later note
      // fits whole where an earlier one did not fit even shortened.
      fc.array(fc.integer({ min: 8, max: 40 }), { minLength: 4, maxLength: 9 }),
      fc.integer({ min: 250, max: 700 }),
      async (seed, from, repeats, budget) => {
        const turns = conversation(seed, 6, from);
        repeats.forEach((n, i) => {
          const note = `Note ${i + 10} is about the red kayak trip.`;
          // One session (one day): no note is a restatement of another.
          say(turns, 0, "Ada", Array.from({ length: n }, () => note).join(" "));
        });
        const order = (lines: string[]) =>
          lines.map((l) => /Note (\d+) is about/.exec(l)?.[1]).filter((n) => n !== undefined);
        const query = "What about the red kayak trip?";
        const all = order(await recalled(turns, query, 20_000));
        const few = order(await recalled(turns, query, budget));
        assert.equal(all.length, repeats.length, "every note is recalled at a large budget");
        assert.deepEqual(few, all.slice(0, few.length), `in ranking order, none skipped: ${few} of ${all}`);
      },
    ),
    { numRuns: 10 },
  );
});

test("a question asked again on a later day is no restatement: neither is marked as an earlier statement", async () => {
  const asks = [
    "How is the pottery studio going?",
    "How's the pottery studio coming along?",
    "Hey Ada! How is the pottery studio?",
    "Any news about the pottery studio?",
  ];
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 1, max: 1e6 }),
      start,
      fc.uniqueArray(fc.integer({ min: 0, max: 7 }), { minLength: 2, maxLength: 4 }),
      fc.constantFrom(...asks),
      async (seed, from, sessions, ask) => {
        const turns = conversation(seed, 8, from);
        for (const s of sessions) say(turns, s, "Bo", ask);
        say(turns, 3, "Ada", "The pottery studio opens in May, the kiln arrived last week.");
        const lines = await recalled(turns, "What is happening with Ada's pottery studio?", 2000);
        const asked = lines.filter((l) => l.includes(ask));
        assert.ok(asked.length > 0, `the question is recalled:\n${lines.join("\n")}`);
        for (const l of asked)
          assert.doesNotMatch(l, /\(earlier;/, `a question is not an earlier statement:\n${l}`);
      },
    ),
    { numRuns: 12 },
  );
});

test("a stock sentence said in most sessions is a template, not a restated fact: nothing is marked earlier", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 1, max: 1e6 }),
      start,
      fc.integer({ min: 7, max: 10 }),
      async (seed, from, sessions) => {
        const turns = conversation(seed, sessions, from);
        const template =
          "Let me check the feature flag configuration and the recent commits before changing anything.";
        for (let s = 0; s < sessions; s++) say(turns, s, "Bo", template);
        say(turns, 2, "Ada", "For feature flags we use Unleash, self-hosted.");
        const lines = await recalled(turns, "Which feature flag service do we use?", 2000);
        assert.ok(
          lines.some((l) => l.includes("we use Unleash")),
          `the answer is shown:\n${lines.join("\n")}`,
        );
        for (const l of lines.filter((x) => x.includes("recent commits")))
          assert.doesNotMatch(l, /\(earlier;/, `a template is no earlier statement:\n${l}`);
      },
    ),
    { numRuns: 8 },
  );
});
