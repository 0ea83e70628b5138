import { stemmer } from "stemmer";
import { lazyRegExp, WORDS } from "../core/lazy-regexp.ts";
import { baseForm } from "./irregular-verbs.ts";
import { TextMemo } from "./text-memo.ts";

/**
 * Text analysis for the lexical index, any language: split on anything that is not a letter, mark or digit;
 * cut runs of scripts written without spaces (Han, Kana, Hangul, Thai, Lao, Khmer, Myanmar) into
 * overlapping character pairs, so "数据库" finds "我们的数据库服务器"; lower-case; fold accents of
 * alphabetic scripts ("café" finds "CAFE"); drop English stop words and possessive "'s"; stem (Porter)
 * only words that read as English (plain a–z), an irregular past form as its verb ("bought" → "buy").
 * Queries and documents go through the same functions, so "paintings" finds "painted".
 */
const STOP = new Set(
  (
    "a an the and or but if of at by for with about against between into through during before after above " +
    "below to from up down in out on off over under again further then once here there when where why how " +
    "all any both each few more most other some such no nor not only own same so than too very s t can will " +
    "just don should now i me my myself we our ours ourselves you your yours yourself yourselves he him his " +
    "himself she her hers herself it its itself they them their theirs themselves what which who whom this " +
    "that these those am is are was were be been being have has had having do does did doing would could " +
    "ought im youre hes shes its were theyre ive youve weve theyve id youd hed shed wed theyd ill youll hell " +
    "shell well theyll isnt arent wasnt werent hasnt havent hadnt doesnt dont didnt wont wouldnt shant " +
    "shouldnt cant cannot couldnt mustnt lets thats whos whats heres theres whens wheres whys hows m re ve ll d"
  ).split(" "),
);

const NON_ASCII = /[^\u0000-\u007f]/;
const NO_SPACE_CHAR =
  "\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}\\p{Script=Thai}\\p{Script=Lao}\\p{Script=Khmer}\\p{Script=Myanmar}\\u30fc";
// Built on first use (src/core/lazy-regexp.ts): ASCII text, the common case, never needs them.
const NO_SPACE = lazyRegExp(`[${NO_SPACE_CHAR}]`, "u");
const NO_SPACE_RUN = lazyRegExp(`(?:[${NO_SPACE_CHAR}]\\p{M}*)+`, "gu");
const CLUSTER = lazyRegExp(String.raw`\P{M}\p{M}*`, "gu");
/** Scripts whose accents and vowel marks can be dropped without changing the letters. */
const FOLDABLE = lazyRegExp(
  String.raw`^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Arabic}\p{Script=Hebrew}\p{M}\p{N}]+$`,
  "u",
);
const MARKS = lazyRegExp(String.raw`\p{M}+`, "gu");

/** Overlapping pairs of characters (a lone character stays itself). */
function pairs(run: string, out: string[]): void {
  const c = run.match(CLUSTER()) ?? [];
  if (c.length === 1) out.push(c[0] as string);
  for (let i = 0; i + 1 < c.length; i++) out.push((c[i] as string) + (c[i + 1] as string));
}

export function tokenize(text: string): string[] {
  const separators = WORDS.separators.for(text);
  const raw = text.split(separators);
  // ASCII text (the twin was picked) has no script written without spaces.
  if (separators === WORDS.separators.ascii || !NO_SPACE().test(text)) return raw;
  const out: string[] = [];
  for (const t of raw) {
    if (!NO_SPACE().test(t)) {
      out.push(t);
      continue;
    }
    let last = 0;
    for (const m of t.matchAll(NO_SPACE_RUN())) {
      if (m.index > last) out.push(t.slice(last, m.index));
      pairs(m[0], out);
      last = m.index + m[0].length;
    }
    if (last < t.length) out.push(t.slice(last));
  }
  return out;
}

/** Tokens already turned into terms (stemming dominated tokenising): bounded, emptied when full. */
const TERM_CACHE = new Map<string, string | null>();
const TERM_CACHE_MAX = 100_000;

/** One raw token → its index term, or null when it carries no meaning (stop word, punctuation). */
export function processTerm(token: string): string | null {
  const known = TERM_CACHE.get(token);
  if (known !== undefined) return known;
  if (TERM_CACHE.size >= TERM_CACHE_MAX) TERM_CACHE.clear();
  const term = termOf(token);
  TERM_CACHE.set(token, term);
  return term;
}

