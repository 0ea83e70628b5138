/**
 * A bounded first-in-first-out multiset: the "Set of 5,000 recent hashes" and the "50,000-cache FIFO" of
 * character n-grams of seed 003 (SELECTION, "Quality Features"). Membership is O(1); the oldest item leaves
 * when the cap is reached; it serialises as its items, oldest first.
 */
export class FifoBag<T extends string | number> {
  private ring: T[] = [];
  private head = 0;
  private counts = new Map<T, number>();

  constructor(readonly cap: number) {}

  static from<T extends string | number>(cap: number, items: readonly T[]): FifoBag<T> {
    const bag = new FifoBag<T>(cap);
    for (const x of items.slice(-cap)) bag.push(x);
    return bag;
  }

  get size(): number {
    return this.ring.length;
  }

  has(x: T): boolean {
    return this.counts.has(x);
  }

  push(x: T): void {
    if (this.ring.length < this.cap) {
      this.ring.push(x);
    } else {
      const old = this.ring[this.head] as T;
      const n = (this.counts.get(old) ?? 1) - 1;
      if (n <= 0) this.counts.delete(old);
      else this.counts.set(old, n);
      this.ring[this.head] = x;
      this.head = (this.head + 1) % this.cap;
    }
    this.counts.set(x, (this.counts.get(x) ?? 0) + 1);
  }

  /** Items, oldest first. */
  toArray(): T[] {
    return [...this.ring.slice(this.head), ...this.ring.slice(0, this.head)];
  }
}
