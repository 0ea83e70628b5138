import type { Columns, ColumnType } from "../../core/column-types.ts";
import type { FoldBase } from "../../core/fold-base.ts";
import { Rec } from "../../core/rec.ts";
import { LIVE_TYPES, type LiveType } from "../../core/types.ts";
import { IdHashes } from "./id-hashes.ts";
import type { PagedFile } from "./paged-file.ts";
import { decodeColumns } from "./snapshot-columns.ts";
import { SortedLines } from "./sorted-lines.ts";

/**
 * The fold snapshot's body read in place (src/store/jsonl/snapshot.ts): a FoldBase answering counts from the
 * header, one id or one normalised text by binary search over sorted sections, and one type's records by
 * parsing only that type's section. Nothing is decoded before a command asks for it.
 *
 * Sections (byte ranges of the body, each a run of `\n`-terminated lines):
 *   one per live type: sourceLine \t createdMs \t flags \t JSON(projectPath) \t JSON(id) \t raw entry JSON
 *   ids:   key(id) \t typeIndex \t offset of the record's line in the body   (sorted by key, then type)
 *   norms: key(normalised text) \t live count                               (sorted by key)
 *   cols:  the columns a context ranks by (snapshot-columns.ts)
 *   hashes: every record's id hash, type number, line offset and fields, sorted by hash (id-hashes.ts; binary,
 *          the one section that is not lines; empty when an offset does not fit 32 bits)
 *   tombs: the removed ids, a JSON array on one line (read when the fold first asks for them)
 * key(s) is JSON with every non-ASCII character escaped, so byte order and string order agree.
 */
export interface Sections {
  types: Partial<Record<LiveType, { start: number; end: number; count: number }>>;
  ids: { start: number; end: number };
  norms: { start: number; end: number };
  /** The columns a context ranks by (snapshot-columns.ts). */
  cols: { start: number; end: number };
  /** The table from an id's hash to its records (id-hashes.ts). */
  hashes: { start: number; end: number; count: number };
  /** The ids tombstones removed (core/fold.ts `tombstoned`): one JSON array. */
  tombs: { start: number; end: number };
}

