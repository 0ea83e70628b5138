import type { Position, ScanResult, ScanSink } from "./scan.ts";

/**
 * Where the event log lives. The engine folds whatever `scan` hands it; writes happen only inside
 * `withLock`, where `append` adds whole lines (a torn last line is terminated first so nothing is glued
 * to it). Implementations: JSONL file (default), in-memory (tests).
 */
export interface EventStore {
  /** Human-readable location, for messages. */
  readonly location: string;
  scan(from: Position, sink: ScanSink): ScanResult;
  /** Size in bytes now (0 when missing). */
  size(): number;
  withLock<T>(fn: () => T, purpose: string): T;
  /** Append whole lines; only valid inside withLock. Returns the torn text it terminated, if any. */
  append(lines: string[]): { terminatedTorn: boolean };
  /** Create the log with these lines unless it exists (atomic, no clobber). True when created. */
  createIfMissing(lines: string[]): boolean;
  /** Which file generation this is (inode) and its size; a new generation means the log was replaced. */
  identity(): { generation: number; size: number };
}

export const START: Position = { offset: 0, line: 0, endsWithNewline: true };
