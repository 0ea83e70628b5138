import * as fs from "node:fs";
import { basename, dirname, join } from "node:path";
import { BrainError } from "../../core/errors.ts";
import { parseJson } from "../../core/safe-json.ts";
import { writeFileAtomic } from "../atomic-file.ts";
import type { PurgeReport } from "../event-store.ts";
import { derivedPath, newGeneration } from "./log-identity.ts";
import type { MaintainedLog } from "./maintenance.ts";

type Drop = (value: Record<string, unknown>) => boolean;
/** A bad line (not a JSON object) the purge takes all the same: it still names what is forgotten. */
type Raw = ((line: string) => boolean) | undefined;

const CHUNK = 1 << 22;

/**
 * A file's physical lines, streamed in chunks: each line's bytes (without "\n"; valid only until the next
 * line is asked for) and whether it ended in one.
 */
function* linesOf(path: string): Generator<{ bytes: Buffer; complete: boolean }> {
  const fd = fs.openSync(path, "r");
  try {
    const buf = Buffer.allocUnsafe(CHUNK);
    let carry: Buffer = Buffer.alloc(0);
    for (;;) {
      const n = fs.readSync(fd, buf, 0, CHUNK, null);
      if (n <= 0) break;
      const chunk: Buffer =
        carry.length > 0 ? Buffer.concat([carry, buf.subarray(0, n)]) : buf.subarray(0, n);
      let start = 0;
      for (let nl = chunk.indexOf(0x0a, start); nl >= 0; nl = chunk.indexOf(0x0a, start)) {
        yield { bytes: chunk.subarray(start, nl), complete: true };
        start = nl + 1;
      }
      carry = Buffer.from(chunk.subarray(start));
    }
    if (carry.length > 0) yield { bytes: carry, complete: false };
  } finally {
    fs.closeSync(fd);
  }
}

/** Whether a complete line holds a JSON object `drop` picks, or is a bad line `raw` picks. */
function picked(bytes: Buffer, drop: Drop, raw: Raw): boolean {
  const text = bytes.toString("utf8");
  const p = parseJson(text);
  if (p.ok && p.value !== null && typeof p.value === "object" && !Array.isArray(p.value))
    return drop(p.value as Record<string, unknown>);
  return raw?.(text) ?? false;
}

/** How many complete lines of `path` `drop` picks (0 when the file is missing). */
function countPicked(path: string, drop: Drop, raw: Raw): number {
  if (!fs.existsSync(path)) return 0;
  let n = 0;
  for (const l of linesOf(path)) if (l.complete && picked(l.bytes, drop, raw)) n++;
  return n;
}

/** Rewrite `path` without the picked lines (every other byte kept); returns how many were removed. */
function rewrite(path: string, drop: Drop, raw: Raw, mode: number, beforeCommit?: () => void): number {
  let removed = 0;
  function* kept(): Generator<Buffer> {
    for (const l of linesOf(path)) {
      if (l.complete && picked(l.bytes, drop, raw)) {
        removed++;
        continue;
      }
      yield l.complete ? Buffer.concat([l.bytes, Buffer.from("\n")]) : l.bytes;
    }
  }
  writeFileAtomic(path, kept(), { mode, ...(beforeCommit ? { beforeCommit } : {}) });
  return removed;
}

/** Copies of the log this store made (compaction and repair backups), in `.brain/backups/` beside it. */
function copiesOf(logPath: string, backups: string): string[] {
  const name = basename(logPath);
  try {
    return fs
      .readdirSync(backups)
      .filter((f) => f.startsWith(`${name}.`) && f.endsWith(".bak"))
      .map((f) => join(backups, f));
  } catch {
    return [];
  }
}

/**
 * Every derived file of the log (`.brain/<log>.<kind>`: the fold snapshot, the recall index, the embeddings'
 * vectors, whatever a projection keeps) but its generation: they hold the purged text and are rebuilt from the
 * purged log on next use (the new generation makes them untrusted anyway; deleting them takes the bytes).
 */
function dropDerived(logPath: string): void {
  const dir = dirname(derivedPath(logPath, "x"));
  const prefix = `${basename(logPath)}.`;
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const f of names)
    if (f.startsWith(prefix) && f !== basename(derivedPath(logPath, "generation")))
      fs.rmSync(join(dir, f), { force: true, recursive: false });
}

/**
 * The file store's purge: under the lock, the log rewritten without the picked lines (temp file, fsync, a
 * check that the lock is still ours, rename; a new generation so every reader and derived file starts over),
 * verified by reading it back, its derived files deleted, then every backup of it rewritten the same way — a backup that cannot be
 * rewritten is deleted, since keeping it would keep what was purged. A read-only log is refused.
 */
export function purgeLog(
  store: Pick<MaintainedLog, "path" | "lock" | "withLock">,
  drop: Drop,
  backups: string,
  purpose: string,
  raw?: (line: string) => boolean,
): PurgeReport {
  return store.withLock(() => {
    const path = store.path;
    if (
      countPicked(path, drop, raw) === 0 &&
      copiesOf(path, backups).every((c) => countPicked(c, drop, raw) === 0)
    )
      return { removed: 0, copies: 0 };
    let mode = 0o600;
    try {
      mode = fs.statSync(path).mode & 0o777;
    } catch {
      /* no log: only copies to clean */
    }
    let removed = 0;
    if (fs.existsSync(path)) {
      if ((mode & 0o200) === 0)
        throw new BrainError("INVALID", `${path} is read-only; refusing to rewrite it for ${purpose}`);
      removed = rewrite(path, drop, raw, mode, () => store.lock.verify());
      newGeneration(path);
      if (countPicked(path, drop, raw) !== 0)
        throw new BrainError("IO", `${purpose}: ${path} still holds purged lines after the rewrite`);
    }
    dropDerived(path);
    let copies = 0;
    for (const copy of copiesOf(path, backups)) {
      if (countPicked(copy, drop, raw) === 0) continue;
      copies++;
      try {
        rewrite(copy, drop, raw, 0o600);
        if (countPicked(copy, drop, raw) === 0) continue;
      } catch {
        /* fall through: a copy we cannot clean goes */
      }
      fs.rmSync(copy, { force: true });
    }
    return { removed, copies };
  }, purpose);
}
