import { isAscii } from "node:buffer";
import * as fs from "node:fs";
import { crypto } from "../store/crypto.ts";
import { type BodyHeader, decodeHeader, SHA_BYTES, type Strings } from "./index-file.ts";

/**
 * Where a stored index's bytes come from: the file read whole (a buffer), or its descriptor, read a section at
 * a time — a query then reads the terms' table, the documents' records and its own terms' postings, not every
 * posting (4.8 of the 8.7 MB at 100k entries). `read` gives bytes [start, end) in memory of their own, aligned
 * for typed views.
 */
export interface IndexBytes {
  readonly size: number;
  read(start: number, end: number): Buffer;
  /** Bytes [start, start + into.length) into `into`. */
  into(into: Buffer, start: number): void;
  /** Whether every byte is in memory already (a buffer). */
  readonly whole: boolean;
  /** Let go of the file now (an index not used after all); returns `why`, for the caller's return. */
  close<T>(why: T): T;
}

/** A buffer's bytes (copied once when it does not start on an 8-byte boundary). */
export function bufferBytes(buf: Buffer): IndexBytes {
  const data = buf.byteOffset % 8 === 0 ? buf : Buffer.from(buf);
  return {
    size: data.length,
    whole: true,
    read: (start, end) => data.subarray(start, end),
    into: (into, start) => {
      data.copy(into, 0, start, start + into.length);
    },
    close: (why) => why,
  };
}

/**
 * An open file read whole, then closed (a long-lived process keeps no descriptor: a purge frees its bytes);
 * `read` is told once the bytes are in, before the descriptor closes (file-check.ts `settle`).
 */
export function wholeFile(fd: number, size: number, read?: () => void): IndexBytes {
  try {
    const buf = Buffer.allocUnsafeSlow(size);
    let got = 0;
    while (got < size) {
      const n = fs.readSync(fd, buf, got, size - got, got);
      if (n <= 0) break; // cut short: the header's sizes say so (a truncated file is rebuilt)
      got += n;
    }
    read?.();
    return bufferBytes(buf.subarray(0, got));
  } finally {
    fs.closeSync(fd);
  }
}

/** An open file's bytes, read when asked (the descriptor is closed when the reader is collected). */
export function fileBytes(fd: number, size: number): IndexBytes {
  const bytes: IndexBytes = {
    size,
    whole: false,
    read(start, end) {
      if (end < start) throw new Error("truncated index file");
      const b = Buffer.allocUnsafeSlow(end - start);
      bytes.into(b, start);
      return b;
    },
    into(b, start) {
      if (start < 0 || start + b.length > size) throw new Error("truncated index file");
      for (let got = 0; got < b.length; ) {
        const n = fs.readSync(fd, b, got, b.length - got, start + got);
        if (n <= 0) throw new Error("truncated index file");
        got += n;
      }
    },
    close(why) {
      if (closeWhenGone.unregister(bytes)) fs.closeSync(fd);
      return why;
    },
  };
  closeWhenGone.register(bytes, fd, bytes);
  return bytes;
}

const closeWhenGone = new FinalizationRegistry<number>((fd) => {
  try {
    fs.closeSync(fd);
  } catch {
    /* already closed */
  }
});

/** The bytes' header (decodeHeader), reading only as far as it goes. */
export function headerOf(src: IndexBytes): ReturnType<typeof decodeHeader> {
  const first = src.read(0, Math.min(src.size, 12));
  const hlen = first.length >= 12 ? first.readUInt32LE(8) : 0;
  const upTo = Math.min(src.size, 12 + hlen + 8 + SHA_BYTES);
  return decodeHeader(src.read(0, upTo));
}

