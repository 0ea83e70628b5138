import { join } from "node:path";
import type { Worker } from "node:worker_threads";
import { BrainError, type BrainErrorCode } from "../../core/errors.ts";
import { parseJson } from "../../core/safe-json.ts";
import {
  assertSync,
  type DerivedFiles,
  type EventStore,
  type PurgeReport,
  type SnapshotStore,
} from "../event-store.ts";
import { JsonlFileStore } from "../jsonl/file-store.ts";
import { loadSnapshotFrom, saveSnapshotTo } from "../jsonl/snapshot.ts";
import { MemoryStore } from "../memory-store.ts";
import { type Position, type ScanResult, type ScanSink, scanSource } from "../scan.ts";
import { teamDerived } from "./local-files.ts";
import { personalNamespace } from "./namespaces.ts";
import { TEAM_STORE_ERROR } from "./offline.ts";
import type { AppendOutcome, ReadFilter, RowIn, Rows } from "./protocol.ts";
import { rawRows, toRow } from "./rows.ts";
import type { SyncCaller } from "./sync-call.ts";
import { redactUrl } from "./url.ts";
import { startWorker } from "./worker-start.ts";

export interface PostgresStoreOptions {
  /** postgres://… (credentials here or in the PG* environment variables; never printed). */
  url: string;
  /** Owner of the personal namespace this handle reads and writes. */
  user: string;
  /** Recorded with every row (who wrote it), e.g. user@host. */
  writer: string;
  /** The directory the brain is used from: decides which project namespaces it reads. */
  cwd: string | null;
  /** How long opening waits for the server (default 3 s; hooks pass less). */
  connectTimeoutMs?: number;
  /** How long a read or write keeps retrying a lost connection (default 15 s). */
  retryMs?: number;
  /** How long a writer waits for the write lock (default 5 s). */
  lockTimeoutMs?: number;
  /**
   * This machine's directory for what is derived or private (fold snapshot, recall index, episodes, brain
   * files): see local-files.ts. Without one, episodes stay in memory and every open reads the whole table.
   */
  localDir?: string | null;
}

/**
 * The event log in a PostgreSQL table shared by many machines (issue 15). Rows are lines of the same JSONL
 * format; a reader's cursor is the last sequence number it folded (Position.offset), so `refresh` reads only
 * the rows committed since. Writers hold a transaction-scoped advisory lock for the duration of `withLock`,
 * which serialises them across machines exactly as the file lock does on one: sequence numbers are handed
 * out in commit order (no reader can skip a row committed late), and a read-modify-append under the lock
 * sees every earlier write. Calls are synchronous (see sync-call.ts): the engine does not know the difference.
 */
export class PostgresStore implements EventStore {
  readonly location: string;
  readonly dir: string | null;
  readonly file = null;
  readonly derived?: DerivedFiles;
  readonly snapshots?: SnapshotStore;
  /** Rows this handle has fetched to fold (what a snapshot saves on the next open). */
  rowsRead = 0;
  readonly #opts: PostgresStoreOptions;
  readonly #filter: ReadFilter;
  readonly #worker: Worker;
  readonly #rpc: SyncCaller;
  readonly #listeners = new Set<() => void>();
  #depth = 0;
  #listening = false;

