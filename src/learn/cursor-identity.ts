import * as fs from "node:fs";
import { crypto } from "../store/crypto.ts";

/**
 * Whether a transcript still holds what its cursor has read (issue 21: a transcript rewritten or re-pointed
 * shorter left its cursor past the new end, and the run learned nothing with "0 errors"; once the file grew
 * again, its first turns were skipped). A cursor keeps hashes of the file's first bytes and of the bytes just
 * before it: a file shorter than the cursor, or with other bytes there, is another file (or a rewritten one)
 * and is read again from the start. The same bytes under a new inode (a copy moved over it) are not.
 */
export interface Seen {
  /** Hash of the first min(SPAN, offset) bytes. */
  head: string;
  /** Hash of the min(SPAN, offset) bytes before the cursor. */
  tail: string;
}

export type Change = { reason: "shorter" | "rewritten"; size: number };

const SPAN = 256;

function hashOf(fd: number, from: number, length: number): string {
  const buf = Buffer.alloc(length);
  let got = 0;
  while (got < length) {
    const n = fs.readSync(fd, buf, got, length - got, from + got);
    if (n === 0) break;
    got += n;
  }
  return crypto().createHash("sha256").update(buf.subarray(0, got)).digest("hex").slice(0, 16);
}

function seenIn(fd: number, offset: number): Seen {
  const span = Math.min(SPAN, offset);
  return { head: hashOf(fd, 0, span), tail: hashOf(fd, offset - span, span) };
}

/** What the file holds before `offset` (the cursor keeps it after each step). */
export function seenAt(path: string, offset: number): Seen {
  const fd = fs.openSync(path, "r");
  try {
    return seenIn(fd, offset);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * How the file differs from what a cursor at `offset` read (undefined: it does not, or there is no file —
 * reading it reports that). `upTo`: the end of a delta read but not yet finished, which must still be there.
 */
export function changedSince(
  path: string,
  offset: number,
  seen: Seen | undefined,
  upTo = offset,
): Change | undefined {
  let fd: number;
  try {
    fd = fs.openSync(path, "r");
  } catch {
    return undefined;
  }
  try {
    const size = fs.fstatSync(fd).size;
    if (size < Math.max(offset, upTo)) return { reason: "shorter", size };
    if (!seen || offset === 0) return undefined;
    const now = seenIn(fd, offset);
    return now.head === seen.head && now.tail === seen.tail ? undefined : { reason: "rewritten", size };
  } finally {
    fs.closeSync(fd);
  }
}
