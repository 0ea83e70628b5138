/**
 * What a purge names (what "forget" means on disk): the entries, the episodes, whole sessions, and the texts
 * they held. Every place that keeps bytes of a brain — each log (src/store/log.ts `LogSpec.purges`), each
 * state file, each projection — takes away what the target names (the engine runs them all:
 * src/engine/purge.ts).
 */
export interface PurgeTarget {
  /** Brain entry ids: every version of each and every tombstone of it leave brain.jsonl. */
  readonly entries: ReadonlySet<string>;
  /** Episode ids: their lines leave episodes.jsonl (the tombstones stay: they hold no text, and keep a re-import out). */
  readonly episodes: ReadonlySet<string>;
  /** Sessions forgotten whole: local records of them (queued transcripts, inbox evidence, tool events) go too. */
  readonly sessions: ReadonlySet<string>;
  /** The texts that were purged: state that keeps text without ids (detector windows, notices) drops what holds one. */
  readonly texts: readonly string[];
}

export function purgeTarget(t: Partial<{ [K in keyof PurgeTarget]: Iterable<string> }>): PurgeTarget {
  return {
    entries: new Set(t.entries ?? []),
    episodes: new Set(t.episodes ?? []),
    sessions: new Set(t.sessions ?? []),
    texts: [...(t.texts ?? [])].filter((s) => s.trim() !== ""),
  };
}

/** A string this long that appears inside a purged text is a piece of it (an excerpt, a preview, evidence). */
const EXCERPT_CHARS = 32;

/**
 * Whether `value` (any JSON) holds one of `texts` in one of its strings — the whole text, or a piece of it at
 * least EXCERPT_CHARS long (what a preview, an inbox candidate's evidence or a recent message keeps).
 */
export function holdsText(value: unknown, texts: readonly string[]): boolean {
  if (texts.length === 0) return false;
  if (typeof value === "string")
    return texts.some((t) => value.includes(t) || (value.length >= EXCERPT_CHARS && t.includes(value)));
  if (value === null || typeof value !== "object") return false;
  for (const v of Object.values(value)) if (holdsText(v, texts)) return true;
  return false;
}

/** Whether a record names one of the target's sessions (in `session` or `session_id`) or holds one of its texts. */
export function touches(record: unknown, target: PurgeTarget): boolean {
  if (record !== null && typeof record === "object") {
    const r = record as Record<string, unknown>;
    const s =
      typeof r.session === "string" ? r.session : typeof r.session_id === "string" ? r.session_id : undefined;
    if (s !== undefined && target.sessions.has(s)) return true;
  }
  return holdsText(record, target.texts);
}

/**
 * For a log's bad lines (torn writes, lines a repair left or a quarantine kept): one that names a purged id
 * as a JSON string, or holds a purged text, goes with the rest — forget leaves no byte of what it names.
 */
export function namesAny(ids: ReadonlySet<string>, texts: readonly string[]): (line: string) => boolean {
  const quoted = [...ids].map((id) => JSON.stringify(id));
  return (line) => quoted.some((q) => line.includes(q)) || holdsText(line, texts);
}
