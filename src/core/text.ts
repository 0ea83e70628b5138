import { WORDS } from "./lazy-regexp.ts";

/**
 * Text normalisation for dedup. Rho lower-cases and collapses everything outside [a-z0-9] to a space,
 * which erases "café" to "caf" and CJK text to nothing. Ours keeps every letter, number and combining mark
 * of any script (after NFKC, so composed and decomposed accents compare equal). A word made only of marks
 * is dropped: "❤️" is U+2764 + the variation selector U+FE0F (a mark), and must normalise to "" (never a
 * duplicate) rather than to a lone selector that every other emoji-with-selector would collide with.
 */

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const ASCII_NON_WORD = /[^a-z0-9]+/g;

export function normalizeText(s: string): string {
  // Fast path with the same result: in printable ASCII, letters and digits are the only word characters,
  // and NFKC changes nothing.
  if (PRINTABLE_ASCII.test(s)) return s.toLowerCase().replace(ASCII_NON_WORD, " ").trim();
  return s
    .normalize("NFKC")
    .toLowerCase()
    .replace(WORDS.separators.unicode(), " ")
    .split(" ")
    .filter((w) => WORDS.hasWord.unicode().test(w))
    .join(" ");
}

/** The text an entry is deduplicated on: `text`, else `description` (as Rho does). */
export function dedupText(e: Record<string, unknown>): string {
  const raw = typeof e.text === "string" ? e.text : typeof e.description === "string" ? e.description : "";
  return normalizeText(raw);
}

/** Rho's token estimate: ~4 characters a token. */
export function approxTokens(s: string): number {
  return tokensOfChars(s.length);
}

/** The same estimate for a length already counted. */
export function tokensOfChars(chars: number): number {
  return Math.ceil(chars / 4);
}

/** A field's value as text: a string as it is, null or undefined as "", anything else through String(). */
export function str(v: unknown): string {
  return typeof v === "string" ? v : v === undefined || v === null ? "" : String(v);
}
