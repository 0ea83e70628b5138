import * as fs from "node:fs";
import { basename, dirname, join } from "node:path";
import { BrainError } from "../../core/errors.ts";
import { FoldView } from "../../core/health.ts";
import { copyForBackup, writeFileAtomic } from "../atomic-file.ts";
import { randomHex } from "../crypto.ts";
import { type CompactReport, type RepairOptions, type RepairReport, START } from "../event-store.ts";
import { BrainHome } from "../home.ts";
import type { Position, ScanResult, ScanSink } from "../scan.ts";

/** A FoldView as a plain sink (so one of its methods can be swapped). */
function sinkOf(view: FoldView): ScanSink {
  return {
    rec: (r) => view.rec(r),
    bad: (b) => view.bad(b),
    unknownType: (l, t) => view.unknownType(l, t),
    warning: (l, m) => view.warning(l, m),
  };
}

import { keptLines, type LineKeeper } from "./kept-lines.ts";
import { inspectLock } from "./lock.ts";
import { derivedPath, newGeneration } from "./log-identity.ts";
import { type Quarantined, quarantineLines } from "./quarantine.ts";

const KEEP_BACKUPS = 5;

/** Where copies of a log are kept: `.brain/backups/` beside it. */
export function backupsDir(logPath: string): string {
  return new BrainHome(dirname(logPath)).backups;
}

/** What compaction, repair and purge need of a JSONL log: the JsonlFileStore (declared here: file-store.ts imports us). */
export interface MaintainedLog {
  readonly path: string;
  readonly lock: { verify(): void };
  withLock<T>(fn: () => T, purpose: string): T;
  scan(from: Position, sink: ScanSink): ScanResult;
  size(): number;
}

/** Copy the log to `.brain/backups/` (keeping the newest five) and return the copy's path. */
export function backupLog(logPath: string, now: Date): string | null {
  if (!fs.existsSync(logPath)) return null;
  const dir = backupsDir(logPath);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const name = basename(logPath);
  const dest = join(dir, `${name}.${now.toISOString().replace(/[:.]/g, "-")}.${randomHex(2)}.bak`);
  copyForBackup(logPath, dest);
  const mine = fs
    .readdirSync(dir)
    .filter((f) => f.startsWith(`${name}.`) && f.endsWith(".bak"))
    .sort()
    .reverse();
  for (const old of mine.slice(KEEP_BACKUPS)) fs.rmSync(join(dir, old), { force: true });
  return dest;
}

/**
 * Rewrite the log as its folded state: one line per live entry, in fold order, so it folds (in Rho too)
 * to exactly the same state — plus every line this version does not fold (bad lines, a torn tail, types
 * written by a newer Rho or Brain), kept byte for byte near where they were. Runs under the lock; the old
 * log is backed up first, the new one is written completely and fsynced (src/store/atomic-file.ts), the
 * lock is checked to be still ours, and only then is it renamed over the old one (the symlink's target,
 * when the log is a symlink; with the old file's mode). A read-only log is refused, not rewritten.
 */
export function compactLog(store: MaintainedLog, now: Date): CompactReport {
  return store.withLock(() => {
    let mode = 0o600;
    try {
      mode = fs.statSync(store.path).mode & 0o777;
    } catch {
      /* no log yet: nothing to keep */
    }
    if ((mode & 0o200) === 0)
      throw new BrainError(
        "INVALID",
        `${store.path} is read-only (mode ${mode.toString(8).padStart(4, "0")}); refusing to compact it`,
      );
    const view = new FoldView();
    const keeper: LineKeeper = { lines: [] };
    const scan = store.scan(START, keptLines(view, keeper));
    const before = { bytes: store.size(), lines: scan.end.line, entries: view.health.total };
    const backup = backupLog(store.path, now);
    const kept = readKept(store.path, keeper.lines, scan.tornTail?.offset);
    const out: Buffer[] = [];
    let entries = 0;
    let k = 0;
    for (const rec of view.state.live()) {
      while (k < kept.length && (kept[k] as Kept).line < rec.line) out.push((kept[k++] as Kept).bytes);
      out.push(Buffer.from(`${rec.raw}\n`, "utf8"));
      entries++;
    }
    while (k < kept.length) out.push((kept[k++] as Kept).bytes);
    writeFileAtomic(store.path, out, { mode, beforeCommit: () => store.lock.verify() });
    newGeneration(store.path);
    fs.rmSync(derivedPath(store.path, "snapshot"), { force: true });
    return {
      backup,
      before,
      after: { bytes: out.reduce((n, b) => n + b.length, 0), entries },
      keptLines: kept.length,
    };
  }, "compact");
}

