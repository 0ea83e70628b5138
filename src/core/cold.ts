import type { Columns, ColumnType } from "./column-types.ts";
import { appended } from "./columns.ts";
import type { FoldState } from "./fold.ts";
import type { Rec } from "./rec.ts";
import { SHORT_ID_MIN } from "./short-ids.ts";

/**
 * A fold standing on a saved base (the snapshot) answers what a context ranks by without materialising every
 * live record: the stored columns (core/columns.ts) plus the new ids applied since, and short ids from the
 * base's sorted ids. Undefined when the state has no base, the base stores no columns, or something other
 * than new ids was applied since (core/base-tail.ts): the caller then reads the records themselves.
 */
export function storedColumns(state: FoldState, type: ColumnType): Columns | undefined {
  const on = state.onBase();
  const cols = on?.base.columns?.(type);
  if (!on || !cols) return undefined;
  const tail = on.tail.filter((r) => r.type === type);
  return state.derived(`columns:${type}:${on.tail.length}`, () => appended(cols, tail, type), [type]);
}

/**
 * The short id of a live `id` (core/short-ids.ts ShortIds.short) from the base's sorted ids next to it and the
 * new ids since, when the state stands on an intact base; else from ShortIds over every live id.
 */
export function shortIdOf(state: FoldState): (id: string) => string {
  const on = state.onBase();
  return (id) => {
    const near = on?.base.neighbours?.(id);
    if (!on || !near) return state.shortIds().short(id);
    if (id.length <= SHORT_ID_MIN) return id;
    const head = id.slice(0, SHORT_ID_MIN);
    const others = [...near, ...on.tail.map((r: Rec) => r.id).filter((o) => o.startsWith(head))];
    for (let k = SHORT_ID_MIN; k < id.length; k++) {
      const p = id.slice(0, k);
      if (!others.some((o) => o !== id && o.startsWith(p))) return p;
    }
    return id;
  };
}

/**
 * Short ids of rows of stored columns: `k`, the length the base stored for the row (0: none), grows while
 * an id applied since starts with the prefix (a shortest unique prefix only ever grows with new ids).
 */
export function storedShortIds(state: FoldState): (id: string, k: number) => string {
  const on = state.onBase();
  const short = shortIdOf(state);
  return (id, k) => {
    if (!on || k === 0) return short(id);
    let n = k;
    while (n < id.length && on.tail.some((r) => r.id !== id && r.id.startsWith(id.slice(0, n)))) n++;
    return n >= id.length ? id : id.slice(0, n);
  };
}

/** The ids applied since the base (a stored fact about a base record with one of them may no longer hold). */
export function tailIds(state: FoldState): ReadonlySet<string> {
  return new Set(state.onBase()?.tail.map((r) => r.id));
}
