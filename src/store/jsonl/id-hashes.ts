/**
 * The fold snapshot's table from an id to where its records lie (src/store/jsonl/snapshot-base.ts), for a
 * command that looks up many ids at once (a search's 2 000 hits): per record a 32-bit hash of its id, sorted,
 * with the record's type number and the offset of its line beside it, in fixed-width little-endian arrays —
 *
 *   hashes (u32 × n, ascending) | offsets (u32 × n) | type numbers (u8 × n)
 *
 * A look-up is a binary search over plain numbers, where the sorted ids section costs a byte-by-byte key
 * comparison per step (~20 µs an id in a cold process). A hash says only "maybe": two ids may share one, so
 * the caller checks the id on the record line it reads (`candidates` lists every record of that hash and type).
 */

/** FNV-1a over the id's UTF-16 code units (stored in the snapshot: changing it needs a new snapshot version). */
export function idHash(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Bytes of the table for n records. */
export const tableBytes = (n: number): number => 9 * n;

/** The table of these records ([id, type number, offset of its line]); null when an offset does not fit 32 bits. */
export function encodeIdHashes(recs: readonly (readonly [string, number, number])[]): Buffer | null {
  const n = recs.length;
  const rows = recs.map(([id, t, at]) => [idHash(id), t, at] as const);
  if (rows.some(([, , at]) => at > 0xffffffff)) return null;
  rows.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
  const buf = Buffer.alloc(tableBytes(n));
  rows.forEach(([h, t, at], i) => {
    buf.writeUInt32LE(h, 4 * i);
    buf.writeUInt32LE(at, 4 * (n + i));
    buf[8 * n + i] = t;
  });
  return buf;
}

export class IdHashes {
  readonly #hashes: Uint32Array;
  readonly #offsets: Uint32Array;
  readonly #types: Uint8Array;

  /** `buf`: the table of `n` records as encodeIdHashes wrote it. */
  constructor(buf: Buffer, n: number) {
    if (buf.length !== tableBytes(n)) throw new Error("bad snapshot id table");
    // Typed views need their alignment: a buffer that does not start on one is copied.
    const b = buf.byteOffset % 4 === 0 ? buf : Buffer.from(buf);
    this.#hashes = new Uint32Array(b.buffer, b.byteOffset, n);
    this.#offsets = new Uint32Array(b.buffer, b.byteOffset + 4 * n, n);
    this.#types = new Uint8Array(b.buffer, b.byteOffset + 8 * n, n);
  }

  /** Offsets of the records of type number `t` whose id hashes as `id` does (one, as a rule; none when absent). */
  candidates(t: number, id: string): number[] {
    const h = idHash(id);
    const hs = this.#hashes;
    let lo = 0;
    let hi = hs.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((hs[mid] as number) < h) lo = mid + 1;
      else hi = mid;
    }
    const out: number[] = [];
    for (let i = lo; i < hs.length && hs[i] === h; i++)
      if (this.#types[i] === t) out.push(this.#offsets[i] as number);
    return out;
  }
}