function termOf(token: string): string | null {
  let w = token
    .toLowerCase()
    .replace(/['’]s$/, "")
    .replace(/['’]/g, "");
  if (NON_ASCII.test(w) && FOLDABLE().test(w)) w = w.normalize("NFKD").replace(MARKS(), "").normalize("NFC");
  if (!w || STOP.has(w)) return null;
  // Irregular past forms join their verb first ("bought" → "buy"): the stemmer only joins regular ones.
  return /^[a-z]+$/.test(w) ? stemmer(baseForm(w)) : w;
}

/**
 * Texts already analysed: a prompt's ranking analyses the same turns in several steps (its mentions'
 * sentences, the window re-ranking, the chatter check, the coverage), ~5 ms of a prompt at a million
 * episodes (bench/scale.ts). Bounded by count and by characters (long assistant turns), emptied when full;
 * long texts are not kept.
 */
const TEXT_CACHE = new TextMemo<readonly string[]>(4096, 2_000_000, 8192);

/** Let go of the texts kept (a purge: a forgotten text is not kept in memory either). */
export function forgetAnalysed(): void {
  TEXT_CACHE.clear();
}

/** The index terms of a text, in order (a new array: the caller may change it). */
export function terms(text: string): string[] {
  const known = TEXT_CACHE.get(text);
  if (known) return known.slice();
  const out: string[] = [];
  for (const t of tokenize(text)) {
    const p = processTerm(t);
    if (p) out.push(p);
  }
  TEXT_CACHE.set(text, out.slice());
  return out;
}

// ── dates in a query ("in May 2023", "on 8 May, 2023", "October 24, 2023", "in 2022") ──

const MONTH =
  "(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";
const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const DAY_MONTH_YEAR = new RegExp(
  `\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH},?\\s+(\\d{4})\\b`,
  "gi",
);
const MONTH_DAY_YEAR = new RegExp(`\\b${MONTH}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, "gi");
const MONTH_YEAR = new RegExp(`\\b${MONTH},?\\s+(?:of\\s+)?(\\d{4})\\b`, "gi");
const ISO_DAY = /\b(\d{4})-(\d{2})-(\d{2})\b/g;
const YEAR = /\b(?:in|of|during|since|early|late|mid)\s+(\d{4})\b/gi;

export interface DateWindow {
  /** First and last day of the window, epoch ms (UTC midnight). */
  from: number;
  to: number;
}

const month = (m: string) => MONTHS.indexOf(m.slice(0, 3).toLowerCase());

/**
 * The periods a query names, most precise first: a day, else a month, else a year. Empty when it names
 * none. ("What did Joanna do in January 2022?" → 2022-01-01…2022-01-31.)
 */
export function queryDates(q: string): DateWindow[] {
  const out: DateWindow[] = [];
  const day = (y: number, m: number, d: number) => Date.UTC(y, m, d);
  for (const m of q.matchAll(DAY_MONTH_YEAR)) {
    const t = day(Number(m[3]), month(m[2] as string), Number(m[1]));
    out.push({ from: t, to: t });
  }
  for (const m of q.matchAll(MONTH_DAY_YEAR)) {
    const t = day(Number(m[3]), month(m[1] as string), Number(m[2]));
    out.push({ from: t, to: t });
  }
  for (const m of q.matchAll(ISO_DAY)) {
    const t = day(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
    out.push({ from: t, to: t });
  }
  if (out.length) return out;
  for (const m of q.matchAll(MONTH_YEAR)) {
    const y = Number(m[2]);
    const mo = month(m[1] as string);
    out.push({ from: day(y, mo, 1), to: day(y, mo + 1, 0) });
  }
  if (out.length) return out;
  for (const m of q.matchAll(YEAR)) {
    const y = Number(m[1]);
    out.push({ from: day(y, 0, 1), to: day(y, 11, 31) });
  }
  return out;
}

const DAY_MS = 86_400_000;

/**
 * How well a session date matches the query's periods: 1 inside the period or the week after it (people
 * tell of an event in the days that follow: "last week I…"), 0.5 a few days before or within two weeks
 * after, else 0.
 */
export function dateMatch(ms: number, windows: DateWindow[]): number {
  let best = 0;
  for (const w of windows) {
    if (ms >= w.from && ms < w.to + 8 * DAY_MS) return 1;
    if (ms >= w.from - 3 * DAY_MS && ms < w.to + 15 * DAY_MS) best = 0.5;
  }
  return best;
}
