import { TopK } from "./kth-largest.ts";
import type { Posting } from "./posting.ts";

/**
 * BM25's scoring of one query (bm25.ts `search`) as a merge of the query terms' postings, which are in
 * document order: each document met is scored at once, its terms in the query's order, and written to a
 * compact list. The scatter it replaces added each posting into the document's record of a table over every
 * document (32 bytes each: 32 MB at a million documents), so each posting was a cache miss, and every
 * touched document was visited twice more to finish and to clear it: at a million episodes that was ~15 ms
 * of a prompt's ~45 (bench/scale.ts, a server profile). Here a document's record is read once, for its
 * lengths. The arithmetic is the scatter's (`scoreByScatter`, kept for lists out of order), in the same
 * order: identical scores.
 */

export interface MergeTerm {
  posting: Posting;
  /** The term's bit (1 << its place among the query's distinct terms). */
  bit: number;
  idfT: number;
  idfC: number;
}

export interface Scored {
  count: number;
  docs: Uint32Array;
  /** Final scores (the sum times the number of query terms met in any field). */
  scores: Float64Array;
  /** Query terms met in the text field (bits). */
  masks: Uint32Array;
  /** Documents of the counted kinds with a query term in the text field. */
  total: number;
}

export interface ScoreTable {
  f64: Float64Array;
  live: Uint8Array;
}

export const K1 = 1.2;
export const B = 0.7;
export const DELTA = 0.5;

/**
 * Every live document of the allowed kinds that holds a query term, scored — with `k`, only those that can
 * be among the k best (the rest are counted in `total`, not listed); null when a posting list is not in
 * document order (the caller scores by scatter then).
 */
export function scoreByMerge(
  terms: readonly MergeTerm[],
  shared: { pd: Uint32Array; pt: Uint8Array | Uint32Array; pc: Uint8Array | Uint32Array },
  table: ScoreTable,
  avg: { t: number; c: number },
  allow?: ArrayLike<number>,
  k = 0,
): Scored | null {
  const n = terms.length;
  const { pd, pt, pc } = shared;
  const { f64, live } = table;
  const avgT = avg.t;
  const avgC = avg.c;
  // Each list's cursor: first its run in the shared arrays, then the postings added since.
  const at = new Float64Array(n);
  const end = new Float64Array(n);
  const tail = new Float64Array(n);
  const head = new Float64Array(n);
  let cap = 0;
  for (let q = 0; q < n; q++) {
    const p = (terms[q] as MergeTerm).posting;
    at[q] = p.start;
    end[q] = p.start + p.n;
    tail[q] = 0;
    head[q] =
      p.n > 0 ? (pd[p.start] as number) : p.d.length > 0 ? (p.d[0] as number) : Number.POSITIVE_INFINITY;
    cap += p.n + p.d.length;
  }
  const docs = new Uint32Array(cap);
  const scores = new Float64Array(cap);
  const masks = new Uint32Array(cap);
  // The term counts of the document at hand, and the most each term can add (for the bound below).
  const tts = new Float64Array(n);
  const tcs = new Float64Array(n);
  const most = terms.map((x) => ({ t: mostOf(x.idfT), c: mostOf(x.idfC) }));
  const best = k > 0 && k < cap ? new TopK(k) : null;
  let count = 0;
  let total = 0;
  for (;;) {
    let d = Number.POSITIVE_INFINITY;
    for (let q = 0; q < n; q++) if ((head[q] as number) < d) d = head[q] as number;
    if (d === Number.POSITIVE_INFINITY) break;
    let any = 0;
    let text = 0;
    let bound = 0;
    for (let q = 0; q < n; q++) {
      if (head[q] !== d) continue;
      const x = terms[q] as MergeTerm;
      const p = x.posting;
      const i = at[q] as number;
      if (i < (end[q] as number)) {
        tts[q] = pt[i] as number;
        tcs[q] = pc[i] as number;
        at[q] = i + 1;
      } else {
        const j = tail[q] as number;
        tts[q] = p.t[j] as number;
        tcs[q] = p.c[j] as number;
        tail[q] = j + 1;
      }
      const a = at[q] as number;
      const next =
        a < (end[q] as number)
          ? (pd[a] as number)
          : (tail[q] as number) < p.d.length
            ? (p.d[tail[q] as number] as number)
            : Number.POSITIVE_INFINITY;
      if (next <= d) return null;
      head[q] = next;
      any |= x.bit;
      if ((tts[q] as number) > 0) {
        text |= x.bit;
        bound += (most[q] as { t: number }).t;
      }
      if ((tcs[q] as number) > 0) bound += (most[q] as { c: number }).c;
    }
    const code = live[d] as number;
    if (code === 0 || (allow && !allow[code - 1])) continue;
    if (text !== 0 && (!allow || allow[code - 1] === 1)) total++;
    // A term adds at most `mostOf` its idf whatever the lengths: a document whose bound is under the k-th
    // best score so far cannot be among the k best, and its record (a cache miss) is not read.
    const matched = popcount(any);
    const bound2 = bound * matched;
    if (best && bound2 + Math.abs(bound2) * 1e-9 < best.floor) continue;
    const r = 4 * d;
    let sum = 0;
    for (let q = 0; q < n; q++) {
      const x = terms[q] as MergeTerm;
      if (!(x.bit & any)) continue; // not this document's term
      const tt = tts[q] as number;
      const tc = tcs[q] as number;
      let s = 0;
      if (tt > 0)
        s += x.idfT * (DELTA + (tt * (K1 + 1)) / (tt + K1 * (1 - B + (B * (f64[r + 1] as number)) / avgT)));
      if (tc > 0)
        s += x.idfC * (DELTA + (tc * (K1 + 1)) / (tc + K1 * (1 - B + (B * (f64[r + 2] as number)) / avgC)));
      sum = sum + s;
    }
    const v = sum * matched;
    best?.add(v);
    docs[count] = d;
    scores[count] = v;
    masks[count] = text;
    count++;
  }
  return { count, docs, scores, masks, total };
}

