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

export interface BaseEntry {
  id: string;
  type: string;
  created: string;
  [extra: string]: unknown;
}

export interface BehaviorEntry extends BaseEntry {
  type: "behavior";
  category: "do" | "dont" | "value";
  text: string;
}
export interface KeyValueEntry extends BaseEntry {
  type: "identity" | "user" | "meta";
  key: string;
  value: string;
}
export interface LearningEntry extends BaseEntry {
  type: "learning";
  text: string;
  source?: string;
  scope?: string;
  projectPath?: string;
}
export interface PreferenceEntry extends BaseEntry {
  type: "preference";
  category: string;
  text: string;
}
export interface ContextEntry extends BaseEntry {
  type: "context";
  project: string;
  path: string;
  content: string;
}
export type Priority = "urgent" | "high" | "normal" | "low";
export interface TaskEntry extends BaseEntry {
  type: "task";
  description: string;
  status?: "pending" | "done" | string;
  priority?: Priority | string;
  tags?: string[];
  due?: string | null;
  completedAt?: string | null;
}
export type Cadence = { kind: "interval"; every: string } | { kind: "daily"; at: string };
export interface ReminderEntry extends BaseEntry {
  type: "reminder";
  text: string;
  cadence: Cadence;
  enabled: boolean;
  priority?: string;
  tags?: string[];
  last_run?: string | null;
  next_due?: string | null;
  last_result?: "ok" | "error" | "skipped" | null;
  last_error?: string | null;
}
export interface TombstoneEntry extends BaseEntry {
  type: "tombstone";
  target_id: string;
  target_type: string;
  reason: string;
}

/** Keyed types and the field that is their natural key. */
export const KEY_FIELD: Readonly<Record<string, "key" | "path">> = {
  identity: "key",
  user: "key",
  meta: "key",
  context: "path",
};

/** Types whose text is deduplicated on add. */
export const DEDUP_TYPES: ReadonlySet<string> = new Set(["learning", "preference"]);
