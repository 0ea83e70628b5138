import { createHash, randomBytes } from "node:crypto";
import * as fs from "node:fs";
import { basename, dirname, join } from "node:path";
import { FoldState } from "../core/fold.ts";
import { FoldView, type Health } from "../core/health.ts";
import { Rec } from "../core/rec.ts";
import { LIVE_TYPES } from "../core/types.ts";
import type { Position } from "./scan.ts";

/**
 * The fold persisted at a byte offset of the log, so start-up parses only the tail appended since.
 * Derived data: deleting it changes nothing but speed. It records the log's inode and hashes of the
 * log's first and last 4 KiB before the offset; a log that was truncated, replaced or edited near either
 * end no longer matches and the snapshot is ignored (and rebuilt by the next save).
 *
 * Layout: one JSON header line, then one line per live record:
 *   typeIndex \t sourceLine \t createdMs \t flags \t JSON(projectPath) \t JSON(id) \t raw entry JSON
 * Records are parsed lazily, so loading costs a split per line rather than a JSON.parse per entry.
 */
const FORMAT = "brain-fold-snapshot";
/** 3: a line whose fields have the wrong JSON types is a bad line (core/entry-shape.ts), not a record. */
const VERSION = 3;
const PROBE = 4096;

interface Header {
  format: string;
  version: number;
  position: Position;
  check: { ino: number; head: string; tail: string };
  health: Omit<Health, "truncatedTail" | "tornTail">;
  applied: number;
  tombstoned: string[];
  records: number;
}

/** Decode a JSON string literal, skipping JSON.parse when it has no escapes (the usual case). */
function jsonString(lit: string): string {
  return lit.includes("\\") ? (JSON.parse(lit) as string) : lit.slice(1, -1);
}

export function snapshotPath(logPath: string): string {
  return join(dirname(logPath), ".brain", `${basename(logPath)}.snapshot`);
}

function probe(fd: number, offset: number): { head: string; tail: string } {
  const n = Math.min(PROBE, offset);
  const head = Buffer.alloc(n);
  const tail = Buffer.alloc(n);
  fs.readSync(fd, head, 0, n, 0);
  fs.readSync(fd, tail, 0, n, offset - n);
  return {
    head: createHash("sha256").update(head).digest("hex"),
    tail: createHash("sha256").update(tail).digest("hex"),
  };
}

function logCheck(logPath: string, offset: number): Header["check"] | null {
  let fd: number;
  try {
    fd = fs.openSync(logPath, "r");
  } catch {
    return null;
  }
  try {
    const st = fs.fstatSync(fd);
    if (st.size < offset) return null;
    return { ino: st.ino, ...probe(fd, offset) };
  } finally {
    fs.closeSync(fd);
  }
}

/** Writes the snapshot atomically (temp file + rename). Returns false when the log is gone. */
export function saveSnapshot(logPath: string, view: FoldView, pos: Position): boolean {
  const check = logCheck(logPath, pos.offset);
  if (!check) return false;
  const { truncatedTail: _t, tornTail: _tt, ...health } = view.health;
  let records = 0;
  for (const t of LIVE_TYPES) records += view.state.count(t);
  const header: Header = {
    format: FORMAT,
    version: VERSION,
    position: pos,
    check,
    health,
    applied: view.state.applied,
    tombstoned: [...view.state.tombstoned],
    records,
  };
  const path = snapshotPath(logPath);
  fs.mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const tmp = `${path}.tmp-${process.pid}-${randomBytes(4).toString("hex")}`;
  // Streamed in ~1 MB batches: a 1M-entry brain must not build its whole snapshot as one string.
  const fd = fs.openSync(tmp, "w", 0o600);
  try {
    let batch = `${JSON.stringify(header)}\n`;
    for (const rec of view.state.live()) {
      const created = Number.isNaN(rec.createdMs) ? "" : rec.createdMs;
      const pp = rec.projectPath === undefined ? "" : JSON.stringify(rec.projectPath);
      batch += `${LIVE_TYPES.indexOf(rec.type as never)}\t${rec.line}\t${created}\t${rec.flags}\t${pp}\t${JSON.stringify(rec.id)}\t${rec.raw}\n`;
      if (batch.length > 1 << 20) {
        fs.writeSync(fd, batch);
        batch = "";
      }
    }
    fs.writeSync(fd, batch);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, path);
  return true;
}

export type SnapshotLoad =
  | { ok: true; view: FoldView; position: Position }
  | { ok: false; reason: "missing" | "unreadable" | "mismatch" };

export function loadSnapshot(logPath: string): SnapshotLoad {
  let text: string;
  try {
    text = fs.readFileSync(snapshotPath(logPath), "utf8");
  } catch {
    return { ok: false, reason: "missing" };
  }
  const nl = text.indexOf("\n");
  let header: Header;
  try {
    header = JSON.parse(text.slice(0, nl)) as Header;
  } catch {
    return { ok: false, reason: "unreadable" };
  }
  if (header.format !== FORMAT || header.version !== VERSION) return { ok: false, reason: "unreadable" };
  const check = logCheck(logPath, header.position.offset);
  if (
    !check ||
    check.ino !== header.check.ino ||
    check.head !== header.check.head ||
    check.tail !== header.check.tail
  ) {
    return { ok: false, reason: "mismatch" };
  }
  const state = new FoldState();
  let start = nl + 1;
  let count = 0;
  try {
    while (start < text.length) {
      const end = text.indexOf("\n", start);
      const stop = end < 0 ? text.length : end;
      if (stop === start) {
        start = stop + 1;
        continue;
      }
      const t1 = text.indexOf("\t", start);
      const t2 = text.indexOf("\t", t1 + 1);
      const t3 = text.indexOf("\t", t2 + 1);
      const t4 = text.indexOf("\t", t3 + 1);
      const t5 = text.indexOf("\t", t4 + 1);
      const t6 = text.indexOf("\t", t5 + 1);
      if (t6 < 0 || t6 > stop) return { ok: false, reason: "unreadable" };
      const type = LIVE_TYPES[Number(text.slice(start, t1))];
      if (!type) return { ok: false, reason: "unreadable" };
      const createdText = text.slice(t2 + 1, t3);
      const ppJson = text.slice(t4 + 1, t5);
      state.apply(
        new Rec(
          jsonString(text.slice(t5 + 1, t6)),
          type,
          Number(text.slice(t1 + 1, t2)),
          createdText ? Number(createdText) : Number.NaN,
          text.slice(t6 + 1, stop),
          undefined,
          Number(text.slice(t3 + 1, t4)),
          ppJson ? jsonString(ppJson) : undefined,
        ),
      );
      count++;
      start = stop + 1;
    }
  } catch {
    return { ok: false, reason: "unreadable" };
  }
  if (count !== header.records) return { ok: false, reason: "unreadable" };
  for (const id of header.tombstoned) state.tombstoned.add(id);
  state.applied = header.applied;
  const view = new FoldView(state, { ...header.health, truncatedTail: false, tornTail: null });
  return { ok: true, view, position: header.position };
}
