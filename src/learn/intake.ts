import type { Turn } from "../core/episode.ts";
import { repoRoot } from "../project/rules.ts";
import { crypto } from "../store/crypto.ts";
import type { BrainHome } from "../store/home.ts";
import type { LearnState, SessionCursor } from "./cursors.ts";
import { type QueuedWork, queueLog } from "./queue.ts";

/** Read the queue's new records into the state: transcripts get (or refresh) a cursor, messages a pending item. */
export function intakeQueue(home: BrainHome, state: LearnState, now: () => Date): number {
  const read = queueLog(home).read({ offset: state.queueOffset, line: 0, endsWithNewline: true });
  for (const { value: w, offset } of read.records) {
    if (typeof w.transcript_path === "string" && w.transcript_path) {
      const c: SessionCursor = state.sessions[w.transcript_path] ?? {
        host: String(w.host ?? "claude"),
        transcript: w.transcript_path,
        offset: 0,
        line: 0,
        attempts: 0,
        updated: now().toISOString(),
      };
      state.sessions[w.transcript_path] = c;
      if (typeof w.session_id === "string") c.session_id = w.session_id;
      if (typeof w.cwd === "string") {
        c.cwd = w.cwd;
        c.project = repoRoot(w.cwd);
      }
      c.attempts = 0; // new work: a transcript that failed gets its tries again
    } else if (Array.isArray(w.messages) && w.messages.length > 0) {
      state.items.push({ offset, attempts: 0 });
    }
  }
  // Past what was read whole (a line still being written is read next time); bad lines are skipped.
  state.queueOffset = read.end.offset;
  return read.records.length;
}

export function projectOf(w: { cwd?: unknown; project?: unknown }): Record<string, string> {
  if (typeof w.project === "string") return { project: w.project };
  return typeof w.cwd === "string" ? { project: repoRoot(w.cwd) } : {};
}

/** The queued record at byte `offset` (a pending message batch); undefined when none is readable there. */
export function queueRecord(home: BrainHome, offset: number): QueuedWork | undefined {
  return queueLog(home).read({ offset, line: 0, endsWithNewline: true }, 1).records[0]?.value;
}

/** Messages captured in-process (pi) as turns; a turn's id is its content, so a batch seen twice adds nothing. */
export function messageTurns(w: QueuedWork, offset: number): Turn[] {
  const session = typeof w.session_id === "string" && w.session_id ? w.session_id : `queue-${offset}`;
  const date = typeof w.at === "string" ? w.at : new Date(0).toISOString();
  return (w.messages ?? [])
    .filter((m) => (m.role === "user" || m.role === "assistant") && m.text.trim())
    .map((m) => ({
      session,
      turn: crypto().createHash("sha256").update(`${m.role}\u0000${m.text}`).digest("hex").slice(0, 16),
      speaker: m.role,
      role: m.role,
      text: m.text,
      date,
    }));
}
