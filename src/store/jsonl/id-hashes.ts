import { isAscii } from "node:buffer";

/**
 * The fold snapshot's table from an id to its records (src/store/jsonl/snapshot-base.ts), for a command that
 * looks up many ids at once (a search's 2 000 hits): per record a 32-bit hash of its id, sorted, and beside it
 * everything a `Rec` holds but its entry — the id itself, its line number, created time, flags and project
 * path — and the offset of its record line in the body. A look-up is a binary search over plain numbers and a
 * comparison of the id's bytes (two ids may share a hash), and gives a record whose entry is read from its line
 * only when asked for: a search ranks its 2 000 hits by these fields and shows a page of them, so it reads a
 * page of lines, not 2 000 (~20 MB of the snapshot in 256 KiB windows at 100k records).
 *
 *   head: u32 n, id bytes, JSON bytes, 0 | created (f64 × n, NaN: none) | hashes (u32 × n, ascending) |
 *   offsets (u32 × n) | line numbers (u32 × n) | project paths (i32 × n, into the JSON's list; -1: none) |
 *   where each id's bytes start (u32 × (n + 1)) | type numbers (u8 × n) | flags (u8 × n) | the ids' UTF-8
 *   bytes | JSON: the distinct project paths
 */

/** FNV-1a over the id's UTF-16 code units (stored in the snapshot: changing it needs a new snapshot version). */
export function idHash(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const HEAD = 16;
/** Bytes of the table of n records with these sizes of ids and JSON. */
const bytesOf = (n: number, idBytes: number, jsonBytes: number): number =>
  HEAD + 8 * n + 4 * n * 4 + 4 * (n + 1) + 2 * n + idBytes + jsonBytes;

/** The size the table starting with these 16 bytes says it has (-1: not a table's head). */
export function tableBytes(head: Buffer): number {
  if (head.length < HEAD) return -1;
  return bytesOf(head.readUInt32LE(0), head.readUInt32LE(4), head.readUInt32LE(8));
}

/** What the table keeps of a record. */
export interface TableRec {
  id: string;
  /** The record's type number (LIVE_TYPES). */
  t: number;
  /** Offset of its line in the snapshot's body. */
  at: number;
  line: number;
  createdMs: number;
  flags: number;
  projectPath: string | undefined;
}

/** The table of these records; null when an offset or a line number does not fit 32 bits. */
export function encodeIdHashes(recs: readonly TableRec[]): Buffer | null {
  const n = recs.length;
  if (recs.some((r) => r.at > 0xffffffff || r.line > 0xffffffff || r.line < 0)) return null;
  const rows = recs.map((r) => ({ h: idHash(r.id), r }));
  rows.sort((a, b) => a.h - b.h || a.r.t - b.r.t || a.r.at - b.r.at);
  const ids = rows.map(({ r }) => Buffer.from(r.id, "utf8"));
  const paths = new Map<string, number>();
  for (const { r } of rows)
    if (r.projectPath !== undefined && !paths.has(r.projectPath)) paths.set(r.projectPath, paths.size);
  const json = Buffer.from(JSON.stringify([...paths.keys()]), "utf8");
  const idBytes = ids.reduce((s, b) => s + b.length, 0);
  const buf = Buffer.alloc(bytesOf(n, idBytes, json.length));
  buf.writeUInt32LE(n, 0);
  buf.writeUInt32LE(idBytes, 4);
  buf.writeUInt32LE(json.length, 8);
  const created = HEAD;
  const hashes = created + 8 * n;
  const offsets = hashes + 4 * n;
  const lines = offsets + 4 * n;
  const pp = lines + 4 * n;
  const idAt = pp + 4 * n;
  const types = idAt + 4 * (n + 1);
  const flags = types + n;
  let idPos = flags + n;
  rows.forEach(({ h, r }, i) => {
    buf.writeDoubleLE(r.createdMs, created + 8 * i);
    buf.writeUInt32LE(h, hashes + 4 * i);
    buf.writeUInt32LE(r.at, offsets + 4 * i);
    buf.writeUInt32LE(r.line, lines + 4 * i);
    buf.writeInt32LE(r.projectPath === undefined ? -1 : (paths.get(r.projectPath) as number), pp + 4 * i);
    buf.writeUInt32LE(idPos - (flags + n), idAt + 4 * i);
    buf[types + i] = r.t;
    buf[flags + i] = r.flags;
    const id = ids[i] as Buffer;
    id.copy(buf, idPos);
    idPos += id.length;
  });
  buf.writeUInt32LE(idBytes, idAt + 4 * n);
  json.copy(buf, idPos);
  return buf;
}

export class IdHashes {
  readonly n: number;
  readonly #created: Float64Array;
  readonly #hashes: Uint32Array;
  readonly #offsets: Uint32Array;
  readonly #lines: Uint32Array;
  readonly #paths: Int32Array;
  readonly #idAt: Uint32Array;
  readonly #types: Uint8Array;
  readonly #flags: Uint8Array;
  readonly #pathList: string[];
  /** The ids' bytes as one string when all ASCII (compared in place), else the bytes. */
  readonly #idText: string | null;
  readonly #idBytes: Buffer;

  /** `buf`: the table as encodeIdHashes wrote it. Throws when it is not one. */
  constructor(buf: Buffer) {
    const size = tableBytes(buf);
    if (size !== buf.length) throw new Error("bad snapshot id table");
    // Typed views need their alignment: a buffer that does not start on one is copied.
    const b = buf.byteOffset % 8 === 0 ? buf : Buffer.from(buf);
    const n = b.readUInt32LE(0);
    const idBytes = b.readUInt32LE(4);
    const ab = b.buffer as ArrayBuffer;
    let at = b.byteOffset + HEAD;
    const take = <V>(make: new (a: ArrayBuffer, o: number, l: number) => V, count: number, size: number) => {
      const v = new make(ab, at, count);
      at += count * size;
      return v;
    };
    this.n = n;
    this.#created = take(Float64Array, n, 8);
    this.#hashes = take(Uint32Array, n, 4);
    this.#offsets = take(Uint32Array, n, 4);
    this.#lines = take(Uint32Array, n, 4);
    this.#paths = take(Int32Array, n, 4);
    this.#idAt = take(Uint32Array, n + 1, 4);
    this.#types = take(Uint8Array, n, 1);
    this.#flags = take(Uint8Array, n, 1);
    const from = at - b.byteOffset;
    this.#idBytes = b.subarray(from, from + idBytes);
    this.#idText = isAscii(this.#idBytes) ? this.#idBytes.toString("latin1") : null;
    this.#pathList = JSON.parse(b.toString("utf8", from + idBytes)) as string[];
    if (this.#idAt[0] !== 0 || this.#idAt[n] !== idBytes || !Array.isArray(this.#pathList))
      throw new Error("bad snapshot id table");
  }

  /** The row of the record of type number `t` with this id, or -1 when the snapshot has none. */
  find(t: number, id: string): number {
    const h = idHash(id);
    const hs = this.#hashes;
    let lo = 0;
    let hi = hs.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((hs[mid] as number) < h) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < hs.length && hs[i] === h; i++)
      if (this.#types[i] === t && this.#idIs(i, id)) return i;
    return -1;
  }

  #idIs(i: number, id: string): boolean {
    const a = this.#idAt[i] as number;
    const b = this.#idAt[i + 1] as number;
    if (this.#idText !== null) return b - a === id.length && this.#idText.startsWith(id, a);
    return this.#idBytes.toString("utf8", a, b) === id;
  }

  /** Row i's record: where its line starts in the body, and the fields a `Rec` holds beside its entry. */
  offset(i: number): number {
    return this.#offsets[i] as number;
  }
  line(i: number): number {
    return this.#lines[i] as number;
  }
  createdMs(i: number): number {
    return this.#created[i] as number;
  }
  flags(i: number): number {
    return this.#flags[i] as number;
  }
  projectPath(i: number): string | undefined {
    const p = this.#paths[i] as number;
    return p >= 0 ? (this.#pathList[p] as string) : undefined;
  }
}
