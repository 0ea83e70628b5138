import type { BadLine } from "../core/health.ts";
import { type EventStore, type PurgeReport, START } from "./event-store.ts";
import type { PurgeTarget } from "./purge-target.ts";
import type { Position, ScanSink } from "./scan.ts";

/**
 * One append-only log beside the brain (the learner's queue, its inbox and run log, the tool-event log, next
 * the feedback ledger and the agent's state): a sibling store of the brain log with a line check. Every such
 * log gets, by being one, what brain.jsonl has: whole lines appended in one write under the log's lock,
 * "\n"-only framing, a torn last line left alone until it is finished, bad lines reported with their numbers
 * (never fatal, never dropped), incremental reads from a position, and `purge` — a verified rewrite without
 * the records a predicate picks, so a forgotten thing leaves every log by construction.
 */
export interface LogSpec<T> {
  /** The log's file name in the brain's local directory (`.brain/<name>`). */
  readonly name: string;
  /** A line's JSON object as a record of this log, or why it is not one (reported as a bad line). */
  check(value: Record<string, unknown>): T | { problem: string };
  /**
   * Which records a purge takes (src/store/purge-target.ts): e.g. the ones of a forgotten session, the ones
   * holding a purged text. Every log says it, so a forgotten thing leaves every log by construction.
   */
  purges(record: T, target: PurgeTarget): boolean;
}

export interface LogRecord<T> {
  value: T;
  /** 1-based physical line number (counted from where the read started). */
  line: number;
  /** Byte offset of the line in the file: where a later read of just this record starts. */
  offset: number;
}

export interface LogRead<T> {
  records: LogRecord<T>[];
  bad: BadLine[];
  /** Where the next read starts. */
  end: Position;
}

/** True when a check's result is a refusal. */
function isProblem<T>(r: T | { problem: string }): r is { problem: string } {
  return typeof r === "object" && r !== null && "problem" in r && Object.keys(r).length === 1;
}

export class Log<T> {
  readonly spec: LogSpec<T>;
  readonly store: EventStore;

  constructor(spec: LogSpec<T>, store: EventStore) {
    this.spec = spec;
    this.store = store;
  }

  /** The file, when the log is one (null in memory). */
  get file(): string | null {
    return this.store.file;
  }

  /** Append records as whole lines, in one write, under the log's lock. Each must pass the log's check. */
  append(records: readonly T[]): void {
    if (records.length === 0) return;
    const lines = records.map((r) => {
      const line = JSON.stringify(r);
      const back = this.spec.check(JSON.parse(line) as Record<string, unknown>);
      if (isProblem(back))
        throw new Error(`${this.spec.name}: refusing to append a record it cannot read: ${back.problem}`);
      return line;
    });
    this.store.withLock(() => this.store.append(lines), `append ${this.spec.name}`);
  }

  /** Run `fn` holding the log's lock (reentrant; `fn` is synchronous). */
  withLock<R>(fn: () => R): R {
    return this.store.withLock(fn, this.spec.name);
  }

  /**
   * The records from `from` on (checked: bad lines reported, never thrown), at most `limit` of them, and where
   * the next read starts.
   */
  read(from: Position = START, limit = Number.POSITIVE_INFINITY): LogRead<T> {
    const records: LogRecord<T>[] = [];
    const bad: BadLine[] = [];
    const check = this.spec.check;
    const sink: ScanSink = {
      record: (value, line, text, offset) => {
        const r = check(value);
        if (isProblem(r))
          bad.push({ line, reason: r.problem, text: text.length > 200 ? `${text.slice(0, 200)}…` : text });
        else records.push({ value: r, line, offset });
      },
      enough: () => records.length >= limit,
      rec: () => {},
      bad: (b) => bad.push(b),
      unknownType: () => {},
      warning: () => {},
    };
    const r = this.store.scan(from, sink);
    return { records, bad, end: r.end };
  }

  /** Remove the records a purge names (the log's own `purges` says which): see `purge`. */
  purgeFor(target: PurgeTarget): PurgeReport {
    return this.purge((r) => this.spec.purges(r, target));
  }

  /**
   * Remove every record `drop` picks: a verified rewrite of the log under its lock (temp file, then rename),
   * every other line kept byte for byte; copies of the log (backups) are rewritten the same way. Bad lines
   * are kept (they are not records a predicate can judge).
   */
  purge(drop: (value: T) => boolean): PurgeReport {
    const check = this.spec.check;
    return this.store.purge((value) => {
      const r = check(value);
      return !isProblem(r) && drop(r);
    }, `purge ${this.spec.name}`);
  }
}
