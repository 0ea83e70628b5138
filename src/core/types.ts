/** Entry shapes of the brain event log (seed 000). Extra fields are always preserved. */

export const ENTRY_TYPES = [
  "behavior",
  "identity",
  "user",
  "learning",
  "preference",
  "context",
  "task",
  "reminder",
  "tombstone",
  "meta",
] as const;

export type EntryType = (typeof ENTRY_TYPES)[number];
export type LiveType = Exclude<EntryType, "tombstone">;

export const LIVE_TYPES: readonly LiveType[] = ENTRY_TYPES.filter((t): t is LiveType => t !== "tombstone");

export function isEntryType(t: unknown): t is EntryType {
  return typeof t === "string" && (ENTRY_TYPES as readonly string[]).includes(t);
}

/**
 * Any entry as read from the log: what every reader handles (extra fields are kept). The shape of each type
 * as written is the zod schema's (`EntryOf<"learning">` in core/schema.ts) — one definition, not two.
 */
export interface BaseEntry {
  id: string;
  type: string;
  created: string;
  [extra: string]: unknown;
}

export type Cadence = { kind: "interval"; every: string } | { kind: "daily"; at: string };

/** Keyed types and the field that is their natural key. */
export const KEY_FIELD: Readonly<Record<string, "key" | "path">> = {
  identity: "key",
  user: "key",
  meta: "key",
  context: "path",
};

/** Types whose text is deduplicated on add. */
export const DEDUP_TYPES: ReadonlySet<string> = new Set(["learning", "preference"]);
