import { COLUMN_TYPES, type Columns, type ColumnType, columnsOf, type Row } from "../../core/columns.ts";
import type { Rec } from "../../core/rec.ts";

/**
 * The snapshot's columns section (core/columns.ts): one JSON line (per column type: its row count and
 * strings; the blob's length), then the blob and a newline. The blob holds, per type in COLUMN_TYPES order, the byte offset of each row's
 * record line in the body (f64), num (f64), str (i32), flags, ok, prio (u8 each), padded to 8 bytes.
 * Decoded whole on first use (a few bytes a record), never by commands that do not rank.
 */
interface Meta {
  types: Partial<Record<ColumnType, { n: number; strings: string[] }>>;
  bytes: number;
}

const pad8 = (n: number) => (n + 7) & ~7;
const bytesFor = (n: number) => pad8(16 * n + 4 * n + 3 * n);

export function encodeColumns(cols: ReadonlyMap<ColumnType, { rows: Row[]; offsets: number[] }>): Buffer[] {
  const meta: Meta = { types: {}, bytes: 0 };
  let size = 0;
  for (const t of COLUMN_TYPES) size += bytesFor(cols.get(t)?.rows.length ?? 0);
  const buf = new ArrayBuffer(size);
  let at = 0;
  for (const t of COLUMN_TYPES) {
    const col = cols.get(t);
    const n = col?.rows.length ?? 0;
    const c = columnsOf(col?.rows ?? [], () => {
      throw new Error("unreachable");
    });
    meta.types[t] = { n, strings: [...c.strings] };
    new Float64Array(buf, at, n).set(col?.offsets ?? []);
    new Float64Array(buf, at + 8 * n, n).set(c.num);
    new Int32Array(buf, at + 16 * n, n).set(c.str);
    new Uint8Array(buf, at + 20 * n, n).set(c.flags);
    new Uint8Array(buf, at + 21 * n, n).set(c.ok);
    new Uint8Array(buf, at + 22 * n, n).set(c.prio);
    at += bytesFor(n);
  }
  meta.bytes = size;
  return [Buffer.from(`${JSON.stringify(meta)}\n`), Buffer.from(buf), Buffer.from("\n")];
}

/** The columns of every column type, each row's record read by `at(type, offset)` when asked. */
export function decodeColumns(
  section: Buffer,
  at: (type: ColumnType, offset: number) => Rec,
): Map<ColumnType, Columns> {
  const nl = section.indexOf(10);
  const meta = JSON.parse(section.subarray(0, nl).toString("utf8")) as Meta;
  if (nl + 1 + meta.bytes + 1 !== section.length) throw new Error("bad snapshot columns");
  // Copied into memory of its own (aligned for the 8-byte columns).
  const buf = new Uint8Array(meta.bytes);
  buf.set(section.subarray(nl + 1, nl + 1 + meta.bytes));
  const ab = buf.buffer;
  const out = new Map<ColumnType, Columns>();
  let p = 0;
  for (const t of COLUMN_TYPES) {
    const m = meta.types[t];
    const n = m?.n ?? 0;
    if (p + bytesFor(n) > ab.byteLength) throw new Error("bad snapshot columns");
    const offsets = new Float64Array(ab, p, n);
    out.set(t, {
      n,
      num: new Float64Array(ab, p + 8 * n, n),
      str: new Int32Array(ab, p + 16 * n, n),
      flags: new Uint8Array(ab, p + 20 * n, n),
      ok: new Uint8Array(ab, p + 21 * n, n),
      prio: new Uint8Array(ab, p + 22 * n, n),
      strings: m?.strings ?? [],
      rec: (i) => at(t, offsets[i] as number),
    });
    p += bytesFor(n);
  }
  return out;
}
