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
}
