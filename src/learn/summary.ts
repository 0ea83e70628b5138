import type { Turn } from "../core/episode.ts";
import type { Brain } from "../engine/brain.ts";

/**
 * Session summaries (issue 11 step 5): the model's one line about a session, written by the learner as an
 * episode of that session (same log, same project tag as its turns) with `role: "summary"`, which is what
 * the "Recently in this project" block shows for the session (src/recall/recent-sessions.ts: the newest one
 * in log order). Each pass that changes the summary appends one, after the turns it sums up.
 */
export const SUMMARY_ROLE = "summary";
/** How a summary reads where episodes are shown (`- [2026-03-02] session summary: …`). */
const SUMMARY_SPEAKER = "session summary";
export const SUMMARY_SOURCE = "brain:summary";

/** The newest summary stored for `session` (the episode log as the last sync left it), or undefined. */
export function lastSummary(brain: Brain, session: string): string | undefined {
  const recs = brain.recallEngine.episodes.sessions.get(session)?.recs ?? [];
  const rec = recs.findLast((r) => r.entry.role === SUMMARY_ROLE && typeof r.entry.text === "string");
  return rec ? String(rec.entry.text) : undefined;
}

/**
 * The summary as a turn of the session whose `turns` it sums up: dated like the last of them, with a turn id
 * of its own per pass (`summary@<last turn>`), so a retried pass does not store it twice.
 */
export function summaryTurn(turns: readonly Turn[], text: string): Turn | undefined {
  const last = turns.at(-1);
  if (!last) return undefined;
  return {
    session: last.session,
    turn: `summary@${last.turn}`,
    speaker: SUMMARY_SPEAKER,
    role: SUMMARY_ROLE,
    text,
    date: last.date,
  };
}
