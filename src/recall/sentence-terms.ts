import { terms } from "./analyze.ts";
import { BOILERPLATE_WEIGHT } from "./preview.ts";
import { TextMemo } from "./text-memo.ts";

/**
 * A turn's sentences as sets of index terms, for telling a restatement from another mention (restatements.ts):
 * "I went to Woodhaven, a small town in the Midwest" said again later as "…went to Millbrook, a small town in
 * the Midwest" shares most of one sentence, whatever else the two (long) messages hold. Pure.
 */

/** A sentence shorter than this many distinct terms is too common to show a restatement ("Thanks, Ada!"). */
export const MIN_SENTENCE_TERMS = 4;
/** Two sentences are one statement only when they share at least this many terms. */
export const MIN_SHARED = 4;

/**
 * The term sets of the sentences of `text`, in order (short ones too: see `keySentences`). What is in square
 * brackets ("[image: a photo of a basketball hoop]", an attachment's caption) is not something the speaker
 * said, and machine captions repeat word for word: it is left out. So are questions: asking "How's the dance
 * studio?" again a month later states nothing, and is no earlier value of anything.
 */
export function sentenceTerms(text: string): Set<string>[] {
  const known = SENTENCES.get(text);
  if (known) return known;
  const out = text
    .replace(/\[[^\]]*\]/g, " ")
    .split(/(?<=[.!?])\s+|\n+/)
    .filter((sentence) => !/\?\s*$/.test(sentence))
    .map((sentence) => new Set(terms(sentence)))
    .filter((ts) => ts.size > 0);
  SENTENCES.set(text, out);
  return out;
}

/**
 * Texts already split and analysed, shared by every caller (none changes them): a search at a million episodes
 * analyses the sentences of its 160 best turns, and the next query's best turns are often many of the same
 * (their analysis was ~17 ms of a ~70 ms search in profiles; the memo saved ~5 % of a search's CPU). At most
 * 16 384 texts and 2M characters (long assistant turns), texts over 8 192 characters not kept (text-memo.ts).
 */
const SENTENCES = new TextMemo<Set<string>[]>(16_384, 2_000_000, 8192);

/** Let go of the texts kept (a purge: a forgotten text is not kept in memory either; analyze.ts `forgetAnalysed`). */
export function forgetSentences(): void {
  SENTENCES.clear();
}

/** At most this many of a turn's sentences are what a restatement of it would repeat. */
export const MAX_KEYS = 6;

/**
 * What a turn says that a restatement would repeat: its sentences holding the query terms the turn matched
 * (`wanted`), and next to one too short to stand alone the sentences beside it (a fact is often told over two:
 * "Highly recommend it! I loved Becoming Nicole by Amy Ellis Nutt."), those holding most of the query's weight first, then the most
 * informative — or, when none holds one (a reply placed by its neighbour), its most informative sentences;
 * only sentences of at least MIN_SENTENCE_TERMS terms, at most `max`.
 */
export function keySentences(
  sentences: readonly Set<string>[],
  wanted: ReadonlySet<string>,
  weight: (term: string) => number,
  max = MAX_KEYS,
): Set<string>[] {
  const scored = sentences.map((s, i) => {
    let score = 0;
    let all = 0;
    for (const t of s) {
      const w = weight(t);
      all += w;
      if (wanted.has(t)) score += w;
    }
    return { s, i, score, all };
  });
  const near = new Set<number>();
  // A sentence holding a query term stands for itself; one too short to ("Highly recommend it!"), with the
  // sentences beside it, which tell the fact. (Always adding the neighbours made a long message a
  // restatement of any turn that repeats the chatter next to its fact.)
  for (const x of scored) {
    if (x.score <= 0) continue;
    near.add(x.i);
    if (x.s.size < MIN_SENTENCE_TERMS) for (const j of [x.i - 1, x.i + 1]) near.add(j);
  }
  return scored
    .filter((x) => x.s.size >= MIN_SENTENCE_TERMS && (near.size === 0 || near.has(x.i)))
    .sort((a, b) => b.score - a.score || b.all - a.all)
    .slice(0, near.size === 0 ? 1 : max)
    .map((x) => x.s);
}

