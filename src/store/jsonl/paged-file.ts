import * as fs from "node:fs";

const PAGE = 4096;
const NL = 10;

/**
 * Bytes of an open file read on demand, a page at a time (cached): what a binary search over a sorted section
 * of the fold snapshot touches is a few pages, not the file (src/store/jsonl/snapshot-base.ts). The file is
 * read through its descriptor, so a snapshot replaced by another process's save (a rename) is not mixed in —
 * or, for a long-lived process, from the file's bytes read whole (its descriptor then closed: a purge by another
 * process frees them). `base` is where offset 0 lies in the file; offsets past `size` read as nothing.
 */
export class PagedFile {
  readonly #src: number | Buffer;
  readonly #base: number;
  readonly size: number;
  readonly #pages = new Map<number, Buffer>();

  constructor(src: number | Buffer, base: number, size: number) {
    this.#src = src;
    this.#base = base;
    this.size = size;
  }

  /** Up to `length` bytes at file position `at` into `into` from `offset`; how many. */
  #read(into: Buffer, offset: number, length: number, at: number): number {
    const src = this.#src;
    if (typeof src === "number") return fs.readSync(src, into, offset, length, at);
    return src.copy(into, offset, at, Math.min(src.length, at + length));
  }

  /** Bytes [start, end), read at once (not cached). */
  slice(start: number, end: number): Buffer {
    const b = Buffer.allocUnsafe(Math.max(0, end - start));
    for (let got = 0; got < b.length; ) {
      const n = this.#read(b, got, b.length - got, this.#base + start + got);
      if (n <= 0) throw new Error("the snapshot ended early");
      got += n;
    }
    return b;
  }

  /** Bytes [start, start + into.length) into `into` (fewer at the end of the file); how many were read. */
  readInto(into: Buffer, start: number): number {
    const want = Math.max(0, Math.min(into.length, this.size - start));
    for (let got = 0; got < want; ) {
      const n = this.#read(into, got, want - got, this.#base + start + got);
      if (n <= 0) throw new Error("the snapshot ended early");
      got += n;
    }
    return want;
  }

  /**
   * The lines starting at these offsets (ascending; each up to its `\n`, or to the end of the file), as
   * `each(i, text)` of the i-th offset: read in windows from an offset to the last one within `window` bytes
   * after it plus `guess` bytes for its line, into one reused buffer — one read for a run of nearby lines,
   * where reading each alone costs a read each. A line longer than its window is read alone.
   */
  linesAt(
    offsets: readonly number[],
    window: number,
    guess: number,
    each: (i: number, text: string) => void,
  ): void {
    const space = Buffer.allocUnsafe(window + guess);
    let buf = space.subarray(0, 0);
    let from = 0;
    for (let i = 0; i < offsets.length; i++) {
      const at = offsets[i] as number;
      let nl = at >= from && at < from + buf.length ? buf.indexOf(NL, at - from) : -1;
      if (nl < 0) {
        let last = at;
        for (let j = i + 1; j < offsets.length && (offsets[j] as number) - at < window; j++)
          last = offsets[j] as number;
        from = at;
        buf = space.subarray(0, this.readInto(space.subarray(0, last + guess - at), at));
        nl = buf.indexOf(NL);
        if (nl < 0 && buf.length < this.size - at) {
          each(i, this.until(NL, at, this.size).toString("utf8"));
          buf = space.subarray(0, 0);
          continue;
        }
        if (nl < 0) nl = buf.length; // the file's last line, without its newline
      }
      each(i, buf.toString("utf8", at - from, nl));
    }
  }

  /** Bytes [start, end) from the cached page when they lie in one (a short field), else read at once. */
  bytes(start: number, end: number): Buffer {
    const n = Math.floor(start / PAGE);
    if (end > start && Math.floor((end - 1) / PAGE) === n)
      return this.#page(n).subarray(start - n * PAGE, end - n * PAGE);
    return this.slice(start, end);
  }

  /**
   * The bytes from `at` to the first `byte` at or after it (excluded; to `limit` when none), read in growing
   * chunks and not cached: one record line of a section a lookup lands in costs one read, where going through
   * the page cache would read and keep a page per lookup.
   */
  until(byte: number, at: number, limit: number): Buffer {
    for (let chunk = 1024; ; chunk *= 4) {
      const stop = Math.min(limit, at + chunk);
      const b = this.slice(at, stop);
      const i = b.indexOf(byte);
      if (i >= 0) return b.subarray(0, i);
      if (stop >= limit) return b;
    }
  }

  #page(n: number): Buffer {
    let p = this.#pages.get(n);
    if (!p) {
      p = this.slice(n * PAGE, Math.min(this.size, (n + 1) * PAGE));
      this.#pages.set(n, p);
    }
    return p;
  }

  byte(i: number): number {
    return this.#page(Math.floor(i / PAGE))[i % PAGE] as number;
  }

  /** First `byte` at or after `from` and before `limit`, else -1. */
  indexOf(byte: number, from: number, limit: number): number {
    for (let at = from; at < limit; ) {
      const n = Math.floor(at / PAGE);
      const i = this.#page(n).indexOf(byte, at - n * PAGE);
      if (i >= 0) return n * PAGE + i < limit ? n * PAGE + i : -1;
      at = (n + 1) * PAGE;
    }
    return -1;
  }

  /** Last `byte` at or before `from` and not below `low`, else -1. */
  lastIndexOf(byte: number, from: number, low: number): number {
    for (let at = from; at >= low; ) {
      const n = Math.floor(at / PAGE);
      const i = this.#page(n).lastIndexOf(byte, at - n * PAGE);
      if (i >= 0) return n * PAGE + i >= low ? n * PAGE + i : -1;
      at = n * PAGE - 1;
    }
    return -1;
  }

  /** Compare bytes [start, end) with `key` (as Buffer.compare: negative when they sort before it). */
  compare(start: number, end: number, key: Buffer): number {
    const n = Math.floor(start / PAGE);
    if (Math.floor((end - 1) / PAGE) === n && end > start)
      return this.#page(n).compare(key, 0, key.length, start - n * PAGE, end - n * PAGE);
    return Buffer.compare(this.slice(start, end), key);
  }
}