export class StoredIndex {
  readonly n: number;
  readonly T: number;
  readonly live: number;
  readonly dead: number;
  readonly sumT: number;
  readonly sumC: number;
  /** Per document, the record scoring uses (doc-table.ts: 4 f64 each). */
  readonly rec: Float64Array;
  readonly date: Float64Array;
  readonly session: Int32Array;
  readonly speaker: Int32Array;
  readonly kind: Uint8Array;
  /** Kind + 1 of a live document, 0 for a superseded one. */
  readonly liveCode: Uint8Array;
  /** Term y's postings are [start[y], start[y + 1]) of pd / pt / pc. */
  readonly start: Uint32Array;
  readonly dfT: Uint32Array;
  readonly dfC: Uint32Array;
  /**
   * The postings: document numbers, text and context counts. Read from a file, they are arrays of the full size
   * whose runs are filled when asked for (`read`; the rest are pages never touched): a query reads its own terms'.
   */
  readonly pd: Uint32Array;
  readonly pt: Uint8Array;
  readonly pc: Uint8Array;
  readonly strings: Strings;
  /** Posting numbers with counts above a byte, ascending, and their exact counts. */
  readonly overAt: number[];
  readonly over: Map<number, [number, number]>;
  readonly #src: IndexBytes;
  readonly #idAt: Uint32Array;
  readonly #idBytes: Buffer;
  readonly #termAt: Uint32Array;
  readonly #termBytes: Buffer;
  /** Where the postings' sections start: document numbers (u32), text and context counts (u8 each). */
  readonly #pdAt: number;
  readonly #ptAt: number;
  readonly #pcAt: number;
  readonly P: number;
  /** Whether every posting is in `pd` / `pt` / `pc`. */
  #all: boolean;
  /** The ids' bytes as one string when they are all ASCII (null: they are not; undefined: not looked yet). */
  #idText: string | null | undefined;

  /**
   * Throws when the file is truncated, corrupted (its hash) or malformed. `checked`: whether the file was
   * already found to match this hash (hex) in the state it was read in (src/store/jsonl/file-check.ts), so it is
   * not hashed again; `matched` is told when it was hashed and matched.
   */
  constructor(
    bytes: Buffer | IndexBytes,
    checked?: { before(sha256: string): boolean; matched(sha256: string): void },
  ) {
    const src = Buffer.isBuffer(bytes) ? bufferBytes(bytes) : bytes;
    const h = headerOf(src) as ReturnType<typeof decodeHeader> & BodyHeader;
    const { n, terms: T, postings: P, idBytes, termBytes } = h;
    if (![n, T, P, idBytes, termBytes, h.live, h.dead].every((x) => Number.isInteger(x) && x >= 0))
      throw new Error("bad header");
    if (!Number.isFinite(h.sumT) || !Number.isFinite(h.sumC) || h.live + h.dead !== n)
      throw new Error("bad header");
    const stringsAt = h.body + n * 32 + n * 8 + n * 8 + (n + 1) * 4 + (T + 1) * 4 + T * 8 + (T + 1) * 4;
    const end = stringsAt + P * 4 + n * 2 + P * 2 + idBytes + termBytes;
    if (end > src.size) throw new Error("truncated index file");
    const hashAt = h.body - SHA_BYTES;
    const stored = src.read(hashAt, h.body);
    const hex = stored.toString("hex");
    if (!checked?.before(hex)) {
      const sha = crypto()
        .createHash("sha256")
        .update(src.read(0, hashAt))
        .update(src.read(h.body, src.size))
        .digest();
      if (!sha.equals(stored)) throw new Error("index file does not match its hash");
      checked?.matched(hex);
    }
    // Each section read on its own (aligned for its typed view); the postings only term by term (`postings`).
    let at = h.body;
    const section = (size: number): ArrayBuffer & { offset: number } => {
      const b = src.read(at, at + size);
      at += size;
      return Object.assign(b.buffer as ArrayBuffer, { offset: b.byteOffset });
    };
    const f64 = (count: number) => {
      const b = section(count * 8);
      return new Float64Array(b, b.offset, count);
    };
    const i32 = (count: number) => {
      const b = section(count * 4);
      return new Int32Array(b, b.offset, count);
    };
    const u32 = (count: number) => {
      const b = section(count * 4);
      return new Uint32Array(b, b.offset, count);
    };
    const u8 = (count: number) => {
      const b = section(count);
      return new Uint8Array(b, b.offset, count);
    };
    this.rec = f64(4 * n);
    this.date = f64(n);
    this.session = i32(n);
    this.speaker = i32(n);
    this.#idAt = u32(n + 1);
    this.start = u32(T + 1);
    this.dfT = u32(T);
    this.dfC = u32(T);
    this.#termAt = u32(T + 1);
    this.#pdAt = at;
    this.pd = src.whole ? u32(P) : new Uint32Array(P);
    at = this.#pdAt + P * 4;
    this.kind = u8(n);
    this.liveCode = u8(n);
    this.#ptAt = at;
    this.#pcAt = at + P;
    this.pt = src.whole ? u8(P) : new Uint8Array(P);
    this.pc = src.whole ? u8(P) : new Uint8Array(P);
    at = this.#pcAt + P;
    this.#all = src.whole;
    this.#idBytes = src.read(at, at + idBytes);
    this.#termBytes = src.read(at + idBytes, at + idBytes + termBytes);
    const s = JSON.parse(src.read(at + idBytes + termBytes, src.size).toString("utf8")) as Strings;
    if (
      this.#idAt[0] !== 0 ||
      this.#idAt[n] !== idBytes ||
      this.#termAt[0] !== 0 ||
      this.#termAt[T] !== termBytes
    )
      throw new Error("index strings do not match");
    if (this.start[0] !== 0 || this.start[T] !== P) throw new Error("corrupt index");
    this.#src = src;
    this.n = n;
    this.T = T;
    this.P = P;
    this.live = h.live;
    this.dead = h.dead;
    this.sumT = h.sumT;
    this.sumC = h.sumC;
    this.strings = s;
    this.overAt = s.over.map(([i]) => i);
    this.over = new Map(s.over.map(([i, t, c]) => [i, [t, c]]));
  }

