import { compareKeys, type GraphInput, keyOf, type OrderKey } from "./inputs.ts";
import type { Mark, ReadLog } from "./read-logs.ts";

/**
 * One log read a chunk of records at a time, in its own order: only the chunk being merged is held (a
 * rebuild of a year of sessions reads a million turns; their texts never sit in memory all at once).
 * `mark` is where reading got to: after the last record, the mark one read of the whole log would give.
 */
export class LogCursor<T extends GraphInput> {
  readonly #read: ReadLog<T>;
  readonly #chunk: number;
  #buf: T[] = [];
  #i = 0;
  #done = false;
  mark: Mark;

  constructor(read: ReadLog<T>, from: Mark, chunk: number) {
    this.#read = read;
    this.#chunk = chunk;
    this.mark = from;
  }

  /** The next record, without taking it (undefined at the end of the log). */
  peek(): T | undefined {
    while (this.#i >= this.#buf.length && !this.#done) {
      const from = this.mark.position;
      const r = this.#read(this.mark, this.#chunk);
      this.mark = r.mark;
      this.#buf = r.inputs;
      this.#i = 0;
      // A read that got no further is the log's end (a read with no inputs may still have passed lines).
      if (r.mark.position.offset === from.offset && r.mark.position.line === from.line) this.#done = true;
    }
    return this.#buf[this.#i];
  }

  take(): T | undefined {
    const v = this.peek();
    if (v !== undefined) {
      this.#buf[this.#i] = undefined as unknown as T; // the merged record is not kept by the cursor
      this.#i++;
    }
    return v;
  }
}

/** A merge found a record that sorts before one it already gave: a log was written to while it was read. */
export class OutOfOrder extends Error {}

/**
 * The records of the cursors' logs in the canonical order (src/graph/inputs.ts), as `merge` of the whole logs
 * gives them: each log is in order by itself, so the least head is next. A log appended to during the merge
 * with a record older than one already given throws OutOfOrder (the caller reads the logs whole instead).
 */
export function* mergeCursors(cursors: readonly LogCursor<GraphInput>[]): Generator<GraphInput> {
  let last: OrderKey | null = null;
  for (;;) {
    let best: LogCursor<GraphInput> | null = null;
    let bestKey: OrderKey | null = null;
    for (const c of cursors) {
      const head = c.peek();
      if (head === undefined) continue;
      const k = keyOf(head);
      if (bestKey === null || compareKeys(k, bestKey) < 0) {
        best = c;
        bestKey = k;
      }
    }
    if (best === null || bestKey === null) return;
    if (last !== null && compareKeys(bestKey, last) < 0)
      throw new OutOfOrder("a log changed while it was read");
    last = bestKey;
    yield best.take() as GraphInput;
  }
}
