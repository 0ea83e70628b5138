import type { Columns, ColumnType } from "./column-types.ts";
import type { Rec } from "./rec.ts";
import type { LiveType } from "./types.ts";

/**
 * What a fold starts from without reading it all: the live records of a saved fold (the snapshot, see
 * src/store/jsonl/snapshot.ts), readable one type, one id or one normalised text at a time. A FoldState built
 * on a base materialises a type only when a command reads that type's collection; counts, lookups by id and
 * the duplicate check are answered from the base plus what was applied since (core/fold.ts).
 */
export interface FoldBase {
  /** The base's live records of `type`, in fold order (built anew on each call). */
  records(type: LiveType): Iterable<Rec>;
  count(type: LiveType): number;
  /** The base's live record of `type` with this id (types kept by id), undefined when it has none. */
  get(type: LiveType, id: string): Rec | undefined;
  /** How many of the base's live records have this normalised text (core/text.ts dedupText). */
  normCount(norm: string): number;
  /** The base's columns of `type` (core/columns.ts), in fold order, when it stores them. */
  columns?(type: ColumnType): Columns | undefined;
  /** The distinct ids next to `id` in sorted order (below and above), for its short form; when it can tell. */
  neighbours?(id: string): string[] | undefined;
  /**
   * A hint that `get(type, id)` follows for each of these ids (a search's hits): a base that reads from a
   * file may read them together, in file order, instead of one read each. Answers never change.
   */
  prefetch?(type: LiveType, ids: readonly string[]): void;
}

/** What was applied to a type not materialised yet: replayed in order when it is (FoldState.#need). */
export interface Pending {
  /** A record stored, or the id of one removed. */
  ops: (Rec | string)[];
  /** id → its record now (null: removed) for ids the ops touched. */
  now: Map<string, Rec | null>;
  /** Live records added (+) or removed (−) by the ops. */
  delta: number;
}

/**
 * The base's records of `type` with `ops` applied, in the order a Map replaying them has (replaced in place;
 * removed; new, or back after a removal, at the end), read from the base as far as the caller reads.
 */
export function* overlaid(
  base: FoldBase,
  type: LiveType,
  ops: readonly (Rec | string)[],
): IterableIterator<Rec> {
  const replaced = new Map<string, Rec>();
  const deleted = new Set<string>();
  const added = new Map<string, Rec>();
  const inBase = (id: string) => !deleted.has(id) && base.get(type, id) !== undefined;
  for (const op of ops) {
    if (typeof op === "string") {
      if (added.has(op)) added.delete(op);
      else if (inBase(op)) {
        deleted.add(op);
        replaced.delete(op);
      }
    } else if (added.has(op.id) || !inBase(op.id)) added.set(op.id, op);
    else replaced.set(op.id, op);
  }
  for (const rec of base.records(type)) {
    if (!deleted.has(rec.id)) yield replaced.get(rec.id) ?? rec;
  }
  yield* added.values();
}
