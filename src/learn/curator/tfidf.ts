/**
 * TF-IDF surprise (seed 003, SELECTION "TF-IDF mode"): document frequencies from the stored memories
 * (`initTfidfFromTexts`), a locked vocabulary and a centroid primed from the seed texts (`finalizeTfidf`);
 * an item's surprise is its cosine distance to the centroid, which promoted items then join. Words outside
 * the vocabulary get the highest idf. The vocabulary is capped (most frequent words kept).
 */
import { tokenize } from "../tokens.ts";

export const VOCAB_CAP = 10_000;

export interface TfidfState {
  docs: number;
  /** [word, document frequency], the locked vocabulary. */
  df: [string, number][];
  /** Sum of the L2-normalised vectors of the seed texts and promoted items, over vocabulary words. */
  sum: [string, number][];
}

export class Tfidf {
  /** |sum|², recomputed after the centroid moves (in map order, so a restored copy gets the same value). */
  private norm2: number | undefined;

  private constructor(
    readonly docs: number,
    private df: Map<string, number>,
    private sum: Map<string, number>,
  ) {}

  /** Builds the vocabulary from `texts` and primes the centroid with them. */
  static seed(texts: readonly string[]): Tfidf {
    const df = new Map<string, number>();
    const toks = texts.map((t) => tokenize(t));
    for (const ts of toks) for (const w of new Set(ts)) df.set(w, (df.get(w) ?? 0) + 1);
    const kept = [...df].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, VOCAB_CAP);
    const t = new Tfidf(texts.length, new Map(kept), new Map());
    for (const ts of toks) t.add(t.vectorOf(ts));
    return t;
  }

  static fromState(s: TfidfState): Tfidf {
    return new Tfidf(s.docs, new Map(s.df.slice(0, VOCAB_CAP)), new Map(s.sum.slice(0, VOCAB_CAP)));
  }

  toState(): TfidfState {
    return { docs: this.docs, df: [...this.df], sum: [...this.sum] };
  }

  get dimensions(): number {
    return this.sum.size;
  }

  private idf(w: string): number {
    return Math.log((1 + this.docs) / (1 + (this.df.get(w) ?? 0))) + 1;
  }

  /** L2-normalised tf·idf vector of the tokens. */
  vectorOf(tokens: readonly string[]): Map<string, number> {
    const tf = new Map<string, number>();
    for (const w of tokens) tf.set(w, (tf.get(w) ?? 0) + 1);
    const v = new Map<string, number>();
    let norm = 0;
    for (const [w, n] of tf) {
      const x = n * this.idf(w);
      v.set(w, x);
      norm += x * x;
    }
    norm = Math.sqrt(norm);
    if (norm > 0) for (const [w, x] of v) v.set(w, x / norm);
    return v;
  }

  /** Cosine distance of the text to the centroid, in [0, 1] (1 for a text with no words). */
  distance(text: string): number {
    const v = this.vectorOf(tokenize(text));
    let dot = 0;
    if (this.norm2 === undefined) {
      this.norm2 = 0;
      for (const x of this.sum.values()) this.norm2 += x * x;
    }
    const norm = this.norm2;
    for (const [w, x] of v) dot += x * (this.sum.get(w) ?? 0);
    if (v.size === 0 || norm === 0) return 1;
    return Math.min(1, Math.max(0, 1 - dot / Math.sqrt(norm)));
  }

  /** Moves the centroid towards a vector (only vocabulary words count). */
  add(v: Map<string, number>): void {
    this.norm2 = undefined;
    for (const [w, x] of v) if (this.df.has(w)) this.sum.set(w, (this.sum.get(w) ?? 0) + x);
  }

  addText(text: string): void {
    this.add(this.vectorOf(tokenize(text)));
  }
}
