/**
 * A fact restated with a changed value in a brain of LONG messages (issue 24, update-long): the words the two
 * statements share are the everyday words such messages are made of ("makes", "get", "share", "people"), each
 * in most messages. Over long messages every word is in more of them than over chat turns, so those words
 * weigh less; the restatement must still be recognised — the latest first, the older one after it, marked.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Turn } from "../../src/core/episode.ts";
import { cleanup, tempBrain } from "../context/_fixtures.ts";
import { fc } from "../support/fc.ts";
import { prng } from "../support/prng.ts";

const DAY = 86_400_000;

/** The everyday words the fact's sentence is made of: each is in about half of the messages. */
const EVERYDAY = ["makes", "get", "share", "other", "people"];
const SYLLABLES =
  "zor vak mil tup gan rel bos kif nud pem sarl vorn quil dax fen lom wib yut hask trem".split(" ");

/**
 * A chatter sentence: eight seeded made-up words (two sentences never share four), one in three times with an
 * everyday word among them.
 */
function chatter(r: () => number): string {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)] as T;
  const words = Array.from({ length: 8 }, () => `${pick(SYLLABLES)}${pick(SYLLABLES)}`);
  if (r() < 0.35) words.splice(4, 0, pick(EVERYDAY));
  return `${words.join(" ")}.`;
}

/** A message of `n` chatter sentences, with `fact` at position 3 when given. */
function message(r: () => number, n: number, fact?: string): string {
  const out = Array.from({ length: n }, () => chatter(r));
  if (fact) out.splice(3, 0, fact);
  return out.join(" ");
}

function conversation(seed: number, sessions: number, start: number, facts: Map<number, string>): Turn[] {
  const r = prng(seed);
  const turns: Turn[] = [];
  for (let s = 0; s < sessions; s++) {
    const date = new Date(start + s * 10 * DAY).toISOString();
    for (let t = 0; t < 6; t++) {
      const speaker = t % 2 ? "Bo" : "Ada";
      const fact = t === 2 ? facts.get(s) : undefined;
      turns.push({ session: `s${s}`, turn: `s${s}:${t}`, speaker, text: message(r, 8, fact), date });
    }
  }
  return turns;
}

async function recalled(turns: Turn[], query: string): Promise<string[]> {
  const t = tempBrain([]);
  try {
    await t.brain.ingestTurns(turns, "generic:test.jsonl");
    const text = t.brain.context({ query, budget: 2000, cwd: t.root }).text;
    const at = text.indexOf("## Learnings");
    const section = at < 0 ? "" : (text.slice(at).split("\n## ")[0] as string);
    return section.split("\n").filter((l) => l.startsWith("- "));
  } finally {
    cleanup(t);
  }
}

const FEELINGS = ["serene", "unstoppable", "weightless", "fearless", "radiant"];
const fact = (feeling: string) =>
  `Dancing makes me so ${feeling}, and now I get to share that with other people.`;

test("a fact restated among long messages of everyday words: the latest first, the older one marked earlier", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 1, max: 1e6 }),
      fc.integer({ min: Date.UTC(2005, 0, 1), max: Date.UTC(2035, 0, 1) }).map((ms) => ms - (ms % DAY)),
      fc.uniqueArray(fc.constantFrom(...FEELINGS), { minLength: 2, maxLength: 2 }),
      fc.integer({ min: 2, max: 5 }),
      async (seed, from, [first, then], later) => {
        const facts = new Map([
          [0, fact(first as string)],
          [later, fact(then as string)],
        ]);
        const lines = await recalled(
          conversation(seed, 6, from, facts),
          "How does dancing make Ada feel now?",
        );
        const show = lines.join("\n");
        const now = lines.findIndex((l) => l.includes(`so ${then},`));
        const before = lines.findIndex((l) => l.includes(`so ${first},`));
        assert.ok(now >= 0, `the latest statement is shown:\n${show}`);
        assert.doesNotMatch(lines[now] as string, /\(earlier/);
        assert.ok(before > now, `the older statement is shown after the latest:\n${show}`);
        assert.match(lines[before] as string, /\(earlier; said again \d{4}-\d{2}-\d{2}\)/);
      },
    ),
    { numRuns: 10 },
  );
});