/**
 * Whether one of `sentences` restates one of `keys`: at least MIN_SHARED terms in common, not boilerplate (their
 * mean weight at least `floor`, BOILERPLATE_WEIGHT or `commonFloor`'s: a template said in every message is no statement), and the weight they carry is at least
 * `min` of the two sentences' (weighted Dice: sharing only common words — "a photo of a group of people" —
 * does not make two sentences one statement; a changed value, one or two rare terms, leaves most of it).
 */
export function restates(
  keys: readonly ReadonlySet<string>[],
  sentences: readonly ReadonlySet<string>[],
  min: number,
  weight: (term: string) => number,
  floor = BOILERPLATE_WEIGHT,
): boolean {
  return keys.some((key) => restatesOne(key, sentences, min, weight, floor));
}

function restatesOne(
  key: ReadonlySet<string>,
  sentences: readonly ReadonlySet<string>[],
  min: number,
  weight: (term: string) => number,
  floor: number,
): boolean {
  // Most sentences share fewer than MIN_SHARED terms with the key: counted first, weighed only when they do
  // (a prompt in a large brain compares thousands of sentence pairs; weighing every term was most of its time).
  let keyWeight = -1;
  for (const s of sentences) {
    if (s.size < MIN_SENTENCE_TERMS) continue;
    let both = 0;
    for (const t of s) if (key.has(t)) both++;
    if (both < MIN_SHARED) continue;
    if (keyWeight < 0) {
      keyWeight = 0;
      for (const t of key) keyWeight += weight(t);
    }
    both = 0;
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
    if (both < MIN_SHARED || shared / both < floor) continue;
    if (keyWeight + own > 0 && (2 * shared) / (keyWeight + own) >= min) return true;
  }
  return false;
}

/** The length of a chat turn, in tokens, that BOILERPLATE_WEIGHT is calibrated for (LoCoMo's turns: 25–28). */
export const TURN_TOKENS = 30;

/**
 * The boilerplate floor (BOILERPLATE_WEIGHT) for a brain whose documents hold `meanTokens` tokens on average.
 * A word's weight says in how many documents it occurs; over long messages every word is in more of them, so
 * it weighs less — ordinary words of a fact ("makes", "share", "people") fall under a floor meant for
 * templates. The floor is the weight of a word as common per chat-turn-sized piece as BOILERPLATE_WEIGHT
 * means: in a share p of turns, hence in 1 − (1 − p)^(meanTokens / TURN_TOKENS) of the documents. Never above
 * BOILERPLATE_WEIGHT (short turns keep it).
 */
export function commonFloor(meanTokens: number): number {
  const ratio = meanTokens / TURN_TOKENS;
  if (!(ratio > 1)) return BOILERPLATE_WEIGHT;
  // weight = ln(1 + (1 − p) / p) = ln(1 / p), with the index's smoothing left out.
  const p = Math.exp(-BOILERPLATE_WEIGHT);
  const inDocs = 1 - (1 - p) ** ratio;
  return Math.log(1 / inDocs);
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

/** The terms of the sentences holding one of the `wanted` terms (what the query matched in a turn). */
export function matchingWords(
  sentences: readonly ReadonlySet<string>[],
  wanted: ReadonlySet<string>,
): Set<string> {
  const out = new Set<string>();
  for (const s of sentences) if ([...s].some((t) => wanted.has(t))) for (const t of s) out.add(t);
  return out;
}

/** Dice over two term sets. */
export function dice(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size + b.size === 0) return 0;
  let both = 0;
  for (const t of a) if (b.has(t)) both++;
  return (2 * both) / (a.size + b.size);
}
