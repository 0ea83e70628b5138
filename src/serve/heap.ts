import { setFlagsFromString } from "node:v8";

/**
 * The resident server's heap, held near its live data (issue 24: the server's memory at a million turns).
 * After each full collection V8 lets the heap grow to a multiple of what survived it before collecting again —
 * up to 4× on a machine with memory to spare, whenever the program makes old garbage fast (a graph build at
 * a million turns, queries reading candidates back). The server's live data is ~0.4 GB of heap at a million
 * turns, so it sat at 2.5 GB of RSS. With `--heap-growing-percent=P` the next collection comes when the heap
 * is (1 + P/100)× the live data. The flag is read by V8 at each collection, so the server sets it for itself
 * and may change it while it runs: 0 is V8's own rule.
 *
 * Two phases, measured at 1M turns (docs/benchmarks.md): while the association graph loads or is built from
 * the logs (minutes of garbage: 3 M edges made to keep 0.5 M), half the setting — the build's peak at 100 %
 * was 1.6 GiB, at 50 % 1.37 GiB; after it, the setting itself — a query's garbage is short-lived, and at 50 %
 * the extra full collections cost a search ~20 ms of CPU (p50 63 ms against 44 ms at 100 %, same RSS).
 */
export function holdHeap(percent: number): void {
  setFlagsFromString(`--heap-growing-percent=${Math.max(0, Math.floor(percent))}`);
}

/** The setting while the graph loads or builds: half of it (0, V8's rule, stays 0). */
export function buildingPercent(percent: number): number {
  return Math.floor(percent / 2);
}
