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
  const heap = new Float64Array(k);
  let size = 0;
  for (let i = 0; i < xs.length; i++) {
    const v = xs[i] as number;
    if (size < k) {
      // Sift up.
      let c = size++;
      while (c > 0) {
        const p = (c - 1) >> 1;
        if ((heap[p] as number) <= v) break;
        heap[c] = heap[p] as number;
        c = p;
      }
      heap[c] = v;
    } else if (v > (heap[0] as number)) {
      // Replace the smallest, sift down.
      let c = 0;
      for (;;) {
        const l = 2 * c + 1;
        if (l >= k) break;
        const r = l + 1;
        const m = r < k && (heap[r] as number) < (heap[l] as number) ? r : l;
        if ((heap[m] as number) >= v) break;
        heap[c] = heap[m] as number;
        c = m;
      }
      heap[c] = v;
    }
  }
  return heap[0] as number;
}
