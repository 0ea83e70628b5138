import * as fs from "node:fs";
import { basename, dirname } from "node:path";
import { BrainError } from "../core/errors.ts";

/**
 * The one way Brain replaces a file: write a temp file beside it completely (every write checked, short
 * writes continued), fsync it, then rename it over the target (or link it, for "create unless it exists")
 * and fsync the directory. On any failure the temp file is removed, the target is untouched and a clear
 * `IO` error is thrown — a full disk never leaves a truncated file in place.
 * Used by compaction, new-log creation, the fold snapshot, the recall index and brain-file rewrites.
 */
export interface AtomicWriteOptions {
  /** File mode of the new file (default 0600). */
  mode?: number;
  /** Create the file only if it does not exist (link instead of rename); returns false when it existed. */
  noClobber?: boolean;
  /** Called after the temp file is durable and just before it is put in place (e.g. a lock-ownership check). */
  beforeCommit?: () => void;
  /** fsync the file and its directory (default true). */
  durable?: boolean;
}

/**
 * Temp files of this helper are `<name>.tmp-<pid>-<hex>`: `brain doctor --repair` recognises them. The eight
 * hex digits come from Math.random, not node:crypto: the name must only differ from another writer's (it is
 * created exclusively), and loading node:crypto (streams with it) cost a hook that saves a small state file
 * more than the rest of its work.
 */
export function tempPathFor(path: string): string {
  const hex = Math.floor(Math.random() * 2 ** 32)
    .toString(16)
    .padStart(8, "0");
  return `${path}.tmp-${process.pid}-${hex}`;
}

/** Write all of `data` at the fd's position, continuing after short writes; throws on ENOSPC etc. */
export function writeFully(fd: number, data: Buffer): void {
  let written = 0;
  while (written < data.length) {
    const n = fs.writeSync(fd, data, written, data.length - written);
    if (n <= 0) throw Object.assign(new Error("write returned 0 bytes"), { code: "EIO" });
    written += n;
  }
}

/**
 * Append `data` to `fd` (opened with O_APPEND; `size` is its size before) and fsync it. If any of it fails
 * — a full disk, a short write that cannot be continued, a failed fsync — the file is cut back to `size`,
 * so a refused append leaves nothing behind, and an `IO` error naming `what` is thrown.
 */
export function appendOrRollback(fd: number, size: number, data: Buffer, what: string, durable = true): void {
  try {
    writeFully(fd, data);
    if (durable) fs.fdatasyncSync(fd);
  } catch (err) {
    try {
      fs.ftruncateSync(fd, size);
    } catch {
      /* nothing more we can do; the error below still reports the failure */
    }
    throw new BrainError("IO", `could not append to ${what} (${reason(err)}); nothing was written`);
  }
}

function reason(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  return e.code === "ENOSPC" ? "the disk is full" : (e.code ?? e.message);
}

export function writeFileAtomic(
  path: string,
  chunks: Iterable<string | Buffer>,
  opts: AtomicWriteOptions = {},
): boolean {
  const durable = opts.durable ?? true;
  const dir = dirname(path);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const tmp = tempPathFor(path);
  let placed = false;
  try {
    const fd = fs.openSync(tmp, "wx", opts.mode ?? 0o600);
    try {
      // Batched into ~1 MiB writes: a large snapshot is produced as many small strings.
      let batch: Buffer[] = [];
      let size = 0;
      for (const c of chunks) {
        const b = typeof c === "string" ? Buffer.from(c, "utf8") : c;
        batch.push(b);
        size += b.length;
        if (size >= 1 << 20) {
          writeFully(fd, Buffer.concat(batch, size));
          batch = [];
          size = 0;
        }
      }
      if (size > 0) writeFully(fd, Buffer.concat(batch, size));
      if (opts.mode !== undefined) fs.fchmodSync(fd, opts.mode); // the umask must not narrow it
      if (durable) fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    opts.beforeCommit?.();
    if (opts.noClobber) {
      try {
        fs.linkSync(tmp, path);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "EEXIST") return false;
        throw err;
      }
    } else {
      fs.renameSync(tmp, path);
    }
    placed = true;
    if (durable) fsyncDir(dir);
    return true;
  } catch (err) {
    if (err instanceof BrainError) throw err;
    throw new BrainError(
      "IO",
      `could not write ${basename(path)} (${reason(err)}); the existing file was left unchanged`,
      { path },
    );
  } finally {
    if (!placed || opts.noClobber) fs.rmSync(tmp, { force: true });
  }
}

/** Copy a file for a backup; on failure remove the partial copy and throw a clear `IO` error. */
export function copyForBackup(src: string, dest: string): void {
  try {
    fs.copyFileSync(src, dest);
    fs.chmodSync(dest, 0o600);
  } catch (err) {
    fs.rmSync(dest, { force: true });
    throw new BrainError("IO", `could not back up ${basename(src)} (${reason(err)}); nothing was changed`);
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
