import type { PositionedReader } from "./event-store.ts";

const SMALL = 4096;

/**
 * Reads one line of a log back by its byte offset and length, through a small block cache: the turns a
 * reader asks for together (a session, a turn and its neighbours, an index build in log order) usually lie
 * side by side, so one positioned read serves many. The file is opened on the first read and kept open until
 * `forget()`, which the owner calls whenever it looks at the log again (it may have been replaced since).
 */
export class LineBlocks {
  readonly #open: () => PositionedReader | null;
  readonly #blockSize: number;
  #reader: PositionedReader | null = null;
  #start = 0;
  #block: Buffer | null = null;

  constructor(open: () => PositionedReader | null, blockSize = 1 << 16) {
    this.#open = open;
    this.#blockSize = blockSize;
  }

  /** The bytes [offset, offset + length) decoded as UTF-8; null when the file does not hold them. */
  line(offset: number, length: number): string | null {
    let b = this.#block;
    if (!b || offset < this.#start || offset + length > this.#start + b.length) {
      this.#reader ??= this.#open();
      // Reading on from the end of the last block (a pass in log order): a large block; a turn here and there
      // (a query's candidates): little more than the line.
      const onward = b !== null && offset === this.#start + b.length;
      b = this.#reader?.read(offset, Math.max(length, onward ? this.#blockSize : SMALL)) ?? null;
      this.#block = b;
      this.#start = offset;
      if (!b || b.length < length) return null;
    }
    const from = offset - this.#start;
    return b.toString("utf8", from, from + length);
  }

  /** Drop the cached block and close the file (the next read opens the log as it is then). */
  forget(): void {
    this.#block = null;
    this.#reader?.close();
    this.#reader = null;
  }
}
