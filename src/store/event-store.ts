import type { FoldView } from "../core/health.ts";
import type { Position, ScanResult, ScanSink } from "./scan.ts";

/**
 * Where the event log lives. The engine folds whatever `scan` hands it; writes happen only inside
 * `withLock`, where `append` adds whole lines (a torn last line is terminated first so nothing is glued
 * to it). Implementations: JSONL file (default, src/store/jsonl/), in-memory (tests, embedding).
 *
 * What a store can do beyond that is said by its optional members, never by its class: the engine asks
 * `store.snapshots`, `store.maintenance`, `store.dir` — so a Postgres store is one more implementation.
 * Every implementation runs the contract suite in test/store/contract.test.ts.
 */
export interface EventStore {
  /** Human-readable location, for messages. */
  readonly location: string;
  /** Directory of brain files and derived files beside the log; null for a store without one. */
  readonly dir: string | null;
  /** The log file (resolved when it is a symlink); null when the log is not a file. */
  readonly file: string | null;
  scan(from: Position, sink: ScanSink): ScanResult;
  /**
   * A reader of the log's bytes by position, open until `close` (a reader that remembers where a line lies
   * reads it back instead of keeping it). Absent when the store has no bytes to read by position.
   */
  reader?(): PositionedReader | null;
  /** Size in bytes now (0 when missing). */
  size(): number;
  /**
   * Run `fn` holding the log's exclusive lock (reentrant within `fn`). `fn` is synchronous: a function
   * returning a promise is refused, since the lock would be released before the promise settles.
   */
  withLock<T>(fn: () => T, purpose: string): T;
  /** Append whole lines; only valid inside withLock. Returns whether it terminated a torn last line. */
  append(lines: string[]): { terminatedTorn: boolean };
  /** Create the log with these lines unless it exists (atomic, no clobber). True when created. */
  createIfMissing(lines: string[]): boolean;
  /** Which generation of the log this is, and its size; a new generation means the log was replaced. */
  identity(): { generation: string; size: number };
  /**
   * Another log beside this one: the episode log (`episodes.jsonl`), or one of the brain's local logs
   * (`.brain/inbox.jsonl`, named by the home, src/store/home.ts). `records`: its lines are records of their
   * own (src/engine/log.ts), not brain entries, so appends skip the brain-log check.
   */
  sibling(name: string, opts?: { records?: boolean }): EventStore;
  /**
   * Remove every line holding a JSON object `drop` picks, under the lock: a verified rewrite (a temp file put
   * in place by rename) that keeps every other line byte for byte, after which no copy the store made (its
   * backups) holds the removed lines either. Bad lines and a torn tail are kept — except a complete bad line
   * `raw` picks (one that still names what is forgotten: a torn copy of a purged entry). What "forget" means on
   * disk.
   */
  purge(
    drop: (value: Record<string, unknown>) => boolean,
    purpose: string,
    raw?: (line: string) => boolean,
  ): PurgeReport;
  /** Persisted fold (start-up without re-reading the whole log); absent when the store has none. */
  readonly snapshots?: SnapshotStore;
  /** Where derived files of the log (fold snapshot, recall index) live and how they are checked against it. */
  readonly derived?: DerivedFiles;
  /** Compaction, repair and lock inspection; absent when the store needs none. */
  readonly maintenance?: Maintenance;
  /**
   * Call `onAppend` whenever another writer (another process or machine) commits to the log, until the
   * returned function is called; the listener then `refresh`es. Absent when the store cannot announce writes
   * (a file store is watched instead). The team store implements it with LISTEN/NOTIFY.
   */
  subscribe?(onAppend: () => void): () => void;
}

/** Reads the log file as it was when opened (a log replaced since is not seen: reopen to see it). */
export interface PositionedReader {
  /** Up to `length` bytes from byte `position` (fewer at the end); null when they cannot be read. */
  read(position: number, length: number): Buffer | null;
  close(): void;
}

/** Which bytes of a log a derived file covers: generation, offset, SHA-256 of the prefix (store/jsonl/log-identity.ts). */
export interface LogFingerprint {
  generation: string;
  offset: number;
  sha256: string;
}

/**
 * The derived files of one log: where each kind lives, and the fingerprint that ties one to the exact log it
 * was built from. A file store fingerprints the bytes it covers (src/store/jsonl/log-identity.ts); the team
 * store the table's generation, the last sequence number folded and what this reader sees
 * (src/store/postgres/local-files.ts). A derived file whose fingerprint no longer matches is not trusted.
 */
export interface DerivedFiles {
  /** The file of this kind ("snapshot", "recall.json"). */
  path(kind: string): string;
  /** The log's fingerprint up to `offset` if it is still generation `builtFrom`; null when it is not. */
  fingerprint(offset: number, builtFrom: string): LogFingerprint | null;
  /** Whether the log still holds exactly what `fp` covered. */
  matches(fp: LogFingerprint | null | undefined): boolean;
}

export type SnapshotLoad =
  | {
      ok: true;
      view: FoldView;
      position: Position /** The log generation it was built from. */;
      generation: string;
    }
  | { ok: false; reason: "missing" | "unreadable" | "mismatch" };

export interface SnapshotStore {
  /** `whole`: read the file whole and hold nothing open (a long-lived process). */
  load(opts?: { whole?: boolean }): SnapshotLoad;
  /**
   * Save the fold `view` that covers the log up to `pos`, built from log generation `builtFrom`. Saves
   * nothing (returns false) when the log is no longer that generation or no longer holds those bytes.
   */
  save(view: FoldView, pos: Position, builtFrom: string): boolean;
}

export interface CompactReport {
  backup: string | null;
  before: { bytes: number; lines: number; entries: number };
  after: { bytes: number; entries: number };
  /** Lines kept as they were because they are not entries this version folds (bad lines, unknown types). */
  keptLines: number;
}

export interface PurgeReport {
  /** Lines removed from the log. */
  removed: number;
  /** Copies of the log (backups) that held removed lines and were rewritten without them (or deleted). */
  copies: number;
}

export interface RepairReport {
  backup: string | null;
  actions: string[];
  /** The bad lines moved out (`quarantine`): where to, and which line numbers they had. */
  quarantined?: { file: string; lines: number[] };
}

export interface RepairOptions {
  /** Also move the bad lines to the quarantine file beside the log (after the backup). */
  quarantine?: boolean;
}

export interface LockStatus {
  /** Whether the lock exists. */
  present: boolean;
  /** Present and judged stale: the next writer breaks it (`brain doctor --repair` does it now). */
  stale: boolean;
  pid?: number;
  purpose?: string;
  hostname?: string;
  /** Milliseconds since the holder last refreshed it (or since the file changed, when unreadable). */
  ageMs?: number;
  /** Why it is stale. */
  reason?: string;
}

export interface Maintenance {
  compact(now: Date): CompactReport;
  repair(now: Date, opts?: RepairOptions): RepairReport;
  lockStatus(): LockStatus;
}

export const START: Position = { offset: 0, line: 0, endsWithNewline: true };

/** Refuse a lock body that returns a promise (the lock would be released before it settles). */
export function assertSync<T>(value: T): T {
  if (value !== null && typeof value === "object" && typeof (value as { then?: unknown }).then === "function")
    throw new TypeError("withLock takes a synchronous function (the lock is released when it returns)");
  return value;
}
