import { GENERIC_WORDS } from "../core/generic-words.ts";
import { terms } from "./analyze.ts";
import { entryText } from "./index.ts";

/**
 * Words a request to an agent is made of whatever it is about ("can you *use* a for loop", "please *make*
 * it work", "I *need* to *try* something"): they say what to do, not what about, so a memory that shares only
 * them with a prompt is not about the prompt. Counted at a quarter of their weight. Not a stop list — a
 * query made only of them still matches — and corpus-independent, because a young brain's document
 * frequencies cannot tell "use" from "pnpm" yet.
 */
const GENERIC: ReadonlySet<string> = new Set(terms(GENERIC_WORDS));
const GENERIC_SHARE = 0.25;
/**
 * Words that name the kind of thing a prompt asks about ("which logging *library*", "what *tool* do we use
 * for…"), where the memory names the thing itself ("the pino logger"): a memory rarely says the kind, so
 * they count like the generic request words, a quarter.
 */
const KIND_WORDS = new Set(
  terms(
    "library libraries tool tools framework frameworks provider providers vendor solution approach option alternative",
  ),
);
const lighter = (t: string) => GENERIC.has(t) || KIND_WORDS.has(t);

/** The text of a memory its relevance is measured on: an entry's searchable fields, an episode's turn. */
export function memoryText(entry: Record<string, unknown>): string {
  return entry.type === "episode" ? String(entry.text ?? "") : entryText(entry);
}

/**
 * How much of what a query asks a memory covers, 0–1: the weight of the query's terms found in the memory's
 * text over the weight of all of them, each term weighing its informativeness (rarer in the brain weighs
 * more, a term no memory holds the most; generic request words a quarter). "can you use a for loop here" vs
 * "This repo uses pnpm": only "use" is shared, a generic word, against the rare "loop" — a small coverage.
 * With `families` (src/recall/word-family.ts), a term whose relative the memory holds instead ("linter",
 * "lints") counts RELATIVE_SHARE of it, and a term with known relatives weighs as its commonest member does:
 * "linter", unknown to a brain that says "lint", weighs what "lint" weighs, not what an unknown word does.
 */
export function coverage(
  queryTerms: readonly string[],
  text: string,
  weight: (term: string) => number,
  families?: ReadonlyMap<string, readonly string[]>,
): number {
  const doc = new Set(terms(text));
  let all = 0;
  let hit = 0;
  for (const t of new Set(queryTerms)) {
    const rel = families?.get(t) ?? [];
    const w = Math.min(weight(t), ...rel.map((r) => weight(r))) * (lighter(t) ? GENERIC_SHARE : 1);
    all += w;
    if (doc.has(t)) hit += w;
    else if (rel.some((r) => doc.has(r))) hit += w * RELATIVE_SHARE;
  }
  return all > 0 ? hit / all : 0;
}

/** What a memory holding only a relative of a prompt's word ("lints" for "linter") counts of that word. */
export const RELATIVE_SHARE = 0.75;

/**
 * What people type to keep an agent going or to acknowledge it ("yes", "continue", "ok do it", "lgtm",
 * "thanks, that's all for today"): with the generic request words, a prompt made only of these asks nothing
 * a memory could answer.
 */
const CHATTER_WORDS =
  "yes yeah yep yup y ok okay k kk sure continue continuing proceed ahead go on do it please thanks thank thx ty " +
  "lgtm sgtm good great nice cool perfect fine right correct agreed done next sounds looks keep going carry " +
  "no nope not wait hmm hm ah oh alright awesome excellent exactly all that's today tonight later bye now then " +
  "also too more bit sorry again stop";
const CHATTER: ReadonlySet<string> = new Set([...GENERIC, ...terms(CHATTER_WORDS)]);

/** A prompt with no term outside CHATTER and the generic request words (and stop words): it asks nothing. */
export function contentless(prompt: string): boolean {
  return terms(prompt).every((t) => CHATTER.has(t));
}
