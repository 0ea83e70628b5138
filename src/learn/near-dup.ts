/**
 * Near-duplicate detection for the learning loop (issue 11 step 2, "Dedup … near-duplicate detection
 * (character n-gram similarity against existing entries)"): Dice similarity of the sets of character
 * trigrams of the normalised texts, found through an inverted index (trigram → ids) with a prefix filter
 * on the rarest trigrams, so a lookup reads few postings instead of comparing against every entry.
 */
import { charNgrams } from "./tokens.ts";

export const NEAR_DUP_N = 3;
export const NEAR_DUP_THRESHOLD = 0.8;

export interface NearMatch {
  id: string;
  similarity: number;
}

/** Dice coefficient 2|A∩B| / (|A|+|B|) of two sets (1 for two empty sets). */
export function dice(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  const [small, big] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const g of small) if (big.has(g)) shared++;
  return (2 * shared) / (a.size + b.size);
}

/** Similarity of two texts as the index measures it. */
export function similarity(a: string, b: string, n = NEAR_DUP_N): number {
  return dice(charNgrams(a, n), charNgrams(b, n));
}

interface Indexed {
  grams: Set<string>;
  /** Insertion rank: ties go to the entry added first. */
  order: number;
}

export class NearDupIndex {
  private entries = new Map<string, Indexed>();
  private postings = new Map<string, Set<string>>();
  private next = 0;

  constructor(readonly n = NEAR_DUP_N) {}

  get size(): number {
    return this.entries.size;
  }

  /** Adds or replaces an entry. Text without letters or numbers is not indexed (it matches nothing). */
  add(id: string, text: string): void {
    this.remove(id);
    const grams = charNgrams(text, this.n);
    if (grams.size === 0) return;
    this.entries.set(id, { grams, order: this.next++ });
    for (const g of grams) {
      let p = this.postings.get(g);
      if (!p) {
        p = new Set();
        this.postings.set(g, p);
      }
      p.add(id);
    }
  }

  remove(id: string): void {
    const e = this.entries.get(id);
    if (!e) return;
    this.entries.delete(id);
    for (const g of e.grams) {
      const p = this.postings.get(g);
      p?.delete(id);
      if (p?.size === 0) this.postings.delete(g);
    }
  }

  /**
   * The most similar entry with similarity ≥ threshold (ties: the entry added first), or undefined. An
   * entry that reaches the threshold shares at least ⌈t|A|/(2−t)⌉ of the query's |A| trigrams, hence one of
   * its rarest |A| − ⌈t|A|/(2−t)⌉ + 1: only those postings are read, and each candidate is verified exactly.
   */
  best(text: string, threshold = NEAR_DUP_THRESHOLD): NearMatch | undefined {
    checkThreshold(threshold);
    const q = charNgrams(text, this.n);
    if (q.size === 0) return undefined;
    const minOverlap = Math.max(1, Math.ceil((threshold * q.size) / (2 - threshold) - 1e-9));
    const rarity = (g: string) => this.postings.get(g)?.size ?? 0;
    const prefix = [...q].sort((a, b) => rarity(a) - rarity(b)).slice(0, q.size - minOverlap + 1);
    const seen = new Set<string>();
    let best: (NearMatch & { order: number }) | undefined;
    for (const g of prefix) {
      for (const id of this.postings.get(g) ?? []) {
        if (seen.has(id)) continue;
        seen.add(id);
        const e = this.entries.get(id) as Indexed;
        const s = dice(q, e.grams);
        if (s < threshold) continue;
        if (!best || s > best.similarity || (s === best.similarity && e.order < best.order))
          best = { id, similarity: s, order: e.order };
      }
    }
    return best && { id: best.id, similarity: best.similarity };
  }

  /** Every entry compared with the query: the baseline the bench measures `best` against. */
  bestNaive(text: string, threshold = NEAR_DUP_THRESHOLD): NearMatch | undefined {
    checkThreshold(threshold);
    const q = charNgrams(text, this.n);
    if (q.size === 0) return undefined;
    let best: NearMatch | undefined;
    // Map order is insertion order, and `>` keeps the first of equals: the same tie rule as `best`.
    for (const [id, e] of this.entries) {
      const s = dice(q, e.grams);
      if (s >= threshold && (!best || s > best.similarity)) best = { id, similarity: s };
    }
    return best;
  }
}

function checkThreshold(t: number): void {
  if (!(t > 0 && t <= 1)) throw new RangeError(`near-duplicate threshold must be in (0, 1], got ${t}`);
}