/** Characters a sort key shows as themselves (printable ASCII but the quote and the backslash). */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** A key of the sorted sections: ASCII-only JSON of `s`. */
export function sortKey(s: string): string {
  // Printable ASCII without a quote or backslash (every generated id): JSON.stringify would only quote it.
  if (PLAIN.test(s)) return `"${s}"`;
  return JSON.stringify(s).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** Decode a JSON string literal, skipping JSON.parse when it has no escapes (the usual case). */
export function jsonString(lit: string): string {
  return lit.includes("\\") ? (JSON.parse(lit) as string) : lit.slice(1, -1);
}

const NL = 10;
const TAB = 9;
/** Past this many look-ups by id, the ids section is read whole and searched in memory (sorted-lines.ts). */
const MANY_LOOKUPS = 32;
const FOUND_CAP = 4096;
/** `prefetch` reads records lying within this many bytes of each other in one read. */
const WINDOW = 256 * 1024;
/** Bytes read past a window's last record start for its line (a longer line is read alone). */
const LINE_GUESS = 4096;

export class SnapshotBase implements FoldBase {
  readonly #body: PagedFile;
  readonly #s: Sections;
  /** The id table in memory, once this base was asked for more than MANY_LOOKUPS ids. */
  #ids: IdHashes | SortedLines | undefined;
  #lookups = 0;
  /**
   * Records looked up in memory mode (null: none), by type number then id — not by a key made of both, which
   * cost a string built and hashed per look-up (a search makes ~4 000: ~7 ms of a served one in profiles) —
   * at most FOUND_CAP in all (then started over).
   */
  readonly #found: Map<string, Rec | null>[] = LIVE_TYPES.map(() => new Map());
  #cols: Map<ColumnType, Columns> | undefined;

  constructor(body: PagedFile, sections: Sections) {
    this.#body = body;
    this.#s = sections;
  }

  /** The ids tombstones removed, as saved. */
  removed(): string[] {
    const { start, end } = this.#s.tombs;
    const ids = JSON.parse(this.#body.slice(start, end).toString("utf8")) as unknown;
    if (!Array.isArray(ids) || !ids.every((id) => typeof id === "string"))
      throw new Error("bad snapshot tombs");
    return ids as string[];
  }

  count(type: LiveType): number {
    return this.#s.types[type]?.count ?? 0;
  }

  *records(type: LiveType): Iterable<Rec> {
    const sec = this.#s.types[type];
    if (!sec) return;
    // Read and decoded a chunk of whole lines at a time: a reader that stops early reads little.
    for (let at = sec.start, chunk = 64 * 1024; at < sec.end; chunk *= 2) {
      let stop = Math.min(sec.end, at + chunk);
      if (stop < sec.end) {
        const nl = this.#body.lastIndexOf(NL, stop - 1, at);
        stop = nl < 0 ? this.#body.indexOf(NL, stop, sec.end) + 1 : nl + 1;
      }
      const text = this.#body.slice(at, stop).toString("utf8");
      for (let start = 0; start < text.length; ) {
        const end = text.indexOf("\n", start);
        const lineEnd = end < 0 ? text.length : end;
        yield recOf(text, start, lineEnd, type);
        start = lineEnd + 1;
      }
      at = stop;
    }
  }

  /** The stored columns of `type` (core/columns.ts), decoded on first ask. */
  columns(type: ColumnType): Columns | undefined {
    if (!this.#cols) {
      const { start, end } = this.#s.cols;
      const b = this.#body;
      this.#cols = decodeColumns(b.slice(start, end), (t, offset) => {
        const line = b.until(NL, offset, b.size).toString("utf8");
        return recOf(line, 0, line.length, t);
      });
    }
    return this.#cols.get(type);
  }

  get(type: LiveType, id: string): Rec | undefined {
    const t = LIVE_TYPES.indexOf(type);
    const b = this.#body;
    const { end } = this.#s.ids;
    if (!this.#ids && ++this.#lookups > MANY_LOOKUPS) this.#ids = this.#idTable();
    if (this.#ids) {
      // A search asks for a hit's record twice (its prior, then its record): each is read once.
      const found = this.#found[t] as Map<string, Rec | null>;
      const seen = found.get(id);
      if (seen !== undefined) return seen ?? undefined;
      if (this.#foundSize() >= FOUND_CAP) this.#clearFound();
      const rec =
        this.#ids instanceof IdHashes ? this.#tableRec(this.#ids, t, type, id) : this.#lineRec(t, type, id);
      found.set(id, rec);
      return rec ?? undefined;
    }
    const key = Buffer.from(sortKey(id));
    for (let p = this.#lowerBound(this.#s.ids, key); p < end; ) {
      const tab = b.indexOf(TAB, p, end);
      if (b.compare(p, tab, key) !== 0) return undefined;
      const q = b.indexOf(NL, tab, end);
      const [ti, offset] = b
        .bytes(tab + 1, q)
        .toString("latin1")
        .split("\t");
      if (Number(ti) === t) {
        const line = b.until(NL, Number(offset), b.size).toString("utf8");
        return recOf(line, 0, line.length, type);
      }
      p = q + 1;
    }
    return undefined;
  }

  neighbours(id: string): string[] | undefined {
    // Only an id whose key is itself in quotes keeps its prefixes in key order (no escapes: the usual ids).
    if (!PLAIN.test(id)) return undefined;
    const key = Buffer.from(sortKey(id));
    const b = this.#body;
    const { start, end } = this.#s.ids;
    const near: string[] = [];
    const keyAt = (p: number) => b.bytes(p, b.indexOf(TAB, p, end)).toString("latin1");
    const p = this.#lowerBound(this.#s.ids, key);
    if (p > start) {
      const nl = b.lastIndexOf(NL, p - 2, start);
      near.push(keyAt(nl < 0 ? start : nl + 1));
    }
    const own = key.toString("latin1");
    for (let q = p; q < end; q = b.indexOf(NL, q, end) + 1) {
      const k = keyAt(q);
      if (k === own) continue;
      near.push(k);
      break;
    }
    return near.map(jsonString);
  }

  /**
   * Read these ids' records together (a search's hits, before it asks for each): found in the ids section in
   * memory, then read in file order, one read for a run of records lying close together — where `get` alone
   * costs a read per record. They are kept as `get` in memory mode keeps them (answers never change).
   */
  prefetch(type: LiveType, ids: readonly string[]): void {
    if (ids.length <= MANY_LOOKUPS || ids.length > FOUND_CAP) return;
    const t = LIVE_TYPES.indexOf(type);
    const b = this.#body;
    this.#ids ??= this.#idTable();
    // The table by hash holds all but each record's entry, read from its line when asked for (`#tableRec`).
    if (this.#ids instanceof IdHashes) return;
    if (this.#foundSize() + ids.length > FOUND_CAP) this.#clearFound();
    const found = this.#found[t] as Map<string, Rec | null>;
    const want: { id: string; at: number }[] = [];
    const asked: string[] = [];
    for (const id of ids) {
      if (found.has(id)) continue;
      asked.push(id);
      const at = this.#offsetsOf(this.#ids, t, id);
      if (at !== undefined) want.push({ id, at });
    }
    const order = ascending(want.map((w) => w.at));
    b.linesAt(
      order.map((i) => (want[i] as { at: number }).at),
      WINDOW,
      LINE_GUESS,
      (i, line) => {
        const w = want[order[i] as number] as { id: string };
        found.set(w.id, recOf(line, 0, line.length, type));
      },
    );
    for (const id of asked) if (!found.has(id)) found.set(id, null);
  }

  #foundSize(): number {
    let n = 0;
    for (const m of this.#found) n += m.size;
    return n;
  }

  #clearFound(): void {
    for (const m of this.#found) m.clear();
  }

  /** The id table in memory: the hash table (id-hashes.ts), or the sorted ids section when it has none. */
  #idTable(): IdHashes | SortedLines {
    const h = this.#s.hashes;
    if (h.end > h.start) return new IdHashes(this.#body.slice(h.start, h.end));
    return new SortedLines(this.#body.slice(this.#s.ids.start, this.#s.ids.end));
  }

  /** The record of type number `t` with this id from the table by hash: its entry read from its line when used. */
  #tableRec(ids: IdHashes, t: number, type: LiveType, id: string): Rec | null {
    const i = ids.find(t, id);
    if (i < 0) return null;
    const offset = ids.offset(i);
    const load = () => {
      const line = this.#body.until(NL, offset, this.#body.size).toString("utf8");
      return rawOf(line);
    };
    return new Rec(
      id,
      type,
      ids.line(i),
      ids.createdMs(i),
      undefined,
      undefined,
      ids.flags(i),
      ids.projectPath(i),
      load,
    );
  }

  /** The record of type number `t` with this id, found in the sorted ids section in memory. */
  #lineRec(t: number, type: LiveType, id: string): Rec | null {
    const at = this.#offsetsOf(this.#ids as SortedLines, t, id);
    if (at === undefined) return null;
    const line = this.#body.until(NL, at, this.#body.size).toString("utf8");
    return recOf(line, 0, line.length, type);
  }

  /** Where the record of type number `t` with this id lies in the body (sorted ids section). */
  #offsetsOf(ids: SortedLines, t: number, id: string): number | undefined {
    for (const rest of ids.find(Buffer.from(sortKey(id)))) {
      const [ti, offset] = rest.split("\t");
      if (Number(ti) === t) return Number(offset);
    }
    return undefined;
  }

  normCount(norm: string): number {
    const key = Buffer.from(sortKey(norm));
    const b = this.#body;
    const { end } = this.#s.norms;
    const p = this.#lowerBound(this.#s.norms, key);
    if (p >= end) return 0;
    const tab = b.indexOf(TAB, p, end);
    if (b.compare(p, tab, key) !== 0) return 0;
    return Number(b.slice(tab + 1, b.indexOf(NL, tab, end)).toString("latin1"));
  }

  /** Start of the first line of the sorted section whose key is not below `key` (its end when none). */
  #lowerBound(sec: { start: number; end: number }, key: Buffer): number {
    const b = this.#body;
    let lo = sec.start;
    let hi = sec.end;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const p = mid === lo ? lo : Math.max(lo, b.lastIndexOf(NL, mid - 1, lo) + 1);
      const tab = b.indexOf(TAB, p, sec.end);
      const nl = b.indexOf(NL, p, sec.end);
      if (tab < 0 || nl < 0 || tab > nl) throw new Error("bad snapshot index line");
      if (b.compare(p, tab, key) < 0) lo = nl + 1;
      else hi = p;
    }
    return lo;
  }
}
/**
 * The indices of `offsets` by ascending offset (ties by index): one native sort of `offset × n + index`, where a
 * sort with a comparator runs it interpreted in a cold process (~20 000 calls for a search's 2 000 hits).
 */
