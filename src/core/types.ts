import { type FoldedType, type TypeOf, typeDef, typesWhere } from "./entry-types.ts";

/** Entry shapes of the brain event log (seed 000), derived from the entry table (core/entry-types.ts). */

/** The types of brain.jsonl, in the table's order (episodes live in their own log). */
export type EntryType = TypeOf<"brain">;
/** The types with live entries (all of brain.jsonl's but tombstones). */
export type LiveType = Extract<FoldedType, EntryType>;

export const ENTRY_TYPES: readonly EntryType[] = typesWhere((d) => d.log === "brain");
export const LIVE_TYPES: readonly LiveType[] = typesWhere((d) => d.log === "brain" && d.fold !== undefined);

export { isEntryType } from "./entry-types.ts";

/**
 * Any entry as read from the log: what every reader handles (extra fields are kept). The shape of each type
 * as written is the table's (`EntryOf<"learning">` in core/entry-types.ts) — one definition, not two.
 */
export interface BaseEntry {
  id: string;
  type: string;
  created: string;
  [extra: string]: unknown;
}

export type Cadence = { kind: "interval"; every: string } | { kind: "daily"; at: string };

/** Keyed types and the field that is their natural key. */
export const KEY_FIELD: Readonly<Record<string, "key" | "path">> = Object.fromEntries(
  typesWhere((d) => d.key !== undefined).map((t) => [t, typeDef(t)?.key as "key" | "path"]),
);

/** Types whose text is deduplicated on add. */
export const DEDUP_TYPES: ReadonlySet<string> = new Set(typesWhere((d) => d.dedup === true));

/** Types `decay` archives stale entries of. */
export const DECAY_TYPES: readonly LiveType[] = typesWhere((d) => d.decays === true);
