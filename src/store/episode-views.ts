import type { Rec } from "../core/rec.ts";
import type { EpisodeColumns } from "./episode-columns.ts";

/** One session's turns in log order (the order they were imported, i.e. conversation order). */
export interface SessionTurns {
  key: string;
  recs: Rec[];
}

/** The episode log by id, as a read-only map of records (each entry read from the log on first use). */
export interface ById {
  get(id: string): Rec | undefined;
  has(id: string): boolean;
  keys(): Generator<string>;
  values(): Generator<Rec>;
  readonly size: number;
}

/** The episode log's sessions, as a read-only map of session key to its live turns. */
export interface Sessions {
  get(key: string): SessionTurns | undefined;
  has(key: string): boolean;
  keys(): Generator<string>;
  values(): Generator<SessionTurns>;
  readonly size: number;
}

export function byIdView(log: {
  get(id: string): Rec | undefined;
  has(id: string): boolean;
  all(): Generator<Rec>;
  readonly size: number;
}): ById {
  return {
    get: (id) => log.get(id),
    has: (id) => log.has(id),
    *keys() {
      for (const r of log.all()) yield r.id;
    },
    values: () => log.all(),
    get size() {
      return log.size;
    },
  };
}

/** `rows`: each session's live rows (by its key's number in `cols`), in turn order; `rec`: a row's record. */
export function sessionsView(
  cols: EpisodeColumns,
  rows: Map<number, number[]>,
  rec: (row: number) => Rec,
): Sessions {
  const turns = (n: number, list: number[]): SessionTurns => ({ key: cols.string(n), recs: list.map(rec) });
  const rowsOf = (key: string) => {
    const n = cols.numberOf(key);
    return n === undefined ? undefined : rows.get(n);
  };
  return {
    get: (key) => {
      const list = rowsOf(key);
      return list ? turns(cols.numberOf(key) as number, list) : undefined;
    },
    has: (key) => rowsOf(key) !== undefined,
    *keys() {
      for (const n of rows.keys()) yield cols.string(n);
    },
    *values() {
      for (const [n, list] of rows) yield turns(n, list);
    },
    get size() {
      return rows.size;
    },
  };
}
