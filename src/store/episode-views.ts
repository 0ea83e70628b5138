import type { Rec } from "../core/rec.ts";
import type { EpisodeColumns } from "./episode-columns.ts";

/** One session's turns in log order (the order they were imported, i.e. conversation order). */
export interface SessionTurns {
  key: string;
  recs: Rec[];
}

/** A read-only map over the episode log (its values read on first use). */
interface View<V> {
  get(key: string): V | undefined;
  has(key: string): boolean;
  keys(): Generator<string>;
  values(): Generator<V>;
  readonly size: number;
}

/** The episode log by id (each entry read from the log on first use). */
export type ById = View<Rec>;

/** The episode log's sessions: session key to its live turns. */
export type Sessions = View<SessionTurns>;

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