function ascending(offsets: readonly number[]): number[] {
  const n = offsets.length;
  let max = 0;
  for (const at of offsets) if (at > max) max = at;
  const idx = offsets.map((_, i) => i);
  if ((max + 1) * n > Number.MAX_SAFE_INTEGER)
    return idx.sort((x, y) => (offsets[x] as number) - (offsets[y] as number) || x - y);
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) keys[i] = (offsets[i] as number) * n + i;
  keys.sort();
  for (let i = 0; i < n; i++) idx[i] = (keys[i] as number) % n;
  return idx;
}

/** The raw entry JSON of a record line (after its five fields). */
function rawOf(line: string): string {
  let p = -1;
  for (let k = 0; k < 5; k++) {
    p = line.indexOf("\t", p + 1);
    if (p < 0) throw new Error("bad snapshot line");
  }
  return line.slice(p + 1);
}

/** One record line of a type section (text[start, stop)). */
function recOf(text: string, start: number, stop: number, type: LiveType): Rec {
  const t1 = text.indexOf("\t", start);
  const t2 = text.indexOf("\t", t1 + 1);
  const t3 = text.indexOf("\t", t2 + 1);
  const t4 = text.indexOf("\t", t3 + 1);
  const t5 = text.indexOf("\t", t4 + 1);
  if (t5 < 0 || t5 > stop) throw new Error("bad snapshot line");
  const createdText = text.slice(t1 + 1, t2);
  const ppJson = text.slice(t3 + 1, t4);
  return new Rec(
    jsonString(text.slice(t4 + 1, t5)),
    type,
    Number(text.slice(start, t1)),
    createdText ? Number(createdText) : Number.NaN,
    text.slice(t5 + 1, stop),
    undefined,
    Number(text.slice(t2 + 1, t3)),
    ppJson ? jsonString(ppJson) : undefined,
  );
}
