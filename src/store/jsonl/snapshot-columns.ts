import { storedOrder } from "../../core/column-order.ts";
import { COLUMN_TYPES, type Columns, type ColumnType, type RankGroup } from "../../core/column-types.ts";
import { columnsOf, type Row } from "../../core/columns.ts";
import type { Rec } from "../../core/rec.ts";

/**
 * The snapshot's columns section (core/columns.ts): one JSON line (per column type: its row count, strings
 * and the length of its stored order; the blob's length), then the blob and a newline. The blob holds, per
 * type in COLUMN_TYPES order, the byte offset of each row's record line in the body (f64), num (f64), str
 * (i32), flags, ok, prio (u8 each), padded to 8 bytes, then its order (i32 rows, core/columns.ts), padded.
 * Decoded whole on first use (a few bytes a record), never by commands that do not rank.
 */
interface Meta {
  types: Partial<
    Record<
      ColumnType,
      { n: number; strings: string[]; order?: number; pinned?: number; groups?: RankGroup[] }
    >
  >;
  bytes: number;
}

const pad8 = (n: number) => (n + 7) & ~7;
const bytesFor = (n: number, m = 0) => pad8(23 * n) + pad8(4 * m);

export function encodeColumns(
  cols: ReadonlyMap<ColumnType, { rows: Row[]; offsets: number[]; recs: Rec[] }>,
): Buffer[] {
  const meta: Meta = { types: {}, bytes: 0 };
  let size = 0;
  const built = COLUMN_TYPES.map((t) => {
    const col = cols.get(t);
    const c = columnsOf(col?.rows ?? [], (i) => col?.recs[i] as Rec);
    return { c, order: storedOrder(t, c) };
  });
  for (const { c, order } of built) size += bytesFor(c.n, order.rows.length);
  const buf = new ArrayBuffer(size);
  let at = 0;
  COLUMN_TYPES.forEach((t, k) => {
    const col = cols.get(t);
    const { c, order } = built[k] as (typeof built)[number];
    const n = c.n;
    const { rows, ...more } = order;
    meta.types[t] = { n, strings: [...c.strings], order: rows.length, ...more };
    new Float64Array(buf, at, n).set(col?.offsets ?? []);
    new Float64Array(buf, at + 8 * n, n).set(c.num);
    new Int32Array(buf, at + 16 * n, n).set(c.str);
    new Uint8Array(buf, at + 20 * n, n).set(c.flags);
    new Uint8Array(buf, at + 21 * n, n).set(c.ok);
    new Uint8Array(buf, at + 22 * n, n).set(c.prio);
    new Int32Array(buf, at + pad8(23 * n), rows.length).set(rows);
    at += bytesFor(n, rows.length);
  });
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
    if (p + bytesFor(n, m?.order) > ab.byteLength) throw new Error("bad snapshot columns");
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
      ...(m?.order !== undefined ? { order: new Int32Array(ab, p + pad8(23 * n), m.order) } : {}),
      ...(m?.pinned !== undefined ? { pinned: m.pinned } : {}),
      ...(m?.groups ? { groups: m.groups } : {}),
    });
    p += bytesFor(n, m?.order);
  }
  return out;
}