  constructor(opts: PostgresStoreOptions) {
    this.#opts = opts;
    this.location = redactUrl(opts.url);
    this.#filter = { personal: personalNamespace(opts.user), cwd: opts.cwd };
    this.dir = opts.localDir ?? null;
    if (this.dir) {
      const derived = teamDerived(this.dir, this.#filter, (seq) =>
        this.#rpc.call("mark", { seq, filter: this.#filter }),
      );
      this.derived = derived;
      this.snapshots = {
        load: (opts) => loadSnapshotFrom(derived, opts),
        save: (view, pos, builtFrom) => saveSnapshotTo(derived, view, pos, builtFrom),
      };
    }
    const connectTimeoutMs = opts.connectTimeoutMs ?? 3000;
    const retryMs = opts.retryMs ?? 15_000;
    const { worker, rpc } = startWorker(
      { url: opts.url, writer: opts.writer, connectTimeoutMs, retryMs },
      retryMs + connectTimeoutMs + this.#lockTimeoutMs + 30_000,
      (message, code) => new BrainError(code as BrainErrorCode, message, TEAM_STORE_ERROR),
      () => {
        for (const l of this.#listeners) l();
      },
    );
    this.#worker = worker;
    this.#rpc = rpc;
    try {
      rpc.call("open");
    } catch (err) {
      void worker.terminate();
      throw err;
    }
  }

  get #lockTimeoutMs(): number {
    return this.#opts.lockTimeoutMs ?? 5000;
  }

  scan(from: Position, sink: ScanSink): ScanResult {
    const rows = this.#rpc.call<Rows>("rows", { after: from.offset, filter: this.#filter });
    this.rowsRead += rows.seq.length;
    return scanRows(rows, from, sink);
  }

  size(): number {
    return this.identity().size;
  }

  identity(): { generation: string; size: number } {
    return this.#rpc.call("identity", { filter: this.#filter });
  }

  withLock<T>(fn: () => T, _purpose: string): T {
    if (this.#depth > 0) {
      this.#depth++;
      try {
        return assertSync(fn());
      } finally {
        this.#depth--;
      }
    }
    this.#rpc.call("begin", { lockTimeoutMs: this.#lockTimeoutMs });
    this.#depth = 1;
    let value: T;
    try {
      value = assertSync(fn());
    } catch (err) {
      this.#depth = 0;
      try {
        this.#rpc.call("rollback");
      } catch {
        /* the body's error is the one to report */
      }
      throw err;
    }
    this.#depth = 0;
    this.#rpc.call("commit");
    return value;
  }

  append(lines: string[]): { terminatedTorn: boolean } {
    if (this.#depth === 0) throw new Error("append outside the lock");
    if (lines.length === 0) return { terminatedTorn: false };
    return this.#rpc.call("append", { rows: this.#rows(lines), filter: this.#filter });
  }

  /**
   * Append lines under the lock and say which the server stored: a new learning or preference whose text a
   * live entry of its namespace already has is refused there (the cross-machine dedup), as is a row sent twice.
   */
  appendChecked(lines: string[]): AppendOutcome[] {
    if (this.#depth === 0) throw new Error("append outside the lock");
    return this.#rpc.call<{ inserted: AppendOutcome[] }>("append", {
      rows: this.#rows(lines),
      filter: this.#filter,
    }).inserted;
  }

  /** The text of every whole row this handle reads, in order (for `brain sync pull`). */
  lines(): string[] {
    const rows = this.#rpc.call<Rows>("rows", { after: 0, filter: this.#filter });
    return rows.line.filter((_, i) => rows.complete[i]);
  }

  createIfMissing(lines: string[]): boolean {
    return this.#rpc.call("createIfMissing", { rows: this.#rows(lines), lockTimeoutMs: this.#lockTimeoutMs });
  }

