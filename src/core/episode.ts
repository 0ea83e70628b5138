import type { EntryOf } from "./entry-types.ts";
import type { Sha256Hex } from "./ids.ts";
import { oneLine } from "./one-line.ts";

/**
 * An episode is one turn of a conversation the agent took part in or was shown (a transcript line), kept
 * verbatim in its own log, `episodes.jsonl` beside brain.jsonl — never in brain.jsonl, which stays
 * Rho-compatible. Episodes reach an agent only through recall (relevance to a query). Fields: session
 * (namespaced by the importer), turn (unique within the session), speaker, text, date (ISO 8601), source
 * (format and file name, e.g. "locomo:locomo10.json"), role.
 */
export type EpisodeEntry = EntryOf<"episode">;

/** One parsed turn, before it becomes an entry. */
export interface Turn {
  session: string;
  /** Turn id; the importer numbers turns `session:n` when the transcript has none. */
  turn: string;
  speaker: string;
  role?: string;
  text: string;
  /** ISO 8601; the importer fills a fallback when the transcript has no date. */
  date: string;
  /**
   * Set when the user never typed it (src/recall/ingest/harness.ts): a compaction summary is kept as an
   * episode so marked, a tool call ("tool") is the learner's context only. Never learned from.
   */
  origin?: "command" | "template" | "summary" | "hook" | "interrupt" | "tool";
}

/** Stable episode id: the same session and turn always give the same id, so a re-import adds nothing. */
export function episodeId(session: string, turn: string, sha256: Sha256Hex): string {
  return `e${sha256(`episode\u0000${session}\u0000${turn}`).slice(0, 15)}`;
}

export function toEpisode(t: Turn, source: string, created: string, sha256: Sha256Hex): EpisodeEntry {
  return {
    id: episodeId(t.session, t.turn, sha256),
    type: "episode",
    created,
    session: t.session,
    turn: t.turn,
    speaker: t.speaker,
    ...(t.role && t.role !== t.speaker ? { role: t.role } : {}),
    text: t.text,
    date: t.date,
    source,
    ...(t.origin ? { origin: t.origin } : {}),
  };
}

/** The day of an ISO date ("2023-05-08T13:56:00Z" → "2023-05-08"); other strings are kept as they are. */
export function dayOf(date: string): string {
  return /^\d{4}-\d{2}-\d{2}/.test(date) ? date.slice(0, 10) : date;
}

/** How an episode is shown in a context: `- [2023-05-08] Caroline: …` (the date answers "when did…"). */
export function renderEpisode(e: Record<string, unknown>): string {
  const date = typeof e.date === "string" && e.date ? `[${oneLine(dayOf(e.date))}] ` : "";
  const speaker = typeof e.speaker === "string" && e.speaker ? `${oneLine(e.speaker)}: ` : "";
  const text = typeof e.text === "string" ? oneLine(e.text) : "";
  return `- ${date}${speaker}${text}`;
}
