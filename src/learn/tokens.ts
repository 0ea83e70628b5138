/**
 * Unicode-aware word tokens and character n-grams for the learning loop (issue 11, seed 003 "Quality
 * Filters": a tokenizer that works for every script, with no English stop-list). Words come from
 * `Intl.Segmenter` (word granularity) when the runtime has it, else from runs of letters and numbers, where
 * a run in a script written without spaces (Han, kana, Thai, …) is cut into character bigrams.
 */
import { normalizeText } from "../core/text.ts";

const WORD_RUN = /[\p{L}\p{N}\p{M}]+(?:['’_.][\p{L}\p{N}\p{M}]+)*/gu;
const HAS_WORD = /[\p{L}\p{N}]/u;
const NO_SPACE_CLASS =
  "\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Thai}\\p{Script=Lao}\\p{Script=Khmer}\\p{Script=Myanmar}";
const NO_SPACE_SCRIPT = new RegExp(`[${NO_SPACE_CLASS}]`, "u");
/** A space next to a character of a script without spaces (where punctuation or a script change put it). */
const SPACE_BY_NO_SPACE = new RegExp(`(?<=[${NO_SPACE_CLASS}]) | (?=[${NO_SPACE_CLASS}])`, "gu");

type Segmenter = { segment(s: string): Iterable<{ segment: string; isWordLike?: boolean }> };

function makeSegmenter(granularity: "word" | "sentence"): Segmenter | undefined {
  const I = (globalThis as { Intl?: { Segmenter?: new (l?: string, o?: object) => Segmenter } }).Intl;
  return I?.Segmenter ? new I.Segmenter(undefined, { granularity }) : undefined;
}

const WORDS = makeSegmenter("word");
const SENTENCES = makeSegmenter("sentence");

/** Code points of a string, so a cut never splits a surrogate pair. */
export function codePoints(s: string): string[] {
  return Array.from(s);
}

/** Bigrams of a run in a script without spaces (a lone character stays a token of its own). */
function bigrams(run: string): string[] {
  const cps = codePoints(run);
  if (cps.length <= 2) return [run];
  const out: string[] = [];
  for (let i = 0; i + 1 < cps.length; i++) out.push(`${cps[i]}${cps[i + 1]}`);
  return out;
}

/** The fallback tokenizer: letter/number runs; runs in scripts without spaces become bigrams. */
export function regexTokens(text: string): string[] {
  const out: string[] = [];
  for (const m of text.normalize("NFKC").toLowerCase().matchAll(WORD_RUN)) {
    const run = m[0];
    if (NO_SPACE_SCRIPT.test(run)) out.push(...bigrams(run));
    else out.push(run);
  }
  return out;
}

/** Lower-cased NFKC word tokens of any script, in order (duplicates kept). */
export function tokenize(text: string): string[] {
  if (!WORDS) return regexTokens(text);
  const out: string[] = [];
  for (const s of WORDS.segment(text.normalize("NFKC").toLowerCase())) {
    if (s.isWordLike && HAS_WORD.test(s.segment)) out.push(s.segment);
  }
  return out;
}

/** Sentences of a text (Intl.Segmenter when present, else cut after . ! ? and their full-width forms). */
export function sentences(text: string): string[] {
  const parts = SENTENCES
    ? Array.from(SENTENCES.segment(text), (s) => s.segment)
    : text.split(/(?<=[.!?。！？؟])\s*/u);
  return parts.map((s) => s.trim()).filter((s) => s.length > 0);
}

/**
 * Distinct character n-grams of the normalised text, padded with one space at each end so that short
 * words and word boundaries count; spaces beside characters of scripts written without spaces are dropped
 * (there they only mark punctuation). Text with no letters or numbers has none.
 */
export function charNgrams(text: string, n: number): Set<string> {
  const norm = normalizeText(text).replace(SPACE_BY_NO_SPACE, "");
  const out = new Set<string>();
  if (norm === "") return out;
  const cps = codePoints(` ${norm} `);
  if (cps.length < n) {
    out.add(cps.join(""));
    return out;
  }
  for (let i = 0; i + n <= cps.length; i++) out.add(cps.slice(i, i + n).join(""));
  return out;
}

/** At most `max` UTF-16 units of `text`, ending with "…" when cut; never splits a surrogate pair. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let out = "";
  for (const cp of text) {
    if (out.length + cp.length > max - 1) break;
    out += cp;
  }
  return `${out.trimEnd()}…`;
}

/** The text on one line (whitespace runs become one space), then truncated to `max` UTF-16 units. */
export function clip(text: string, max: number): string {
  return truncate(text.replace(/\s+/gu, " ").trim(), max);
}
