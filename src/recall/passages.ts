/** Where sentences end: after . ! ? and their full-width forms, and at line breaks. */
export const SENTENCE_END = /[.!?。！？]+["')\]]?(?=\s|$)|[。！？]|\n/gu;

/** Turns longer than this are also indexed as passages. */
export const PASSAGE_FROM = 500;
/** A passage holds whole sentences up to about this many characters (a longer sentence is one passage). */
const PASSAGE_CHARS = 300;

/** Offsets where the sentences of `text` start (the first is 0). */
export function sentenceStarts(text: string): number[] {
  const starts = [0];
  for (const m of text.matchAll(SENTENCE_END)) {
    let s = m.index + m[0].length;
    while (s < text.length && /\s/.test(text[s] as string)) s++;
    if (s < text.length && s > (starts[starts.length - 1] as number)) starts.push(s);
  }
  return starts;
}

/**
 * A long turn's passages: windows of whole sentences of about `PASSAGE_CHARS`, each starting at the last
 * sentence of the one before (so a fact told across two sentences is whole in one of them). Empty for a
 * turn short enough to be matched whole.
 */
export function passages(text: string): string[] {
  if (text.length <= PASSAGE_FROM) return [];
  const starts = sentenceStarts(text);
  const end = (i: number) => (i + 1 < starts.length ? (starts[i + 1] as number) : text.length);
  const out: string[] = [];
  let i = 0;
  while (i < starts.length) {
    let j = i;
    while (j + 1 < starts.length && end(j + 1) - (starts[i] as number) <= PASSAGE_CHARS) j++;
    out.push(text.slice(starts[i], end(j)));
    if (j + 1 >= starts.length) break;
    i = j > i ? j : j + 1;
  }
  return out;
}
