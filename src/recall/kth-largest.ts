/** Up to this many scores, a cold process's first calls sort natively. */
const NATIVE_SORT_MAX = 32_768;

/**
 * The `k`-th largest of `xs` (duplicates counted; 1 ≤ k ≤ xs.length): what sorting them and taking
 * `xs[xs.length - k]` gives: in a process's first calls a native sort of a copy, then a min-heap of the `k`
 * largest (a query touches many more documents than it keeps).
 */
export function kthLargest(xs: Float64Array, k: number): number {
  // A process's first queries run the heap below interpreted (~1 µs a score: ~8 ms for the ~8 000 scores of a
  // search at 100k), where a native sort of a copy takes under 1 ms; once compiled, the heap is the faster
  // (0.4 against 0.7 ms there), and linear in many more scores.
  if (coldCalls > 0 && xs.length <= NATIVE_SORT_MAX) {
    coldCalls--;
    return Float64Array.from(xs).sort()[xs.length - k] as number;
  }
  return heapKth(xs, k);
}

/** How many more calls sort natively (a CLI command makes one to a few; a server goes on with the heap). */
let coldCalls = 4;

/** kthLargest from a min-heap of the `k` largest (exported for its test: what kthLargest uses once warm). */
export function heapKth(xs: Float64Array, k: number): number {
  const top = new TopK(k);
  for (let i = 0; i < xs.length; i++) top.add(xs[i] as number);
  return top.floor;
}

/** The k largest values seen (a min-heap): `floor` is the k-th largest once k were added, else -∞. */
export class TopK {
  readonly #heap: Float64Array;
  #size = 0;
  constructor(k: number) {
    this.#heap = new Float64Array(k);
  }
  get floor(): number {
    return this.#size < this.#heap.length ? Number.NEGATIVE_INFINITY : (this.#heap[0] as number);
  }
  add(v: number): void {
    const h = this.#heap;
    if (this.#size < h.length) {
      let i = this.#size++;
      while (i > 0) {
        const up = (i - 1) >> 1;
        if ((h[up] as number) <= v) break;
        h[i] = h[up] as number;
        i = up;
      }
      h[i] = v;
      return;
    }
    if (v <= (h[0] as number)) return;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= h.length) break;
      const c = l + 1 < h.length && (h[l + 1] as number) < (h[l] as number) ? l + 1 : l;
      if ((h[c] as number) >= v) break;
      h[i] = h[c] as number;
      i = c;
    }
    h[i] = v;
  }
}
