import { COLUMN_TYPES, type Columns, type ColumnType, columnsOf, type Row } from "../../core/columns.ts";
import type { Rec } from "../../core/rec.ts";

/**
 * The snapshot's columns section (core/columns.ts): one JSON line (per column type: its row count and
 * strings), then one line of base64 holding, per type in COLUMN_TYPES order, the byte offset of each row's
 * record line in the body (f64), num (f64), str (i32), flags, ok, prio (u8 each), padded to 8 bytes.
 * Decoded whole on first use (a few bytes a record), never by commands that do not rank.
 */
interface Meta {
  types: Partial<Record<ColumnType, { n: number; strings: string[] }>>;
}

const pad8 = (n: number) => (n + 7) & ~7;
const bytesFor = (n: number) => pad8(16 * n + 4 * n + 3 * n);

export function encodeColumns(cols: ReadonlyMap<ColumnType, { rows: Row[]; offsets: number[] }>): string {
  const meta: Meta = { types: {} };
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
  return `${JSON.stringify(meta)}\n${Buffer.from(buf).toString("base64")}\n`;
}

/** The columns of every column type, each row's record read by `at(type, offset)` when asked. */
export function decodeColumns(
  text: string,
  at: (type: ColumnType, offset: number) => Rec,
): Map<ColumnType, Columns> {
  const nl = text.indexOf("\n");
  const meta = JSON.parse(text.slice(0, nl)) as Meta;
  const bin = Buffer.from(text.slice(nl + 1, text.length - 1), "base64");
  const buf = new Uint8Array(bin.length);
  buf.set(bin);
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