  /** Make postings [from, to) (of term y: [start[y], start[y + 1])) hold the file's. */
  read(from: number, to: number): void {
    if (this.#all) return;
    if (from < 0 || to < from || to > this.P) throw new Error("corrupt index");
    const part = (a: Uint8Array | Uint32Array, size: number, at: number) =>
      this.#src.into(Buffer.from(a.buffer, a.byteOffset + size * from, size * (to - from)), at + size * from);
    part(this.pd, 4, this.#pdAt);
    part(this.pt, 1, this.#ptAt);
    part(this.pc, 1, this.#pcAt);
  }

  /** Every posting at once (a save writes them all). */
  readAll(): void {
    if (this.#all) return;
    this.read(0, this.P);
    this.#all = true;
  }

  id(d: number): string {
    const a = this.#idAt[d] as number;
    const b = this.#idAt[d + 1] as number;
    // ASCII ids (the usual case): the ids' bytes decoded once, each id a slice of that string — a decode per
    // id costs microseconds in a cold process, and a search decodes its 2 000 hits'.
    if (this.#idText === undefined) {
      const blob = this.#idBytes;
      this.#idText = isAscii(blob) ? blob.toString("latin1") : null;
    }
    if (this.#idText !== null) return this.#idText.slice(a, b);
    return this.#idBytes.toString("utf8", a, b);
  }

  term(y: number): string {
    return this.#termBytes.toString("utf8", this.#termAt[y] as number, this.#termAt[y + 1] as number);
  }

  /** The number of `term` in the sorted terms, or -1. */
  find(term: string): number {
    const key = Buffer.from(term, "utf8");
    let lo = 0;
    let hi = this.T;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const c = this.#termBytes.compare(
        key,
        0,
        key.length,
        this.#termAt[mid] as number,
        this.#termAt[mid + 1] as number,
      );
      if (c === 0) return mid;
      if (c < 0) lo = mid + 1;
      else hi = mid;
    }
    return -1;
  }

  sessionOf(d: number): string | undefined {
    const k = this.session[d] as number;
    return k < 0 ? undefined : (this.strings.sessions[k] as string);
  }

  speakerOf(d: number): string | undefined {
    const k = this.speaker[d] as number;
    return k < 0 ? undefined : (this.strings.speakers[k] as string);
  }

  /** Whether a posting of [from, to) has counts above a byte (listed in `over`). */
  hasOver(from: number, to: number): boolean {
    let lo = 0;
    let hi = this.overAt.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.overAt[mid] as number) < from) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.overAt.length && (this.overAt[lo] as number) < to;
  }
}
