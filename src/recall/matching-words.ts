import { terms } from "./analyze.ts";

/**
 * The index terms of the sentences of `text` that hold one of the query terms a hit matched (what a
 * restatement must repeat; the rest of a long turn is about other things).
 */
export function matchingWords(text: string, searched: string[], mask: number): Set<string> {
  const wanted = new Set(searched.filter((_, i) => mask & (1 << i)));
  const out = new Set<string>();
  for (const sentence of text.split(/(?<=[.!?])\s+|\n+/)) {
    const ts = terms(sentence);
    if (ts.some((t) => wanted.has(t))) for (const t of ts) out.add(t);
  }
  return out;
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
