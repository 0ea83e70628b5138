import { setFlagsFromString } from "node:v8";

/**
 * The resident server's heap, held near its live data (issue 24: the server's memory at a million turns).
 * After each full collection V8 lets the heap grow to a multiple of what survived it before collecting again —
 * up to 4× on a machine with memory to spare, whenever the program makes old garbage fast (a graph build at
 * a million turns, queries reading candidates back). The server's live data is ~0.4 GB of heap at a million
 * turns, so it sat at 2.5 GB of RSS. With `--heap-growing-percent=P` the next collection comes when the heap
 * is (1 + P/100)× the live data: more full collections, measured in docs/benchmarks.md (CPU of the graph
 * build, search CPU per query). The flag is read by V8 at each collection, so setting it at start-up works
 * for the process that sets it. 0 leaves V8's own rule.
 */
export function holdHeap(percent: number): void {
  if (percent > 0) setFlagsFromString(`--heap-growing-percent=${Math.floor(percent)}`);
}
