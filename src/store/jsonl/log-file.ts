import * as fs from "node:fs";
import { dirname, join, resolve } from "node:path";
import { appendOrRollback, fsyncDir, writeFileAtomic } from "../atomic-file.ts";
import { assertSync, type EventStore, type PurgeReport } from "../event-store.ts";
import { assertUsableLogPath } from "../file-kind.ts";
import { resolveLog } from "../home.ts";
import type { Position, ScanSink } from "../scan.ts";
import { scanLog } from "../scan.ts";
import { FileLock } from "./lock.ts";
import { backupsDir, logIdentity, newGeneration } from "./log-identity.ts";
import { purgeLog } from "./purge.ts";

/** How a file log writes: `fsync` after every append (default true; false risks the last appends on a power
 *  cut), and how long a writer waits for the lock. Set from the config (BRAIN_FSYNC, BRAIN_LOCK_TIMEOUT_MS). */
export interface LogFileOptions {
  fsync?: boolean;
  lockTimeoutMs?: number;
}

/**
 * A JSONL log in a file: the part of the file store every log shares — "\n"-only framing, whole lines
 * appended in one write under the log's lock (cut back if the write fails), incremental scans, a
 * generation, and purge. A log of records of its own (src/engine/log.ts: the tool-event log, the hooks'
 * dedup log) is one of these; the brain log and its siblings are JsonlFileStore (file-store.ts), which adds
 * the fold snapshot, derived files, compaction and repair. Kept apart so a hook that appends one line does
 * not load the fold and compaction (~2.5 ms of every hook's start-up, bench/hooks.ts).
 *
 * A symlinked log is resolved once, here: the log, its lock, its generation and its derived files are the
 * target's, so two paths to one log share one lock and a rewrite replaces the target, not the link.
 */
export class JsonlLogFile implements EventStore {
  /** The log file, resolved when the given path is a symlink. */
  readonly path: string;
  /** The directory the log was named in: brain files and the episode log live there. */
  readonly dir: string;
  readonly lock: FileLock;
  #locked = false;
  readonly #fileOpts: LogFileOptions;

  constructor(path: string, opts: LogFileOptions = {}) {
    assertUsableLogPath(path);
    this.dir = dirname(resolve(path));
    this.path = resolveLog(path);
    this.#fileOpts = opts;
    this.lock = new FileLock(this.path, opts.lockTimeoutMs);
  }

  protected get fileOptions(): LogFileOptions {
    return this.#fileOpts;
  }

  get #fsync(): boolean {
    return this.#fileOpts.fsync ?? true;
  }

  get location(): string {
    return this.path;
  }

  get file(): string {
    return this.path;
  }

  /** Another log of records beside this one. */
  sibling(name: string, _opts: { records?: boolean } = {}): EventStore {
    return new JsonlLogFile(join(this.dir, name), this.#fileOpts);
  }

  purge(drop: (value: Record<string, unknown>) => boolean, purpose: string): PurgeReport {
    return purgeLog(this, drop, backupsDir(this.path), purpose);
  }

  scan(from: Position, sink: ScanSink) {
    return scanLog(this.path, from, sink);
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

  /** Checked before an append, with the file's size (the brain log refuses a file that is not one). */
  protected checkBeforeAppend(_fd: number, _size: number): void {}

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
      const size = fs.fstatSync(fd).size;
      this.checkBeforeAppend(fd, size);
      let prefix = "";
      if (size > 0) {
        const last = Buffer.alloc(1);
        fs.readSync(fd, last, 0, 1, size - 1);
        if (last[0] !== 0x0a) prefix = "\n";
      }
      const data = Buffer.from(`${prefix}${lines.join("\n")}\n`, "utf8");
      appendOrRollback(fd, size, data, this.path, this.#fsync);
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
