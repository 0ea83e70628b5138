import type { Rec } from "./rec.ts";
import type { LiveType } from "./types.ts";

/**
 * What a context reads of every live record of the types it ranks, without the record itself: a column per
 * field, in fold order (core/fold.ts), so a cold `brain context` scores 50 000 learnings, orders the
 * preferences and finds the pending tasks from numbers and then parses only the records it shows. The fold
 * snapshot stores them (src/store/jsonl/snapshot-columns.ts); core/cold.ts adds what was appended since,
 * core/columns.ts makes a row from a record.
 *
 * Per type the columns mean (everything a context's choice of records depends on, nothing else):
 *   learning:   num = createdMs, str = projectPath, flags = Rec.flags, ok TEXT = withText,
 *               prio = length of its short id when saved (0: not known; core/short-ids.ts)
 *   preference: str = category (core/text.ts str), flags, ok TEXT = withText
 *   task:       str = due (a string, else -1), num = due as a time (NaN: none, or a plain date: ok DAY),
 *               prio = priority rank, ok TEXT = description present, OPEN = status pending
 *   reminder:   num = next_due as ms (NaN), prio = priority rank, ok TEXT = withText, OPEN = enabled
 * and for learnings and preferences ok QUIET: when saved, the fold's find(id) gave this record and it names
 * no code anchors (its stale note is empty: src/context/stale.ts).
 */
export const COLUMN_TYPES = [
  "learning",
  "preference",
  "task",
  "reminder",
] as const satisfies readonly LiveType[];
export type ColumnType = (typeof COLUMN_TYPES)[number];

/** `ok` bits. */
export const TEXT = 1;
export const OPEN = 2;
export const QUIET = 4;
/** A task's due is a plain date (compared with today's local date; its num is NaN). */
export const DAY = 8;

export interface Columns {
  readonly n: number;
  readonly num: Float64Array;
  /** Index into `strings`, -1 for none. */
  readonly str: Int32Array;
  readonly flags: Uint8Array;
  readonly ok: Uint8Array;
  readonly prio: Uint8Array;
  readonly strings: readonly string[];
  /** The record of row `i` (parsed from the snapshot on demand). */
  rec(i: number): Rec;
  /** Rows in an order of the fold alone, where the snapshot stores it (core/column-order.ts storedOrder). */
  readonly order?: Int32Array;
  /** How many of `order` are the pinned rows; for learnings the groups of the rest (core/column-order.ts). */
  readonly pinned?: number;
  readonly groups?: readonly RankGroup[];
}

/**
 * Learnings a context ranks (with text, not pinned) in groups whose score differs only by recency: the same
 * manual and importance flags and the same project path (-1: not project-scoped, or without a path), each
 * group's rows newest first (then `created` as a string, then fold order: the order a bucket is sorted in,
 * core/rank-learnings.ts newestFirst). A context then finds each score's rows by binary search in each group
 * instead of scoring every learning. None when a learning has no valid `created` (its order against the
 * others is not one a sort can be trusted to repeat).
 */
export interface RankGroup {
  /** Rows order[start, end) of the stored order. */
  start: number;
  end: number;
  /** MANUAL | HIGH | LOW bits. */
  flags: number;
  /** Index of the project path in the strings, -1 for none. */
  path: number;
}
