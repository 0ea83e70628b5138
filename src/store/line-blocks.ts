/**
 * Reads one line of a log back by its byte offset and length, through a small block cache: the turns a
 * reader asks for together (a session, a turn and its neighbours, an index build in log order) usually lie
 * side by side, so one positioned read serves many. `forget()` drops the cache (the file may have changed).
 */
export class LineBlocks {
  readonly #read: (position: number, length: number) => Buffer | null;
  readonly #blockSize: number;
  #start = 0;
  #block: Buffer | null = null;

  constructor(read: (position: number, length: number) => Buffer | null, blockSize = 1 << 16) {
    this.#read = read;
    this.#blockSize = blockSize;
  }

  /** The bytes [offset, offset + length) decoded as UTF-8; null when the file no longer holds them. */
  line(offset: number, length: number): string | null {
    let b = this.#block;
    if (!b || offset < this.#start || offset + length > this.#start + b.length) {
      b = this.#read(offset, Math.max(length, this.#blockSize));
      this.#block = b;
      this.#start = offset;
      if (!b || b.length < length) return null;
    }
    const from = offset - this.#start;
    return b.toString("utf8", from, from + length);
  }

  forget(): void {
    this.#block = null;
  }
}
