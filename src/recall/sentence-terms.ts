import { terms } from "./analyze.ts";

/**
 * A turn's sentences as sets of index terms, for telling a restatement from another mention (restatements.ts):
 * "I went to Woodhaven, a small town in the Midwest" said again later as "…went to Millbrook, a small town in
 * the Midwest" shares most of one sentence, whatever else the two (long) messages hold. Pure.
 */

/** A sentence shorter than this many distinct terms is too common to show a restatement ("Thanks, Ada!"). */
export const MIN_SENTENCE_TERMS = 4;
/** Two sentences are one statement only when they share at least this many terms. */
export const MIN_SHARED = 4;

/** The term sets of the sentences of `text` with at least MIN_SENTENCE_TERMS distinct terms, in order. */
export function sentenceTerms(text: string): Set<string>[] {
  const out: Set<string>[] = [];
  for (const sentence of text.split(/(?<=[.!?])\s+|\n+/)) {
    const ts = new Set(terms(sentence));
    if (ts.size >= MIN_SENTENCE_TERMS) out.push(ts);
  }
  return out;
}

/**
 * What a turn says that a restatement would repeat: the sentence holding the most weight of the query terms
 * the turn matched (`wanted`), or — when it holds none (a reply placed by its neighbour) — the most
 * informative one (most weight in all). Undefined for a turn without such a sentence.
 */
export function keySentence(
  sentences: readonly Set<string>[],
  wanted: ReadonlySet<string>,
  weight: (term: string) => number,
): Set<string> | undefined {
  let best: Set<string> | undefined;
  let bestScore = 0;
  let bestAll = 0;
  for (const s of sentences) {
    let score = 0;
    let all = 0;
    for (const t of s) {
      const w = weight(t);
      all += w;
      if (wanted.has(t)) score += w;
    }
    if (score > bestScore || (score === bestScore && all > bestAll)) {
      best = s;
      bestScore = score;
      bestAll = all;
    }
  }
  return best;
}

/**
 * Whether one of `sentences` restates `key`: at least MIN_SHARED terms in common, and the weight they carry is at least
 * `min` of the two sentences' (weighted Dice: sharing only common words — "a photo of a group of people" —
 * does not make two sentences one statement; a changed value, one or two rare terms, leaves most of it).
 */
export function restates(
  key: ReadonlySet<string>,
  sentences: readonly ReadonlySet<string>[],
  min: number,
  weight: (term: string) => number,
): boolean {
  let keyWeight = 0;
  for (const t of key) keyWeight += weight(t);
  for (const s of sentences) {
    let both = 0;
    let shared = 0;
    let own = 0;
    for (const t of s) {
      const w = weight(t);
      own += w;
      if (key.has(t)) {
        both++;
        shared += w;
      }
    }
    if (both >= MIN_SHARED && keyWeight + own > 0 && (2 * shared) / (keyWeight + own) >= min) return true;
  }
  return false;
}

/** The bit set of `some` terms among the searched ones (bit i: searched[i]). */
export function bitsOf(some: string[], searched: string[]): number {
  let bits = 0;
  for (const t of some) {
    const i = searched.indexOf(t);
    if (i >= 0) bits |= 1 << i;
  }
  return bits;
}
