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

/**
 * Entries live in slots numbered in insertion order (never reused), so postings hold small integers, a
 * lookup marks the slots it has seen in a stamp array instead of a set, and ties go to the lower slot.
 */
export class NearDupIndex {
  private slotOf = new Map<string, number>();
  private ids: (string | undefined)[] = [];
  private grams: (Set<string> | undefined)[] = [];
  private postings = new Map<string, Set<number>>();
  private stamps: number[] = [];
  private lookup = 0;
  /** Candidates compared exactly so far (for the bench). */
  verified = 0;

  constructor(readonly n = NEAR_DUP_N) {}

  get size(): number {
    return this.slotOf.size;
  }

  /** Adds or replaces an entry. Text without letters or numbers is not indexed (it matches nothing). */
  add(id: string, text: string): void {
    this.remove(id);
    const grams = charNgrams(text, this.n);
    if (grams.size === 0) return;
    const slot = this.ids.length;
    this.slotOf.set(id, slot);
    this.ids.push(id);
    this.grams.push(grams);
    this.stamps.push(0);
    for (const g of grams) {
      let p = this.postings.get(g);
      if (!p) {
        p = new Set();
        this.postings.set(g, p);
      }
      p.add(slot);
    }
  }

  remove(id: string): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.slotOf.delete(id);
    for (const g of this.grams[slot] ?? []) {
      const p = this.postings.get(g);
      p?.delete(slot);
      if (p?.size === 0) this.postings.delete(g);
    }
    this.ids[slot] = undefined;
    this.grams[slot] = undefined;
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
    // Dice ≥ t also bounds the other set's size: t|A|/(2−t) ≤ |B| ≤ (2−t)|A|/t.
    const minSize = (threshold * q.size) / (2 - threshold) - 1e-9;
    const maxSize = ((2 - threshold) * q.size) / threshold + 1e-9;
    const stamp = ++this.lookup;
    let bestSlot = -1;
    let bestSim = 0;
    for (const g of prefix) {
      for (const slot of this.postings.get(g) ?? []) {
        if (this.stamps[slot] === stamp) continue;
        this.stamps[slot] = stamp;
        const gs = this.grams[slot] as Set<string>;
        if (gs.size < minSize || gs.size > maxSize) continue;
        this.verified++;
        const s = dice(q, gs);
        if (s >= threshold && (bestSlot < 0 || s > bestSim || (s === bestSim && slot < bestSlot))) {
          bestSlot = slot;
          bestSim = s;
        }
      }
    }
    return bestSlot < 0 ? undefined : { id: this.ids[bestSlot] as string, similarity: bestSim };
  }

  /** Every entry compared with the query: the baseline the bench measures `best` against. */
  bestNaive(text: string, threshold = NEAR_DUP_THRESHOLD): NearMatch | undefined {
    checkThreshold(threshold);
    const q = charNgrams(text, this.n);
    if (q.size === 0) return undefined;
    let best: NearMatch | undefined;
    // Slots are in insertion order, and `>` keeps the first of equals: the same tie rule as `best`.
    for (let slot = 0; slot < this.ids.length; slot++) {
      const gs = this.grams[slot];
      if (!gs) continue;
      const s = dice(q, gs);
      if (s >= threshold && (!best || s > best.similarity))
        best = { id: this.ids[slot] as string, similarity: s };
    }
    return best;
  }
}

function checkThreshold(t: number): void {
  if (!(t > 0 && t <= 1)) throw new RangeError(`near-duplicate threshold must be in (0, 1], got ${t}`);
}
