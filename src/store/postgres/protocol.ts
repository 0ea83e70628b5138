/** What the calling thread and the store's worker exchange (plain data: it crosses a thread boundary). */

/** Which namespaces a reader sees: the team's, its own personal one, and those of projects around `cwd`. */
export interface ReadFilter {
  personal: string;
  cwd: string | null;
}

/** One line to append, with what the server indexes about it. */
export interface RowIn {
  /** Idempotency key: a retried append of the same row inserts nothing. */
  key: string;
  id: string | null;
  type: string | null;
  line: string;
  /** The line is a JSON object (stored as jsonb too). */
  json: boolean;
  /** False only for a raw write that did not end its line (a torn tail). */
  complete: boolean;
  namespace: string;
  /** Normalised-text hash of a new learning or preference: at most one live entry per namespace and hash. */
  hash: string | null;
  /** The entry a tombstone removes (its text may be added again). */
  target: string | null;
}

export interface Rows {
  seq: number[];
  line: string[];
  complete: boolean[];
}

export interface WorkerConfig {
  url: string;
  writer: string;
  connectTimeoutMs: number;
  retryMs: number;
}

/** Posted by the worker when the server announces new rows (LISTEN/NOTIFY) or the listener reconnected. */
export interface AppendNotice {
  kind: "append";
  seq: number | null;
}

export const CHANNEL = "brain_events";

/** What the server did with an appended row: stored it, had it already (same key), or refused it as a
 *  duplicate text of a live learning or preference in its namespace. */
export type AppendOutcome = "added" | "present" | "duplicate";
