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

/**
 * Whether the log still holds exactly the bytes this fingerprint covers, in the same generation. Hashing the
 * covered bytes (~15 ms of CPU at 100k entries, on every command) is done once per state of the file: a
 * verification is remembered beside the log with the file's stat (device, inode, size, mtime, ctime), and a
 * later check of the same fingerprint while the file's stat is unchanged answers from it (see remember()).
 */
export function stillMatches(
  fp: LogFingerprint | null | undefined,
  logPath: string,
  now: number = Date.now(),
): boolean {
  if (!fp || typeof fp.generation !== "string" || typeof fp.offset !== "number") return false;
  const before = statOf(logPath);
  if (before !== null && rememberedMatch(fp, logPath, before)) return true;
  const ok = fingerprintLog(logPath, fp.offset, fp.generation)?.sha256 === fp.sha256;
  if (ok && before !== null) remember(fp, logPath, before, now);
  return ok;
}

/**
 * How long the file's ctime must lie in the past before a verification is remembered. The kernel sets ctime
 * on every change to the file and no program can set it back; but with coarse timestamps (before Linux 6.13's
 * fine-grained ones) a change within the same clock tick as the stat (≤ 10 ms) could keep the same ctime.
 * Past that tick, any later change gets a later ctime, so a remembered stat never hides a change.
 */
export const SETTLED_MS = 50;

interface Remembered {
  stat: string;
  fps: LogFingerprint[];
}

function statOf(logPath: string): fs.BigIntStats | null {
  try {
    return fs.statSync(logPath, { bigint: true });
  } catch {
    return null;
  }
}

export const statKey = (st: fs.BigIntStats): string =>
  `${st.dev}/${st.ino}/${st.birthtimeNs}/${st.size}/${st.mtimeNs}/${st.ctimeNs}`;

function readRemembered(logPath: string): Remembered | null {
  try {
    const r = JSON.parse(fs.readFileSync(derivedPath(logPath, "verified"), "utf8")) as Remembered;
    return typeof r.stat === "string" && Array.isArray(r.fps) ? r : null;
  } catch {
    return null;
  }
}

/** The fingerprint was verified against the file as it is now (same stat, same generation id). */
export function rememberedMatch(fp: LogFingerprint, logPath: string, st = statOf(logPath)): boolean {
  if (st === null) return false;
  const r = readRemembered(logPath);
  if (!r || r.stat !== statKey(st)) return false;
  if (!r.fps.some((f) => f.generation === fp.generation && f.offset === fp.offset && f.sha256 === fp.sha256))
    return false;
  return logIdentity(logPath).generation === fp.generation;
}

/** Remember a verification made while the file had stat `before`, if nothing changed since and ctime settled. */
function remember(fp: LogFingerprint, logPath: string, before: fs.BigIntStats, now: number): void {
  const after = statOf(logPath);
  if (after === null || statKey(after) !== statKey(before)) return;
  if (now - Number(before.ctimeNs / 1_000_000n) < SETTLED_MS) return;
  const stat = statKey(before);
  const old = readRemembered(logPath);
  const fps = old?.stat === stat ? old.fps.filter((f) => f.offset !== fp.offset) : [];
  // A few fingerprints of one state of the file: the fold snapshot's and the recall index's offsets differ.
  const doc: Remembered = { stat, fps: [fp, ...fps].slice(0, 4) };
  try {
    writeFileAtomic(derivedPath(logPath, "verified"), [JSON.stringify(doc)], { durable: false });
  } catch {
    /* only a shortcut: the next check hashes again */
  }
}

/**
 * After an append of `appended` bytes under the log's lock, made on a file whose stat was `before` and is now
 * `after`: the fingerprints remembered as verified for `before` hold for `after` too, since an append leaves
 * every byte they cover as it was. So a writer's next command (and the next process's) need not hash the whole
 * log again (~12 ms of CPU per 20 MB) to trust a derived file. Carried only when `before` is exactly the state
 * they were verified on and the file is the same one, grown by exactly those bytes: an append by anyone else,
 * a truncation or a rewrite before ours gives another stat, and one after it changes the stat recorded here
 * (its ctime: a stat since a change makes the next change's ctime a new one on Linux ≥ 6.13). What this
 * cannot see is a same-size in-place rewrite by a program that ignores Brain's lock, made between the stat
 * before the append and the append itself (microseconds), or, on kernels with coarse ctimes, within the same
 * clock tick as the append: the next full check (another state of the file) still hashes it.
 */
export function carryVerified(
  logPath: string,
  before: fs.BigIntStats,
  after: fs.BigIntStats,
  appended: number,
): void {
  const r = readRemembered(logPath);
  if (!r || r.stat !== statKey(before)) return;
  const same =
    after.dev === before.dev && after.ino === before.ino && after.birthtimeNs === before.birthtimeNs;
  if (!same || after.size !== before.size + BigInt(appended)) return;
  const doc: Remembered = { stat: statKey(after), fps: r.fps };
  try {
    writeFileAtomic(derivedPath(logPath, "verified"), [JSON.stringify(doc)], { durable: false });
  } catch {
    /* only a shortcut: the next check hashes again */
  }
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
