/** One term's postings in the BM25 index (bm25.ts). */
export interface Posting {
  /** Postings loaded from the index file: [start, start + n) of the shared arrays (`Bm25Parts`). */
  start: number;
  n: number;
  /** Postings added since: document numbers, and the term's count in the text and the context field. */
  d: number[];
  t: number[];
  c: number[];
  /** Documents with the term in the text field, in the context field. */
  dfT: number;
  dfC: number;
}

/**
 * Postings [from, to) of the shared arrays as a term's; with `over` (counts above the file's byte in this
 * range, rare), copied into plain arrays with their exact counts.
 */
export function storedPosting(
  from: number,
  to: number,
  dfT: number,
  dfC: number,
  pd: Uint32Array,
  pt: Uint8Array | Uint32Array,
  pc: Uint8Array | Uint32Array,
  over: Map<number, [number, number]> | null,
): Posting {
  const p: Posting = { start: from, n: to - from, d: [], t: [], c: [], dfT, dfC };
  if (!over) return p;
  for (let i = from; i < to; i++) {
    const [tt, tc] = over.get(i) ?? [pt[i] as number, pc[i] as number];
    p.d.push(pd[i] as number);
    p.t.push(tt);
    p.c.push(tc);
  }
  p.n = 0;
  return p;
}
