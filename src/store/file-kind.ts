import * as fs from "node:fs";
import { dirname } from "node:path";
import { BrainError } from "../core/errors.ts";

/**
 * Files the brain must refuse before touching them. A fifo blocks the first read forever, a character
 * device like /dev/zero never ends (reading it all aborts the process), and the pseudo filesystems of the
 * kernel (/proc, /sys, …) show "regular" files of size 0 whose directories refuse new files with ENOENT.
 */

/** What a file that is not a regular file is, for an error message ("a fifo", "a directory"), or null. */
export function nonRegularKind(st: fs.Stats): string | null {
  if (st.isFile()) return null;
  if (st.isDirectory()) return "a directory";
  if (st.isFIFO()) return "a fifo (named pipe)";
  if (st.isCharacterDevice()) return "a character device";
  if (st.isBlockDevice()) return "a block device";
  if (st.isSocket()) return "a socket";
  return "not a regular file";
}

/** Linux statfs magic numbers of kernel pseudo filesystems (see statfs(2)). */
const PSEUDO_FS: ReadonlyMap<number, string> = new Map([
  [0x9fa0, "procfs"],
  [0x62656572, "sysfs"],
  [0x1cd1, "devpts"],
  [0x64626720, "debugfs"],
  [0x74726163, "tracefs"],
  [0x73636673, "securityfs"],
  [0x27e0eb, "cgroup"],
  [0x63677270, "cgroup2"],
  [0xcafe4a11, "bpf"],
  [0x62656570, "configfs"],
  [0x6165676c, "pstore"],
  [0xde5e81e4, "efivarfs"],
]);

/** The pseudo filesystem `path` (or its nearest existing ancestor) lives on, or null for a real one. */
export function pseudoFilesystem(path: string): string | null {
  if (process.platform !== "linux") return null;
  let p = path;
  for (;;) {
    try {
      return PSEUDO_FS.get(Number(fs.statfsSync(p).type)) ?? null;
    } catch {
      const up = dirname(p);
      if (up === p) return null;
      p = up;
    }
  }
}

/** Throws a clear error unless `path` is a regular file (following symlinks); `what` names its role. */
export function assertRegularFile(path: string, what: string): fs.Stats {
  let st: fs.Stats;
  try {
    st = fs.statSync(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new BrainError(
      code === "ENOENT" ? "NOT_FOUND" : "IO",
      `cannot read ${path}: ${(err as Error).message}`,
    );
  }
  const kind = nonRegularKind(st);
  if (kind)
    throw new BrainError("INVALID", `${path} is ${kind}, not a regular file: ${what} must be a regular file`);
  return st;
}

/**
 * A brain log path must be a regular file (or not exist yet) on a real filesystem. Checked when a file
 * store is opened, before any read, lock or write.
 */
export function assertUsableLogPath(path: string): void {
  const fsName = pseudoFilesystem(path);
  if (fsName) {
    throw new BrainError(
      "CONFIG",
      `${path} is on ${fsName}, a kernel pseudo filesystem that cannot hold a brain: choose a path on a real filesystem`,
    );
  }
  let st: fs.Stats;
  try {
    st = fs.statSync(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ELOOP" || code === "ENOTDIR")
      throw new BrainError(
        "CONFIG",
        `${path} cannot be a brain log: ${code === "ELOOP" ? "its symlinks form a loop" : "a part of its path is not a directory"}`,
      );
    return; // not there yet (created on first write), or unreadable (reported by the first read)
  }
  const kind = nonRegularKind(st);
  if (kind)
    throw new BrainError(
      "CONFIG",
      `${path} is ${kind}, not a regular file: a brain log must be a regular file`,
    );
}
