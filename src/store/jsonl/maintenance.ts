import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import { basename, dirname, join } from "node:path";
import { FoldView } from "../../core/health.ts";
import { START } from "../event-store.ts";
import { fsyncDir, type JsonlFileStore } from "./file-store.ts";
import { inspectLock } from "./lock.ts";
import { snapshotPath } from "./snapshot.ts";

const KEEP_BACKUPS = 5;

/** Copy the log to `.brain/backups/` (keeping the newest five) and return the copy's path. */
export function backupLog(logPath: string, now: Date): string | null {
  if (!fs.existsSync(logPath)) return null;
  const dir = join(dirname(logPath), ".brain", "backups");
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const name = basename(logPath);
  const dest = join(
    dir,
    `${name}.${now.toISOString().replace(/[:.]/g, "-")}.${randomBytes(2).toString("hex")}.bak`,
  );
  fs.copyFileSync(logPath, dest);
  fs.chmodSync(dest, 0o600);
  const mine = fs
    .readdirSync(dir)
    .filter((f) => f.startsWith(`${name}.`) && f.endsWith(".bak"))
    .sort()
    .reverse();
  for (const old of mine.slice(KEEP_BACKUPS)) fs.rmSync(join(dir, old), { force: true });
  return dest;
}

export interface CompactReport {
  backup: string | null;
  before: { bytes: number; lines: number; entries: number };
  after: { bytes: number; entries: number };
  badLinesDropped: number;
}

/**
 * Rewrite the log as its folded state: one line per live entry, in fold order, so it folds (in Rho too)
 * to exactly the same state. Runs under the lock; the old log is backed up first (bad lines survive
 * there), the new one is written to a temp file, fsynced and renamed over the old one.
 */
export function compactLog(store: JsonlFileStore, now: Date): CompactReport {
  return store.withLock(() => {
    const view = new FoldView();
    const scan = store.scan(START, view);
    const before = { bytes: store.size(), lines: scan.end.line, entries: view.health.total };
    const backup = backupLog(store.path, now);
    const lines: string[] = [];
    for (const rec of view.state.live()) lines.push(rec.raw);
    const data = lines.length ? `${lines.join("\n")}\n` : "";
    const tmp = `${store.path}.compact-${process.pid}-${randomBytes(4).toString("hex")}`;
    const fd = fs.openSync(tmp, "w", 0o600);
    try {
      fs.writeSync(fd, data);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, store.path);
    fsyncDir(dirname(store.path));
    fs.rmSync(snapshotPath(store.path), { force: true });
    return {
      backup,
      before,
      after: { bytes: Buffer.byteLength(data), entries: lines.length },
      badLinesDropped: view.health.badLineCount + (scan.tornTail ? 1 : 0),
    };
  }, "compact");
}

export interface RepairReport {
  backup: string | null;
  actions: string[];
}

/** Safe repairs only: back up, terminate a torn last line (it becomes a reported bad line), drop a stale lock. */
export function repairLog(store: JsonlFileStore, now: Date): RepairReport {
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
    if (fs.existsSync(snapshotPath(store.path))) {
      fs.rmSync(snapshotPath(store.path), { force: true });
      actions.push("dropped the fold snapshot (rebuilt on next use)");
    }
    return { backup, actions };
  }, "repair");
}
