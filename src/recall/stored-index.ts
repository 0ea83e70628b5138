import { isAscii } from "node:buffer";
import { crypto } from "../store/crypto.ts";
import { type BodyHeader, decodeHeader, SHA_BYTES, type Strings } from "./index-file.ts";

/**
 * The recall index file (src/recall/index-file.ts) read in place: typed views over the file's bytes, a
 * document's id decoded when asked, a term found by binary search over the sorted terms' bytes. Opening it
 * checks the hash and the sections' sizes and parses one small JSON — nothing per document or per term, so a
 * cold `brain search` pays for the terms and documents its query touches, not for the whole index (a full
 * decode, `Bm25.fromParts(decodeIndex(buf).parts)` in test/support/decode-index.ts, is what the lazy form is
 * tested against).
 */
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
  readonly pd: Uint32Array;
  readonly pt: Uint8Array;
  readonly pc: Uint8Array;
  readonly strings: Strings;
  /** Posting numbers with counts above a byte, ascending, and their exact counts. */
  readonly overAt: number[];
  readonly over: Map<number, [number, number]>;
  readonly #data: Buffer;
  readonly #idAt: Uint32Array;
  readonly #ids: number;
  readonly #termAt: Uint32Array;
  readonly #terms: number;
  /** The ids' bytes as one string when they are all ASCII (null: they are not; undefined: not looked yet). */
  #idText: string | null | undefined;

  /**
   * Throws when the file is truncated, corrupted (its hash) or malformed. `checked`: whether the file was
   * already found to match this hash (hex) in the state it was read in (src/store/jsonl/file-check.ts), so it is
   * not hashed again; `matched` is told when it was hashed and matched.
   */
  constructor(buf: Buffer, checked?: { before(sha256: string): boolean; matched(sha256: string): void }) {
    const h = decodeHeader(buf) as ReturnType<typeof decodeHeader> & BodyHeader;
    const { n, terms: T, postings: P, idBytes, termBytes } = h;
    if (![n, T, P, idBytes, termBytes, h.live, h.dead].every((x) => Number.isInteger(x) && x >= 0))
      throw new Error("bad header");
    if (!Number.isFinite(h.sumT) || !Number.isFinite(h.sumC) || h.live + h.dead !== n)
      throw new Error("bad header");
    const stringsAt = h.body + n * 32 + n * 8 + n * 8 + (n + 1) * 4 + (T + 1) * 4 + T * 8 + (T + 1) * 4;
    const end = stringsAt + P * 4 + n * 2 + P * 2 + idBytes + termBytes;
    if (end > buf.length) throw new Error("truncated index file");
    const hashAt = h.body - SHA_BYTES;
    const stored = buf.subarray(hashAt, h.body);
    const hex = stored.toString("hex");
    if (!checked?.before(hex)) {
      const sha = crypto()
        .createHash("sha256")
        .update(buf.subarray(0, hashAt))
        .update(buf.subarray(h.body))
        .digest();
      if (!sha.equals(stored)) throw new Error("index file does not match its hash");
      checked?.matched(hex);
    }
    // Typed views need their element alignment: a buffer from Node's pool may start anywhere.
    const data = buf.byteOffset % 8 === 0 ? buf : Buffer.from(buf);
    let at = data.byteOffset + h.body;
    const view = <V>(make: (b: ArrayBuffer, o: number, l: number) => V, count: number, size: number): V => {
      const v = make(data.buffer as ArrayBuffer, at, count);
      at += count * size;
      return v;
    };
    const f64 = (b: ArrayBuffer, o: number, l: number) => new Float64Array(b, o, l);
    const i32 = (b: ArrayBuffer, o: number, l: number) => new Int32Array(b, o, l);
    const u32 = (b: ArrayBuffer, o: number, l: number) => new Uint32Array(b, o, l);
    const u8 = (b: ArrayBuffer, o: number, l: number) => new Uint8Array(b, o, l);
    this.rec = view(f64, 4 * n, 8);
    this.date = view(f64, n, 8);
    this.session = view(i32, n, 4);
    this.speaker = view(i32, n, 4);
    this.#idAt = view(u32, n + 1, 4);
    this.start = view(u32, T + 1, 4);
    this.dfT = view(u32, T, 4);
    this.dfC = view(u32, T, 4);
    this.#termAt = view(u32, T + 1, 4);
    this.pd = view(u32, P, 4);
    this.kind = view(u8, n, 1);
    this.liveCode = view(u8, n, 1);
    this.pt = view(u8, P, 1);
    this.pc = view(u8, P, 1);
    this.#ids = at - data.byteOffset;
    this.#terms = this.#ids + idBytes;
    const s = JSON.parse(data.subarray(this.#terms + termBytes).toString("utf8")) as Strings;
    if (
      this.#idAt[0] !== 0 ||
      this.#idAt[n] !== idBytes ||
      this.#termAt[0] !== 0 ||
      this.#termAt[T] !== termBytes
    )
      throw new Error("index strings do not match");
    if (this.start[0] !== 0 || this.start[T] !== P) throw new Error("corrupt index");
    this.#data = data;
    this.n = n;
    this.T = T;
    this.live = h.live;
    this.dead = h.dead;
    this.sumT = h.sumT;
    this.sumC = h.sumC;
    this.strings = s;
    this.overAt = s.over.map(([i]) => i);
    this.over = new Map(s.over.map(([i, t, c]) => [i, [t, c]]));
  }

  id(d: number): string {
    const a = this.#idAt[d] as number;
    const b = this.#idAt[d + 1] as number;
    // ASCII ids (the usual case): the ids' bytes decoded once, each id a slice of that string — a decode per
    // id costs microseconds in a cold process, and a search decodes its 2 000 hits'.
    if (this.#idText === undefined) {
      const blob = this.#data.subarray(this.#ids, this.#terms);
      this.#idText = isAscii(blob) ? blob.toString("latin1") : null;
    }
    if (this.#idText !== null) return this.#idText.slice(a, b);
    return this.#data.toString("utf8", this.#ids + a, this.#ids + b);
  }

  term(y: number): string {
    const b = this.#terms;
    return this.#data.toString("utf8", b + (this.#termAt[y] as number), b + (this.#termAt[y + 1] as number));
  }

  /** The number of `term` in the sorted terms, or -1. */
  find(term: string): number {
    const key = Buffer.from(term, "utf8");
    const b = this.#terms;
    let lo = 0;
    let hi = this.T;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const c = this.#data.compare(
        key,
        0,
        key.length,
        b + (this.#termAt[mid] as number),
        b + (this.#termAt[mid + 1] as number),
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
