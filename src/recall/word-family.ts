import { processTerm, tokenize } from "./analyze.ts";

/**
 * A word's family beyond what the stemmer joins (issue 24: a prompt about the "linter" or the "logging
 * library" should find the turn that says "lints" or "logger"). Porter stemming already makes "logs",
 * "logging" and "logged" one term, but leaves the agent noun apart ("linter" ≠ "lint", "logger" ≠ "log",
 * "parser" ≠ "pars") and British and American spellings apart ("initialise" ≠ "initialize",
 * "behaviour" ≠ "behavior"). Pure and corpus-independent: the caller keeps only the terms its index holds.
 */

const VOWEL = /[aeiouy]/;
/** Consonants a doubled ending keeps ("caller" is "call", "logger" is "log"). */
const KEEP_DOUBLE = new Set(["l", "s", "z"]);

/**
 * The other index terms of `term`'s family by the agent-noun rule ("linter" ↔ "lint", "logger" ↔ "log"; the
 * stemmer itself turns "formatter" into "formatt", so that is "format" too).
 */
function agentForms(term: string): string[] {
  if (!/^[a-z]+$/.test(term)) return [];
  const undouble = (b: string) => {
    const last = b.at(-1) ?? "";
    return b.length >= 4 && last === b.at(-2) && !KEEP_DOUBLE.has(last) ? b.slice(0, -1) : b;
  };
  if (term.endsWith("er")) {
    const base = undouble(term.slice(0, -2));
    // Six letters at least: "user" is not "us", "order" not "ord", "timer" not "tim" (too short to tell).
    return term.length >= 6 && base.length >= 3 && VOWEL.test(base) ? [base] : [];
  }
  const single = undouble(term);
  if (single !== term) return [single];
  if (term.length < 3) return [];
  const last = term.at(-1) as string;
  const out = [`${term}er`];
  // A short final syllable doubles its consonant: "log" → "logger", "format" → "formatter" ("formatt").
  if (/[^aeiouy][aeiou][bdgkmnprt]$/.test(term)) out.push(`${term}${last}er`, `${term}${last}`);
  return out;
}

/** British and American spellings of the same word ("initialise" ↔ "initialize", "colour" ↔ "color"). */
function respellings(word: string): string[] {
  const out: string[] = [];
  if (/is(e|ed|es|ing|er|ers|ation|ations)$/.test(word)) out.push(word.replace(/is(\w*)$/, "iz$1"));
  if (/iz(e|ed|es|ing|er|ers|ation|ations)$/.test(word)) out.push(word.replace(/iz(\w*)$/, "is$1"));
  if (word.length >= 6 && /our(s|ed|ing|ite|ites)?$/.test(word)) out.push(word.replace(/our(\w*)$/, "or$1"));
  return out;
}

/**
 * Words that measure the same thing, either way up: a question about a past problem names the problem ("why
 * was the build so slow?", "why were the pages so big?") where the turns that fixed it name the result ("it
 * used to be fast", "the thumbnails are lighter now"). Only measures of speed, size and cost — the things a
 * change is made to improve — so the family stays about one quantity.
 */
const MEASURES = [
  "slow slower slowly slowness fast faster quick quicker speed sluggish",
  "big bigger large larger huge heavy heavier bloated small smaller tiny light lighter size",
  "expensive costly cheap cheaper cost",
].map((g) => [...new Set(g.split(" ").map((w) => processTerm(w) as string))]);
const MEASURE_OF = new Map(MEASURES.flatMap((g) => g.map((t) => [t, g] as const)));

/**
 * The index terms of a prompt's words, each with its family: [term, relatives] for every distinct term, the
 * relatives being the other index terms of the same word (agent noun, other spelling) that `known` holds.
 */
export function wordFamilies(text: string, known: (term: string) => boolean): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const token of tokenize(text)) {
    const term = processTerm(token);
    if (!term) continue;
    const word = token.toLowerCase();
    const rel = new Set(out.get(term) ?? []);
    for (const r of respellings(word)) {
      const t = processTerm(r);
      if (t) rel.add(t);
    }
    for (const t of [term, ...rel]) for (const a of agentForms(t)) rel.add(a);
    for (const t of MEASURE_OF.get(term) ?? []) rel.add(t);
    rel.delete(term);
    out.set(
      term,
      [...rel].filter((t) => known(t)),
    );
  }
  return out;
}

/** Of `terms`, those the query string can carry as words (a term the analyser gives back unchanged). */
export function searchable(terms: Iterable<string>): string[] {
  return [...terms].filter((t) => processTerm(t) === t);
}