interface Kept {
  line: number;
  bytes: Buffer;
}

/** The physical lines with these numbers (and the torn tail from `tornAt`), each ending in "\n". */
function readKept(path: string, lines: number[], tornAt: number | undefined): Kept[] {
  if (lines.length === 0 && tornAt === undefined) return [];
  const want = new Set(lines);
  const buf = fs.readFileSync(path);
  const out: Kept[] = [];
  let line = 0;
  let start = 0;
  const end = tornAt ?? buf.length;
  while (start < end) {
    let nl = buf.indexOf(0x0a, start);
    if (nl < 0 || nl >= end) nl = end;
    line++;
    if (want.has(line))
      out.push({ line, bytes: Buffer.concat([buf.subarray(start, nl), Buffer.from("\n")]) });
    start = nl + 1;
  }
  if (tornAt !== undefined && tornAt < buf.length)
    out.push({ line: line + 1, bytes: Buffer.concat([buf.subarray(tornAt), Buffer.from("\n")]) });
  return out;
}

/**
 * Safe repairs only: back up, terminate a torn last line (it becomes a reported bad line), drop a stale lock.
 * With `quarantine`, the bad lines are then moved to `.brain/quarantine/<log>` (after the backup; quarantine.ts).
 */
export function repairLog(store: MaintainedLog, now: Date, opts: RepairOptions = {}): RepairReport {
  const actions: string[] = [];
  // Only a lock judged stale is reported as removed; a live holder is waited for by withLock.
  const lock = inspectLock(store.path);
  return store.withLock(() => {
    if (lock.stale) actions.push(`removed a stale lock (${lock.reason})`);
    // Temp files of lock takers, breakers and compactions killed half-way (never the live lock itself).
    const dir = dirname(store.path);
    const name = basename(store.path);
    const litter = new RegExp(
      `^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\.(lock\\.[^.]+\\.tmp|lock\\.stale-.+|compact-.+|tmp-.+)$`,
    );
    for (const f of fs.readdirSync(dir)) {
      if (!litter.test(f)) continue;
      fs.rmSync(join(dir, f), { force: true });
      actions.push(`removed the leftover temp file ${f}`);
    }
    const view = new FoldView();
    const scan = store.scan(START, view);
    let backup: string | null = null;
    if (scan.tornTail) {
      backup = backupLog(store.path, now);
      fs.appendFileSync(store.path, "\n");
      actions.push(`terminated the torn last line ${scan.tornTail.line} (kept in the file as a bad line)`);
    }
    let quarantined: Quarantined | undefined;
    if (opts.quarantine) {
      const bad = new Map<number, string>();
      const all = new FoldView();
      store.scan(START, { ...sinkOf(all), bad: (b) => bad.set(b.line, b.reason) });
      if (bad.size > 0) {
        backup ??= backupLog(store.path, now);
        quarantined = quarantineLines(store.path, bad, now, () => store.lock.verify());
        newGeneration(store.path);
        fs.rmSync(derivedPath(store.path, "snapshot"), { force: true });
        actions.push(
          `moved ${quarantined.lines.length} bad line${quarantined.lines.length === 1 ? "" : "s"} (line ${quarantined.lines.join(", ")}) of ${name} to ${quarantined.file}`,
        );
      }
    }
    for (const [kind, what] of [
      ["snapshot", "the fold snapshot"],
      ["recall.bin", "the recall index"],
      ["recall.json", "the recall index (old format)"],
      ["recall.checked", "the recall index's remembered hash check (src/store/jsonl/file-check.ts)"],
      ["verified", "the remembered verifications of the log (src/store/jsonl/log-identity.ts)"],
    ] as const) {
      const path = derivedPath(store.path, kind);
      if (!fs.existsSync(path)) continue;
      fs.rmSync(path, { force: true });
      actions.push(`dropped ${what} (rebuilt on next use)`);
    }
    return { backup, actions, ...(quarantined ? { quarantined } : {}) };
  }, "repair");
}