  /** Raw text at the end of the log, bypassing framing (tests: torn and corrupt lines). */
  writeRaw(text: string): void {
    this.#rpc.call("writeRaw", {
      rows: rawRows(text, this.#opts.user),
      lockTimeoutMs: this.#lockTimeoutMs,
    });
  }

  /** Replace the whole log (a restore): every reader starts over from the new generation. */
  restore(text: string): void {
    this.#rpc.call("restore", { rows: rawRows(text, this.#opts.user), lockTimeoutMs: this.#lockTimeoutMs });
  }

  /**
   * Episodes are this machine's transcripts: they stay on it, in the local directory (in memory for the
   * session when there is none), never on the server.
   */
  sibling(name: string, opts: { records?: boolean } = {}): EventStore {
    return this.dir ? new JsonlFileStore(join(this.dir, name), opts) : new MemoryStore();
  }

  /**
   * Remove the rows `drop` picks among those this reader sees (its namespaces), in one transaction that gives
   * the table a new generation: every reader here and on other machines (woken by the NOTIFY) starts over
   * from the table, and its local derived files are rebuilt without them. Episodes stay on each machine (they
   * are purged there, in the local directory).
   */
  purge(drop: (value: Record<string, unknown>) => boolean, _purpose: string): PurgeReport {
    const rows = this.#rpc.call<Rows>("rows", { after: 0, filter: this.#filter });
    const seqs: number[] = [];
    const ids = new Set<string>();
    rows.line.forEach((line, i) => {
      const p = parseJson(line);
      if (!p.ok || p.value === null || typeof p.value !== "object" || Array.isArray(p.value)) return;
      const v = p.value as Record<string, unknown>;
      if (!drop(v)) return;
      seqs.push(rows.seq[i] as number);
      if (typeof v.id === "string") ids.add(v.id);
    });
    if (seqs.length === 0) return { removed: 0, copies: 0 };
    const removed = this.#rpc.call<number>("purge", {
      seqs,
      ids: [...ids],
      lockTimeoutMs: this.#lockTimeoutMs,
    });
    return { removed, copies: 0 };
  }

  /** Call `onAppend` when any machine commits new rows (LISTEN/NOTIFY), until the returned function is called. */
  subscribe(onAppend: () => void): () => void {
    if (!this.#listening) {
      this.#rpc.call("listen");
      this.#listening = true;
    }
    this.#listeners.add(onAppend);
    // A subscription is a live interest: it keeps the process up until the last one ends.
    this.#worker.ref();
    return () => {
      this.#listeners.delete(onAppend);
      if (this.#listeners.size === 0) this.#worker.unref();
    };
  }

  /** Close the connections and stop the worker. */
  async close(): Promise<void> {
    this.#listeners.clear();
    await this.#worker.terminate();
  }

  #rows(lines: string[]): RowIn[] {
    return lines.map((l) => toRow(l, this.#opts.user));
  }
}

/**
 * Fold rows through the JSONL scanner: each row is a line; a row written without its end (a torn raw
 * write) stays open only while it is the last one. Byte offsets of the scan map back to sequence numbers.
 */
export function scanRows(rows: Rows, from: Position, sink: ScanSink): ScanResult {
  const n = rows.seq.length;
  if (n === 0) return { end: from, tornTail: null, bytesRead: 0, linesRead: 0 };
  const lead = from.endsWithNewline ? "" : "\n";
  const texts: string[] = [lead];
  const ends: number[] = [];
  let bytes = Buffer.byteLength(lead);
  for (let i = 0; i < n; i++) {
    const t = (rows.line[i] ?? "") + (rows.complete[i] || i < n - 1 ? "\n" : "");
    texts.push(t);
    bytes += Buffer.byteLength(t);
    ends.push(bytes);
  }
  const buf = Buffer.from(texts.join(""), "utf8");
  const r = scanSource(
    { size: buf.length, read: (into, len, pos) => buf.copy(into, 0, pos, pos + len) },
    { offset: 0, line: from.line, endsWithNewline: from.endsWithNewline },
    sink,
  );
  const seqAt = (offset: number): number => {
    if (offset <= lead.length) return from.offset;
    const i = ends.indexOf(offset);
    if (i < 0) throw new BrainError("INTERNAL", `team store scan ended inside a row (byte ${offset})`);
    return rows.seq[i] as number;
  };
  return {
    end: { ...r.end, offset: seqAt(r.end.offset) },
    tornTail: r.tornTail ? { ...r.tornTail, offset: seqAt(r.tornTail.offset) } : null,
    bytesRead: r.bytesRead,
    linesRead: r.linesRead,
  };
}
