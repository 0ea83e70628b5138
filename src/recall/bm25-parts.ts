/** An index as plain arrays (what the file stores); postings of term x are the next count[x] of pd/pt/pc. */
export interface Bm25Parts {
  ids: string[];
  kind: ArrayLike<number>;
  session: (string | undefined)[];
  speaker: (string | undefined)[];
  date: (number | undefined)[];
  lenT: ArrayLike<number>;
  lenC: ArrayLike<number>;
  alive: ArrayLike<boolean | number>;
  terms: string[];
  count: Uint32Array;
  pd: Uint32Array;
  pt: Uint8Array | Uint32Array;
  pc: Uint8Array | Uint32Array;
  /** Counts that did not fit `pt` / `pc`: posting index → [text count, context count]. */
  over?: Map<number, [number, number]>;
  /** Per term, its documents with it in the text field and in the context field (counted when absent). */
  df?: { text: Uint32Array; ctx: Uint32Array };
}
