/** Up to this many scores, sorted natively. */
const NATIVE_SORT_MAX = 32_768;

/**
 * The `k`-th largest of `xs` (duplicates counted; 1 ≤ k ≤ xs.length): what sorting them and taking
 * `xs[xs.length - k]` gives: a native sort of a copy for up to NATIVE_SORT_MAX scores, else a min-heap of the `k`
 * largest (a query touches many more documents than it keeps).
 */
export function kthLargest(xs: Float64Array, k: number): number {
  // A few thousand scores (a cold search at 100k touches ~8 000): the native sort of a copy, where the heap
  // below runs interpreted in a cold process (~1 µs a score). Many more: the heap, linear in them.
  if (xs.length <= NATIVE_SORT_MAX) return Float64Array.from(xs).sort()[xs.length - k] as number;
  return heapKth(xs, k);
}

/** kthLargest from a min-heap of the `k` largest (exported for its test: kthLargest uses it past NATIVE_SORT_MAX). */
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
