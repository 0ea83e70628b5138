/**
 * Keywords for INSTANT detection (seed 003, "Unicode-aware tokenizer … no English stop words"). Without a
 * stop-list, a word is a keyword when it is long enough for its script (4+ code points, or 2+ in dense
 * scripts such as Han, kana, Thai and Hangul) and not a number; words found in most recent exchanges are
 * common words, whatever the language, and are filtered by document frequency where it matters (patterns).
 */
import { codePoints, tokenize } from "../tokens.ts";

const DENSE_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Hangul}]/u;
const NUMBER = /^[\p{N}.,'’_]+$/u;

export function isKeyword(token: string): boolean {
  if (NUMBER.test(token)) return false;
  const n = codePoints(token).length;
  return DENSE_SCRIPT.test(token) ? n >= 2 : n >= 4;
}

/** Distinct keywords of a text, in first-seen order. */
export function keywords(text: string): string[] {
  return [...new Set(tokenize(text).filter(isKeyword))];
}

/** Distinct tokens of a text (every word, for overlap and novelty). */
export function tokenSet(text: string): Set<string> {
  return new Set(tokenize(text));
}
