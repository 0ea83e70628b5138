import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import { dirname } from "node:path";
import type { EventStore } from "./event-store.ts";
import { FileLock } from "./lock.ts";
import { type Position, type ScanSink, scanLog } from "./scan.ts";

/** How a file store writes: `fsync` after every append (default true; false risks the last appends on a power
 *  cut), and how long a writer waits for the lock. Set from the config (BRAIN_FSYNC, BRAIN_LOCK_TIMEOUT_MS). */
export interface FileStoreOptions {
  fsync?: boolean;
  lockTimeoutMs?: number;
}

export class JsonlFileStore implements EventStore {
  readonly path: string;
  readonly lock: FileLock;
  #locked = false;

  readonly #fsync: boolean;

  constructor(path: string, opts: FileStoreOptions = {}) {
    this.path = path;
    this.#fsync = opts.fsync ?? true;
    this.lock = new FileLock(path, opts.lockTimeoutMs);
  }

  get location(): string {
    return this.path;
  }

  scan(from: Position, sink: ScanSink) {
    return scanLog(this.path, from, sink);
  }

  identity(): { generation: number; size: number } {
    try {
      const st = fs.statSync(this.path);
      // The inode number alone is not enough: ext4 hands a freed number straight to the next new file, so
      // a log compacted a few times comes back with an inode a reader saw before, and the reader would go
      // on from its old offset inside a different file. The birth time (µs) tells those files apart.
      const born = Math.round(st.birthtimeMs * 1000) % 1_000_003;
      return { generation: st.ino * 1_000_003 + born, size: st.size };
    } catch {
      return { generation: 0, size: 0 };
    }
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
      return fn();
    } finally {
      this.#locked = false;
      this.lock.release();
    }
  }

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
      let prefix = "";
      if (size > 0) {
        const last = Buffer.alloc(1);
        fs.readSync(fd, last, 0, 1, size - 1);
        if (last[0] !== 0x0a) prefix = "\n";
      }
      const data = Buffer.from(`${prefix}${lines.join("\n")}\n`, "utf8");
      let written = 0;
      while (written < data.length) written += fs.writeSync(fd, data, written, data.length - written);
      if (this.#fsync) fs.fdatasyncSync(fd);
      if (this.#fsync && size === 0) fsyncDir(dirname(this.path)); // the first write may have created the file
      return { terminatedTorn: prefix !== "" };
    } finally {
      fs.closeSync(fd);
    }
  }

  createIfMissing(lines: string[]): boolean {
    if (fs.existsSync(this.path)) return false;
    const dir = dirname(this.path);
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const tmp = `${this.path}.tmp-${process.pid}-${randomBytes(4).toString("hex")}`;
    const fd = fs.openSync(tmp, "w", 0o600);
    try {
      fs.writeSync(fd, lines.map((l) => `${l}\n`).join(""));
      if (this.#fsync) fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    try {
      fs.linkSync(tmp, this.path);
      if (this.#fsync) fsyncDir(dir);
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "EEXIST") return false;
      throw err;
    } finally {
      fs.unlinkSync(tmp);
    }
  }
}

/** Make a new or renamed directory entry durable (a file's fsync does not cover its name). */
export function fsyncDir(dir: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, "r");
    fs.fsyncSync(fd);
  } catch {
    /* not supported here: best effort */
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}
