import { WORDS } from "../core/lazy-regexp.ts";
import type { Analyzer, Word } from "./types.ts";

/** A term of plain a–z needs two letters ("s", "x" say nothing); other scripts' single characters count. */
const TOO_SHORT = /^[a-z]$/;

/**
 * The distinct concepts of a text, in order of first appearance, at most `max`: its index terms (the recall
 * index's tokenizer: every script, stemmed English, character pairs for scripts without spaces), each with
 * the first form it was written in (a concept's label).
 */
export function conceptsOf(text: string, analyze: Analyzer, max: number): Word[] {
  const seen = new Set<string>();
  const out: Word[] = [];
  for (const w of analyze(text)) {
    if (out.length >= max) break;
    if (
      seen.has(w.term) ||
      !WORDS.letter
        .for(w.term)
        .test(w.term) /* a concept has a letter of any script; numbers alone are not */ ||
      TOO_SHORT.test(w.term)
    )
      continue;
    seen.add(w.term);
    out.push({ term: w.term, surface: w.surface.toLowerCase() });
  }
  return out;
}

/** The `n` longest of `words` (ties: the earlier), the ones linked pairwise: longer words say more. */
export function longest(words: readonly Word[], n: number): Word[] {
  return words
    .map((w, i) => ({ w, i }))
    .sort((a, b) => b.w.surface.length - a.w.surface.length || a.i - b.i)
    .slice(0, n)
    .map((x) => x.w);
}

const URL_RE = /\bhttps?:\/\/[^\s<>"'`)\]}]+/g;
/** An absolute or home path of two segments or more, or a relative path that ends in a file name with an extension. */
const PATH_RE =
  /(?:^|[\s("'`[])((?:~|\.{1,2})?\/[\w.@+-]+(?:\/[\w.@+-]+)+\/?|[\w@+-][\w.@+-]*(?:\/[\w.@+-]+)+\.[A-Za-z0-9]{1,8})(?=$|[\s)"'`,;:\]])/g;

/** Paths and URLs a text names (at most `max`, in order): seed 001's path and url neurons. */
export function refsOf(text: string, max: number): { kind: "path" | "url"; ref: string }[] {
  const out: { kind: "path" | "url"; ref: string }[] = [];
  const seen = new Set<string>();
  const add = (kind: "path" | "url", raw: string) => {
    const ref = raw.replace(/[.,;:!?]+$/, "");
    if (out.length < max && ref.length > 2 && !seen.has(ref)) {
      seen.add(ref);
      out.push({ kind, ref });
    }
  };
  for (const m of text.matchAll(URL_RE)) add("url", m[0]);
  const withoutUrls = text.replace(URL_RE, " ");
  for (const m of withoutUrls.matchAll(PATH_RE)) add("path", m[1] as string);
  return out;
}
