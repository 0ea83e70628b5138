import * as fs from "node:fs";
import { FoldState } from "../../core/fold.ts";
import { FoldView, type Health } from "../../core/health.ts";
import { Rec } from "../../core/rec.ts";
import { LIVE_TYPES } from "../../core/types.ts";
import { writeFileAtomic } from "../atomic-file.ts";
import type { DerivedFiles, SnapshotLoad } from "../event-store.ts";
import type { Position } from "../scan.ts";
import { derivedPath, fileDerived, type LogFingerprint } from "./log-identity.ts";

/**
 * The fold persisted at a byte offset of the log, so start-up parses only the tail appended since.
 * Derived data: deleting it changes nothing but speed. It records the fingerprint of the log it was built
 * from (generation + SHA-256 of the covered bytes, src/store/jsonl/log-identity.ts); a log that was
 * replaced, truncated or edited anywhere in the covered part no longer matches and the snapshot is ignored
 * (and rebuilt by the next save).
 *
 * Layout: one JSON header line, then one line per live record:
 *   typeIndex \t sourceLine \t createdMs \t flags \t JSON(projectPath) \t JSON(id) \t raw entry JSON
 * Records are parsed lazily, so loading costs a split per line rather than a JSON.parse per entry.
 */
const FORMAT = "brain-fold-snapshot";
/**
 * 4: built-from fingerprints (store) and wrongly typed fields as bad lines (core/entry-shape.ts).
 * 5: flags carry importance and pinned (core/rec.ts flagsOf).
 */
const VERSION = 5;

interface Header {
  format: string;
  version: number;
  position: Position;
  check: LogFingerprint;
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
  function* lines(): Generator<string> {
    yield `${JSON.stringify(header)}\n`;
    for (const rec of view.state.live()) {
      const created = Number.isNaN(rec.createdMs) ? "" : rec.createdMs;
      const pp = rec.projectPath === undefined ? "" : JSON.stringify(rec.projectPath);
      yield `${LIVE_TYPES.indexOf(rec.type as never)}\t${rec.line}\t${created}\t${rec.flags}\t${pp}\t${JSON.stringify(rec.id)}\t${rec.raw}\n`;
    }
  }
  return writeFileAtomic(files.path("snapshot"), lines());
}

export function loadSnapshotFrom(files: DerivedFiles): SnapshotLoad {
  let text: string;
  try {
    text = fs.readFileSync(files.path("snapshot"), "utf8");
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
  if (header.check?.offset !== header.position.offset || !files.matches(header.check)) {
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
  return { ok: true, view, position: header.position, generation: header.check.generation };
}
