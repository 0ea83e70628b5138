/**
 * A regular expression made on first use, for patterns with Unicode property classes (`\p{L}`,
 * `\p{Script=Han}`). V8 checks a regex literal's pattern when it parses the file — even inside a function that
 * never runs — and a property class makes that check look the class up in ICU: ~2 M instructions a literal,
 * twice that when it is also built at load (measured with cachegrind: 20 such literals in uncalled functions
 * cost 38 M instructions, the same patterns through `new RegExp` nothing). Hooks load modules holding dozens of
 * them on every prompt, so those patterns are written as strings and built here when first needed
 * (test/meta/no-property-literals.test.ts keeps them out of regex literals).
 */
export function lazyRegExp(source: string, flags = ""): () => RegExp {
  let re: RegExp | undefined;
  return () => {
    re ??= new RegExp(source, flags);
    return re;
  };
}

const ALL_ASCII = /^[\x00-\x7f]*$/;

/**
 * A Unicode word pattern with its ASCII twin: `for(text)` gives the twin when the text is all ASCII (the same
 * matches there: no letter, digit or mark outside ASCII can occur), so the common case never builds the Unicode
 * one. test/core/lazy-regexp.test.ts checks every pair on seeded ASCII strings.
 */
export interface WordPattern {
  readonly unicode: () => RegExp;
  readonly ascii: RegExp;
  for(text: string): RegExp;
}

export function wordPattern(source: string, flags: string, ascii: RegExp): WordPattern {
  const unicode = lazyRegExp(source, flags);
  return { unicode, ascii, for: (text) => (ALL_ASCII.test(text) ? ascii : unicode()) };
}

/** The word patterns of recall, dedup and the graph (one place, so the ASCII twins are checked together). */
export const WORDS = {
  /** A run of anything that is not a letter, digit or mark: the separators of a tokenizer. */
  separators: wordPattern(String.raw`[^\p{L}\p{N}\p{M}]+`, "gu", /[^A-Za-z0-9]+/g),
  /** A run of letters, digits and marks. */
  word: wordPattern(String.raw`[\p{L}\p{N}\p{M}]+`, "gu", /[A-Za-z0-9]+/g),
  /** Any letter or digit. */
  hasWord: wordPattern(String.raw`[\p{L}\p{N}]`, "u", /[A-Za-z0-9]/),
  /** Any letter. */
  letter: wordPattern(String.raw`\p{L}`, "u", /[A-Za-z]/),
  /** A run of anything that is not a letter or digit. */
  nonAlnum: wordPattern(String.raw`[^\p{L}\p{N}]+`, "gu", /[^A-Za-z0-9]+/g),
  /** A word of three or more letters, digits or underscores. */
  word3: wordPattern(String.raw`[\p{L}\p{N}_]{3,}`, "gu", /[A-Za-z0-9_]{3,}/g),
} as const;
