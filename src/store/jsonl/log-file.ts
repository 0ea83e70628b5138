import * as fs from "node:fs";
import { dirname, join } from "node:path";
import { BrainError } from "../../core/errors.ts";
import { appendOrRollback, fsyncDir, writeFileAtomic } from "../atomic-file.ts";
import { assertSync, type EventStore, type PositionedReader, type PurgeReport } from "../event-store.ts";
import { assertUsableLogPath } from "../file-kind.ts";
import { BrainHome } from "../home.ts";
import { resolveLog } from "../resolve-log.ts";
import type { Position, ScanSink } from "../scan.ts";
import { scanLog } from "../scan.ts";
import { looksLikeBrainLog } from "./brain-log-check.ts";
import { FileLock } from "./lock.ts";
import { carryVerified, logIdentity, newGeneration } from "./log-identity.ts";
import { purgeLog } from "./purge.ts";

/** How a file store writes: `fsync` after every append (default true; false risks the last appends on a power
 *  cut), and how long a writer waits for the lock. Set from the config (BRAIN_FSYNC, BRAIN_LOCK_TIMEOUT_MS). */
export interface FileStoreOptions {
  fsync?: boolean;
  lockTimeoutMs?: number;
  /** The file holds records of a log of its own (src/store/log.ts), not brain entries: no brain-log check. */
  records?: boolean;
}

/**
 * One JSONL log on disk: "\n" framing, scans from a position, whole lines appended in one write under the
 * log's lock, its generation, purge. What every log of a brain is — the brain log itself (JsonlFileStore adds
 * its snapshot, derived files and maintenance), the episode log, and the local logs a brain keeps in its home
 * (the learner's queue and inbox, the tool-event log …), which the hooks append to on their shortest path:
 * this module stays small for them.
 *
 * A symlinked log is resolved once, here: the log, its lock, its generation and its derived files are the
 * target's, so two paths to one log share one lock and compaction replaces the target, not the link; the
 * brain's directory (brain files, sibling logs, `.brain/`) is the target's too (src/store/home.ts).
 */
export class JsonlLogFile implements EventStore {
  /** The log file, resolved when the given path is a symlink. */
  readonly path: string;
  /** The directory of the (resolved) log: brain files and the sibling logs live there. */
  readonly dir: string;
  readonly lock: FileLock;
  #locked = false;
  /** Set once the file was seen to hold brain entries (or be empty), so appends to it are allowed. */
  #checkedBrain = false;

  protected readonly opts: FileStoreOptions;

  constructor(path: string, opts: FileStoreOptions = {}) {
    assertUsableLogPath(path);
    this.path = resolveLog(path);
    this.dir = dirname(this.path);
    this.opts = opts;
    this.lock = new FileLock(this.path, opts.lockTimeoutMs);
  }

  get #fsync(): boolean {
    return this.opts.fsync ?? true;
  }

  get location(): string {
    return this.path;
  }

  get file(): string {
    return this.path;
  }

  /** Options for a sibling log: this one's durability and lock wait, and what the sibling holds. */
  protected siblingOptions(opts: { records?: boolean }): FileStoreOptions {
    const { fsync, lockTimeoutMs } = this.opts;
    return {
      ...(fsync !== undefined ? { fsync } : {}),
      ...(lockTimeoutMs !== undefined ? { lockTimeoutMs } : {}),
      ...(opts.records ? { records: true } : {}),
    };
  }

  sibling(name: string, opts: { records?: boolean } = {}): EventStore {
    return new JsonlLogFile(join(this.dir, name), this.siblingOptions(opts));
  }

  purge(
    drop: (value: Record<string, unknown>) => boolean,
    purpose: string,
    raw?: (line: string) => boolean,
  ): PurgeReport {
    return purgeLog(this, drop, new BrainHome(this.dir).backups, purpose, raw);
  }

  scan(from: Position, sink: ScanSink) {
    return scanLog(this.path, from, sink);
  }

  reader(): PositionedReader | null {
    let fd: number;
    try {
      fd = fs.openSync(this.path, "r");
    } catch {
      return null;
    }
    return {
      read: (position, length) => {
        try {
          const buf = Buffer.allocUnsafe(length);
          return buf.subarray(0, fs.readSync(fd, buf, 0, length, position));
        } catch {
          return null;
        }
      },
      close: () => fs.closeSync(fd),
    };
  }

  identity(): { generation: string; size: number } {
    return logIdentity(this.path);
  }

  size(): number {
    try {
      return fs.statSync(this.path).size;
    } catch {
      return 0;
    }
  }

  withLock<T>(fn: () => T, purpose: string): T {
    if (this.#locked) return fn();
    fs.mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 });
    this.lock.acquire({ purpose });
    this.#locked = true;
    try {
      return assertSync(fn());
    } finally {
      this.#locked = false;
      this.lock.release();
    }
  }

  /**
   * Appends whole lines with one write (continued after short writes). If any of it fails — a full disk,
   * a failed fsync — the file is cut back to its size before the append, so a refused line never stays
   * behind as a permanent bad line, and the error is thrown.
   */
  append(lines: string[]): { terminatedTorn: boolean } {
    if (!this.#locked) throw new Error("append outside the lock");
    if (lines.length === 0) return { terminatedTorn: false };
    const fd = fs.openSync(
      this.path,
      fs.constants.O_RDWR | fs.constants.O_APPEND | fs.constants.O_CREAT,
      0o600,
    );
    try {
      const before = fs.fstatSync(fd, { bigint: true });
      const size = Number(before.size);
      if (size > 0 && !this.#checkedBrain && !this.opts.records && !looksLikeBrainLog(fd, size))
        throw new BrainError(
          "INVALID",
          `${this.path} is not a brain log (none of its lines is a brain entry); refusing to append to it`,
        );
      this.#checkedBrain = true;
      let prefix = "";
      if (size > 0) {
        const last = Buffer.alloc(1);
        fs.readSync(fd, last, 0, 1, size - 1);
        if (last[0] !== 0x0a) prefix = "\n";
      }
      const data = Buffer.from(`${prefix}${lines.join("\n")}\n`, "utf8");
      appendOrRollback(fd, size, data, this.path, this.#fsync);
      carryVerified(this.path, before, fs.fstatSync(fd, { bigint: true }), data.length);
      if (this.#fsync && size === 0) fsyncDir(dirname(this.path)); // the first write may have created the file
      return { terminatedTorn: prefix !== "" };
    } finally {
      fs.closeSync(fd);
    }
  }

  createIfMissing(lines: string[]): boolean {
    if (fs.existsSync(this.path)) return false;
    const created = writeFileAtomic(
      this.path,
      lines.map((l) => `${l}\n`),
      { noClobber: true, durable: this.#fsync },
    );
    if (created) newGeneration(this.path);
    return created;
  }
}