/**
 * The same scores by scatter: each posting added into its document's record of the table (slots 0, 6 and 7,
 * cleared after), for posting lists not in document order (an index file this version did not write).
 */
export function scoreByScatter(
  terms: readonly MergeTerm[],
  shared: { pd: Uint32Array; pt: Uint8Array | Uint32Array; pc: Uint8Array | Uint32Array },
  table: ScoreTable & { u32: Uint32Array },
  avg: { t: number; c: number },
  allow?: ArrayLike<number>,
): Scored {
  const { pd, pt, pc } = shared;
  const { f64, u32, live } = table;
  const touched: number[] = [];
  for (const x of terms) {
    const p = x.posting;
    const end = p.start + p.n;
    for (let i = p.start, j = 0; i < end || j < p.d.length; ) {
      let d: number;
      let tt: number;
      let tc: number;
      if (i < end) {
        d = pd[i] as number;
        tt = pt[i] as number;
        tc = pc[i] as number;
        i++;
      } else {
        d = p.d[j] as number;
        tt = p.t[j] as number;
        tc = p.c[j] as number;
        j++;
      }
      const code = live[d] as number;
      if (code === 0 || (allow && !allow[code - 1])) continue;
      const r = 4 * d;
      const m = 8 * d + 6;
      let s = 0;
      if (tt > 0) {
        s += x.idfT * (DELTA + (tt * (K1 + 1)) / (tt + K1 * (1 - B + (B * (f64[r + 1] as number)) / avg.t)));
        u32[m + 1] = (u32[m + 1] as number) | x.bit;
      }
      if (tc > 0)
        s += x.idfC * (DELTA + (tc * (K1 + 1)) / (tc + K1 * (1 - B + (B * (f64[r + 2] as number)) / avg.c)));
      if (u32[m] === 0) touched.push(d);
      u32[m] = (u32[m] as number) | x.bit;
      f64[r] = (f64[r] as number) + s;
    }
  }
  const out: Scored = {
    count: touched.length,
    docs: Uint32Array.from(touched),
    scores: new Float64Array(touched.length),
    masks: new Uint32Array(touched.length),
    total: 0,
  };
  touched.forEach((d, i) => {
    out.scores[i] = (f64[4 * d] as number) * popcount(u32[8 * d + 6] as number);
    const mask = u32[8 * d + 7] as number;
    out.masks[i] = mask;
    if (mask !== 0 && (!allow || allow[(live[d] as number) - 1] === 1)) out.total++;
    f64[4 * d] = 0;
    u32[8 * d + 6] = 0;
    u32[8 * d + 7] = 0;
  });
  return out;
}

/**
 * The most a term with this idf adds to a score: idf × (δ + tf·(k1+1)/(tf + k1·norm)) with the fraction in
 * (0, k1 + 1) — for a negative idf (document frequencies still counting removed documents), idf × δ.
 */
function mostOf(idf: number): number {
  return idf >= 0 ? idf * (DELTA + K1 + 1) : idf * DELTA;
}

export function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
