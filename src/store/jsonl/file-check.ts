import * as fs from "node:fs";
import { writeFileAtomic } from "../atomic-file.ts";
import { SETTLED_MS, statKey } from "./log-identity.ts";

/**
 * A derived file's check of its own bytes (the recall index's SHA-256 over the whole file, which catches a torn
 * or corrupted file) made once per state of the file rather than by every command: once the hash matched, the
 * file's stat (device, inode, birth, size, mtime, ctime) and the hash it carries are remembered in a small stamp
 * file beside it; a later reader that finds the same stat — before and after its own read — and the same hash
 * in the file trusts what it read without hashing it again (and without loading node:crypto). Any write to the
 * file changes its stat (a save is a rename: another inode), so it is hashed again.
 *
 * As for the log's remembered verifications (log-identity.ts `remember`), a check is remembered only once the
 * file's ctime is SETTLED_MS old: with coarse timestamps a change within the same clock tick as the stat
 * could keep the same ctime; past that tick any change gets a later one.
 */
interface Stamp {
  stat: string;
  sha256: string;
}

/** Whether the file, read whole while its stat was `before` and then still `after`, was checked with this hash. */
export function checkedBefore(
  stampPath: string,
  before: fs.BigIntStats,
  after: fs.BigIntStats,
  sha256: string,
): boolean {
  const stat = statKey(before);
  if (statKey(after) !== stat) return false;
  try {
    const s = JSON.parse(fs.readFileSync(stampPath, "utf8")) as Stamp;
    return s.stat === stat && s.sha256 === sha256;
  } catch {
    return false;
  }
}

/** Remember that the file read with stat `before` (still `after` once read) matched its hash `sha256`. */
export function rememberChecked(
  stampPath: string,
  before: fs.BigIntStats,
  after: fs.BigIntStats,
  sha256: string,
  now: number = Date.now(),
): void {
  const stat = statKey(before);
  if (statKey(after) !== stat || now - Number(before.ctimeNs / 1_000_000n) < SETTLED_MS) return;
  const doc: Stamp = { stat, sha256 };
  try {
    writeFileAtomic(stampPath, [JSON.stringify(doc)], { durable: false });
  } catch {
    /* only a shortcut: the next reader hashes again */
  }
}

/** A stamp's questions about the file as it was read (see openChecked). */
export interface FileChecked {
  before(sha256: string): boolean;
  matched(sha256: string): void;
  /**
   * The file was read whole: its stat now is the one read ("after"), taken before its descriptor is closed —
   * later questions use it (a closed descriptor cannot be asked, and its number may be another file's by then).
   */
  settle(): void;
}

/**
 * The file opened for reading a section at a time (its descriptor and size), with the `checked` pair of
 * readChecked: its stat is taken when opened and again when asked (or when settled), so a stamp vouches only
 * for the file as it was while read. Null when it cannot be opened. The caller owns the descriptor.
 */
export function openChecked(
  path: string,
  stampPath: string,
): { fd: number; size: number; checked: FileChecked } | null {
  let fd: number;
  let before: fs.BigIntStats;
  try {
    fd = fs.openSync(path, "r");
  } catch {
    return null;
  }
  try {
    before = fs.fstatSync(fd, { bigint: true });
  } catch {
    fs.closeSync(fd);
    return null;
  }
  let settled: fs.BigIntStats | undefined;
  const after = () => settled ?? fs.fstatSync(fd, { bigint: true });
  return {
    fd,
    size: Number(before.size),
    checked: {
      before: (sha) => checkedBefore(stampPath, before, after(), sha),
      matched: (sha) => rememberChecked(stampPath, before, after(), sha),
      settle: () => {
        settled = fs.fstatSync(fd, { bigint: true });
      },
    },
  };
}
