import * as fs from "node:fs";
import { COLUMN_TYPES, type ColumnType } from "../../core/column-types.ts";
import { type Row, rowOf, type Saving } from "../../core/columns.ts";
import { FoldState } from "../../core/fold.ts";
import { FoldView, type Health } from "../../core/health.ts";
import type { Rec } from "../../core/rec.ts";
import { dedupText } from "../../core/text.ts";
import { LIVE_TYPES } from "../../core/types.ts";
import { writeFileAtomic } from "../atomic-file.ts";
import type { DerivedFiles, SnapshotLoad } from "../event-store.ts";
import type { Position } from "../scan.ts";
import { encodeIdHashes, type TableRec, tableBytes } from "./id-hashes.ts";
import { derivedPath, fileDerived, type LogFingerprint } from "./log-identity.ts";
import { PagedFile } from "./paged-file.ts";
import { type Sections, SnapshotBase, sortKey } from "./snapshot-base.ts";
import { encodeColumns } from "./snapshot-columns.ts";

/**
 * The fold persisted at a byte offset of the log, so start-up parses only the tail appended since.
 * Derived data: deleting it changes nothing but speed. It records the fingerprint of the log it was built
 * from (generation + SHA-256 of the covered bytes, src/store/jsonl/log-identity.ts); a log that was
 * replaced, truncated or edited anywhere in the covered part no longer matches and the snapshot is ignored
 * (and rebuilt by the next save).
 *
 * Layout: one JSON header line (counts per type, where each section is), then the body: a section per live
 * type and two sorted indexes, by id and by normalised text (src/store/jsonl/snapshot-base.ts). Loading reads
 * the file as bytes and decodes nothing more: `brain stats` reads counts, `brain get` one record, `brain add`
 * one lookup in the text index; a type's records are parsed when a command first reads that type.
 */
const FORMAT = "brain-fold-snapshot";
/**
 * 4: built-from fingerprints (store) and wrongly typed fields as bad lines (core/entry-shape.ts).
 * 5: flags carry importance and pinned (core/rec.ts flagsOf).
 * 6: sections per type, indexes by id and by normalised text, read lazily (snapshot-base.ts).
 * 7: the columns a context ranks by (core/columns.ts), so a cold context parses only what it shows.
 * 8: a table from an id's hash to its records (id-hashes.ts), so a search finds its 2 000 hits' records fast.
 * 9: that table holds each record's id, line, created time, flags and project path: a search ranks its hits
 *    without reading their lines; the removed ids are a section of the body, not part of the header (a
 *    command that never asks for them no longer parses 10 000 ids at 100k entries).
 */
const VERSION = 9;

interface Header {
  format: string;
  version: number;
  position: Position;
  check: LogFingerprint;
  health: Omit<Health, "truncatedTail" | "tornTail">;
  applied: number;
  records: number;
  /** Byte length of the body (after the header line). */
  bytes: number;
  sections: Sections;
}

export function snapshotPath(logPath: string): string {
  return derivedPath(logPath, "snapshot");
}

export function saveSnapshot(logPath: string, view: FoldView, pos: Position, builtFrom: string): boolean {
  return saveSnapshotTo(fileDerived(logPath), view, pos, builtFrom);
}

export function loadSnapshot(logPath: string): SnapshotLoad {
  return loadSnapshotFrom(fileDerived(logPath));
}

/**
 * Writes the snapshot of `view` (which covers the log up to `pos`, read from generation `builtFrom`)
 * atomically. Returns false, writing nothing, when the log is no longer the one the view was built from.
 * Any store with derived files uses it (the team store keys `pos` by sequence number instead of byte).
 */
export function saveSnapshotTo(
  files: DerivedFiles,
  view: FoldView,
  pos: Position,
  builtFrom: string,
): boolean {
  const check = files.fingerprint(pos.offset, builtFrom);
  if (!check) return false;
  const { truncatedTail: _t, tornTail: _tt, ...health } = view.health;
  const chunks: Buffer[] = [];
  let at = 0;
  const push = (text: string) => {
    const b = Buffer.from(text);
    chunks.push(b);
    at += b.length;
  };
  const types: Sections["types"] = {};
  const ids: [string, number, number][] = [];
  /** Each record as the id table by hash keeps it (id-hashes.ts). */
  const byHash: TableRec[] = [];
  const norms = new Map<string, number>();
  const cols = new Map<ColumnType, { rows: Row[]; offsets: number[]; recs: Rec[] }>();
  const state = view.state;
  const saving: Saving = { short: (id) => state.shortIds().short(id), found: (r) => state.find(r.id) === r };
  let records = 0;
  LIVE_TYPES.forEach((type, ti) => {
    const start = at;
    let count = 0;
    const col = (COLUMN_TYPES as readonly string[]).includes(type)
      ? { rows: [] as Row[], offsets: [] as number[], recs: [] as Rec[] }
      : undefined;
    if (col) cols.set(type as ColumnType, col);
    for (const rec of view.state.list(type)) {
      if (col) {
        col.rows.push(rowOf(type as ColumnType, rec, saving));
        col.offsets.push(at);
        col.recs.push(rec);
      }
      const created = Number.isNaN(rec.createdMs) ? "" : rec.createdMs;
      const pp = rec.projectPath === undefined ? "" : JSON.stringify(rec.projectPath);
      ids.push([sortKey(rec.id), ti, at]);
      byHash.push({
        id: rec.id,
        t: ti,
        at,
        line: rec.line,
        createdMs: rec.createdMs,
        flags: rec.flags,
        projectPath: rec.projectPath,
      });
      rec.norm ??= dedupText(rec.peek());
      if (rec.norm) norms.set(rec.norm, (norms.get(rec.norm) ?? 0) + 1);
      push(`${rec.line}\t${created}\t${rec.flags}\t${pp}\t${JSON.stringify(rec.id)}\t${rec.raw}\n`);
      count++;
    }
    if (count > 0) types[type] = { start, end: at, count };
    records += count;
  });
  ids.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
  const idsStart = at;
  push(ids.map(([k, ti, off]) => `${k}\t${ti}\t${off}\n`).join(""));
  const normsStart = at;
  const normLines = [...norms].map(([n, c]) => `${sortKey(n)}\t${c}\n`);
  normLines.sort((a, b) => {
    const ka = a.slice(0, a.indexOf("\t"));
    const kb = b.slice(0, b.indexOf("\t"));
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });
  push(normLines.join(""));
  const colsStart = at;
  for (const b of encodeColumns(cols)) {
    chunks.push(b);
    at += b.length;
  }
  const hashesStart = at;
  const hashes = encodeIdHashes(byHash);
  if (hashes) {
    chunks.push(hashes);
    at += hashes.length;
  }
  const tombsStart = at;
  push(`${JSON.stringify([...view.state.tombstoned])}\n`);
  const header: Header = {
    format: FORMAT,
    version: VERSION,
    position: pos,
    check,
    health,
    applied: view.state.applied,
    records,
    bytes: at,
    sections: {
      types,
      ids: { start: idsStart, end: normsStart },
      norms: { start: normsStart, end: colsStart },
      cols: { start: colsStart, end: hashesStart },
      hashes: { start: hashesStart, end: tombsStart, count: hashes ? ids.length : 0 },
      tombs: { start: tombsStart, end: at },
    },
  };
  return writeFileAtomic(files.path("snapshot"), [`${JSON.stringify(header)}\n`, ...chunks]);
}

