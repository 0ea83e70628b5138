import * as fs from "node:fs";
import { writeFileAtomic } from "../atomic-file.ts";
import { crypto, randomHex } from "../crypto.ts";
import type { DerivedFiles, LogFingerprint } from "../event-store.ts";
import { derivedFileOf } from "../home.ts";

/**
 * Which file a log is, and which bytes a derived file (fold snapshot, recall index) was built from.
 *
 * Generation: replacing the log (compaction, a new log) must be noticed by every process that has read it.
 * The inode number cannot say so on its own — ext4 hands a freed inode number to the next new file, so two
 * compactions bring the first number back — and birth times are missing on ext4 with 128-byte inodes. So
 * every log Brain creates or compacts gets a random generation id that never repeats. It lives in a sidecar
 * file, `.brain/<log>.generation` beside the (resolved) log, written after the new log is renamed into
 * place and while the log's lock is held: brain.jsonl itself stays byte-for-byte what Rho writes and
 * reads (a marker line in the log would be a line Rho does not expect, and Rho's own compaction would drop
 * it). A log replaced by another tool keeps the old id, so inode and birth time stay part of the
 * generation as a second signal.
 *
 * Fingerprint: the SHA-256 of the whole covered prefix [0, offset) together with the generation, so a
 * replaced log, a truncated one or a same-length edit anywhere in the covered part is noticed (≈ 0.8 ms per
 * MB here; see the report in test/reliability/README.md).
 */
export type { LogFingerprint } from "../event-store.ts";

export function generationPath(logPath: string): string {
  return derivedPath(logPath, "generation");
}

/** Give the log a new generation id (call under the log's lock, after the new file is in place). */
export function newGeneration(logPath: string): void {
  writeFileAtomic(generationPath(logPath), [randomHex(12)]);
}

function generationId(logPath: string): string {
  try {
    return fs.readFileSync(generationPath(logPath), "utf8").trim();
  } catch {
    return "";
  }
}

/** The log's generation and size now ({generation: "", size: 0} when it does not exist). */
export function logIdentity(logPath: string): { generation: string; size: number } {
  let st: fs.BigIntStats;
  try {
    st = fs.statSync(logPath, { bigint: true });
  } catch {
    return { generation: "", size: 0 };
  }
  return { generation: `${generationId(logPath)}/${st.ino}/${st.birthtimeNs}`, size: Number(st.size) };
}

function hashPrefix(logPath: string, offset: number): string | null {
  let fd: number;
  try {
    fd = fs.openSync(logPath, "r");
  } catch {
    return null;
  }
  try {
    if (fs.fstatSync(fd).size < offset) return null;
    const h = crypto().createHash("sha256");
    const buf = Buffer.allocUnsafe(Math.min(1 << 22, Math.max(1, offset)));
    for (let pos = 0; pos < offset; ) {
      const n = fs.readSync(fd, buf, 0, Math.min(buf.length, offset - pos), pos);
      if (n <= 0) return null;
      h.update(buf.subarray(0, n));
      pos += n;
    }
    return h.digest("hex");
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Fingerprint of the first `offset` bytes of the log, provided it is still the generation `builtFrom`
 * (the one a derived file was built from): null when the log was replaced or shrank since, so a stale
 * view is never saved under the new log's name.
 */
export function fingerprintLog(logPath: string, offset: number, builtFrom: string): LogFingerprint | null {
  const before = logIdentity(logPath);
  if (before.generation !== builtFrom || before.size < offset) return null;
  const sha256 = hashPrefix(logPath, offset);
  const after = logIdentity(logPath);
  if (sha256 === null || after.generation !== builtFrom) return null;
  return { generation: builtFrom, offset, sha256 };
}

/** Whether the log still holds exactly the bytes this fingerprint covers, in the same generation. */
export function stillMatches(fp: LogFingerprint | null | undefined, logPath: string): boolean {
  if (!fp || typeof fp.generation !== "string" || typeof fp.offset !== "number") return false;
  return fingerprintLog(logPath, fp.offset, fp.generation)?.sha256 === fp.sha256;
}

/** A derived file of the log: `.brain/<log name>.<kind>` beside it (snapshot, recall.json, generation). */
export function derivedPath(logPath: string, kind: string): string {
  return derivedFileOf(logPath, kind);
}

/** The derived files of the log at `logPath`, fingerprinted by the bytes they cover. */
export function fileDerived(logPath: string): DerivedFiles {
  return {
    path: (kind) => derivedPath(logPath, kind),
    fingerprint: (offset, builtFrom) => fingerprintLog(logPath, offset, builtFrom),
    matches: (fp) => stillMatches(fp, logPath),
  };
}