/**
 * The fold snapshot, if it matches the log. `whole` (a long-lived process: BrainOptions.resident): the file is read
 * whole and closed at once; else its descriptor stays open while the state may read from it.
 */
export function loadSnapshotFrom(files: DerivedFiles, opts: { whole?: boolean } = {}): SnapshotLoad {
  let fd: number;
  try {
    fd = fs.openSync(files.path("snapshot"), "r");
  } catch {
    return { ok: false, reason: "missing" };
  }
  let kept = false;
  try {
    const size = fs.fstatSync(fd).size;
    const src = opts.whole ? wholeOf(fd, size) : fd;
    const file = new PagedFile(src, 0, size);
    const nl = file.indexOf(10, 0, size);
    if (nl < 0) return { ok: false, reason: "unreadable" };
    let header: Header;
    try {
      header = JSON.parse(file.slice(0, nl).toString("utf8")) as Header;
    } catch {
      return { ok: false, reason: "unreadable" };
    }
    if (header.format !== FORMAT || header.version !== VERSION) return { ok: false, reason: "unreadable" };
    const body = new PagedFile(src, nl + 1, size - nl - 1);
    if (header.bytes !== body.size || !wellFormed(header, body)) return { ok: false, reason: "unreadable" };
    if (header.check?.offset !== header.position.offset || !files.matches(header.check)) {
      return { ok: false, reason: "mismatch" };
    }
    const base = new SnapshotBase(body, header.sections);
    if (!opts.whole) {
      // The descriptor stays open while the state may read from it: closed when the state is collected.
      kept = true;
      closeWhenGone.register(base, fd);
    }
    const state = new FoldState(base);
    state.removedFrom(() => base.removed());
    state.applied = header.applied;
    const view = new FoldView(state, { ...header.health, truncatedTail: false, tornTail: null });
    return { ok: true, view, position: header.position, generation: header.check.generation };
  } catch {
    return { ok: false, reason: "unreadable" };
  } finally {
    if (!kept) fs.closeSync(fd);
  }
}

/** The file's bytes (a cut-short read leaves the rest zero: the header's sizes and checks then fail). */
function wholeOf(fd: number, size: number): Buffer {
  const buf = Buffer.alloc(size);
  for (let got = 0; got < size; ) {
    const n = fs.readSync(fd, buf, got, size - got, got);
    if (n <= 0) break;
    got += n;
  }
  return buf;
}

const closeWhenGone = new FinalizationRegistry<number>((fd) => {
  try {
    fs.closeSync(fd);
  } catch {
    /* already closed */
  }
});

/** Every section lies in the body, in order, and ends a line; the counts add up (checked without parsing). */
function wellFormed(h: Header, body: PagedFile): boolean {
  const s = h.sections;
  if (!s?.types || !s.ids || !s.norms || !s.cols) return false;
  if (!s.hashes || !s.tombs) return false;
  const ranges = [...LIVE_TYPES.flatMap((t) => s.types[t] ?? []), s.ids, s.norms, s.cols, s.hashes, s.tombs];
  let at = 0;
  let records = 0;
  for (const r of ranges) {
    if (r.start !== at || r.end < r.start || r.end > body.size) return false;
    // Every section is lines but the id table (binary, of a fixed size).
    if (r !== s.hashes && r.end > r.start && body.byte(r.end - 1) !== 10) return false;
    at = r.end;
  }
  for (const t of LIVE_TYPES) records += s.types[t]?.count ?? 0;
  const { count, start, end } = s.hashes;
  const size = end - start;
  const table =
    size === 0
      ? count === 0
      : count === records && size >= 16 && tableBytes(body.bytes(start, start + 16)) === size;
  return table && at === body.size && records === h.records;
}
