import { createHash } from "node:crypto";
import type { Turn } from "../core/episode.ts";
import { repoRoot } from "../project/rules.ts";
import { readLines } from "./byte-range.ts";
import type { LearnState, SessionCursor } from "./cursors.ts";
import { type QueuedWork, queueFile } from "./queue.ts";

/** Read the queue's new records into the state: transcripts get (or refresh) a cursor, messages a pending item. */
export function intakeQueue(brainPath: string, state: LearnState, now: () => Date): number {
  const chunk = readLines(queueFile(brainPath), state.queueOffset, Number.MAX_SAFE_INTEGER);
  let at = state.queueOffset;
  let n = 0;
  for (const line of chunk.text.split("\n")) {
    const offset = at;
    at += Buffer.byteLength(line, "utf8") + 1;
    if (!line.trim()) continue;
    let w: QueuedWork;
    try {
      w = JSON.parse(line) as QueuedWork;
    } catch {
      continue; // a torn line from a crashed writer
    }
    n++;
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
  state.queueOffset += chunk.bytes;
  return n;
}

export function projectOf(w: { cwd?: unknown; project?: unknown }): Record<string, string> {
  if (typeof w.project === "string") return { project: w.project };
  return typeof w.cwd === "string" ? { project: repoRoot(w.cwd) } : {};
}

export function queueRecord(brainPath: string, offset: number): QueuedWork {
  const chunk = readLines(queueFile(brainPath), offset, 64 * 1024);
  const line = chunk.text.split("\n")[0] ?? "";
  return JSON.parse(line) as QueuedWork;
}

/** Messages captured in-process (pi) as turns; a turn's id is its content, so a batch seen twice adds nothing. */
export function messageTurns(w: QueuedWork, offset: number): Turn[] {
  const session = typeof w.session_id === "string" && w.session_id ? w.session_id : `queue-${offset}`;
  const date = typeof w.at === "string" ? w.at : new Date(0).toISOString();
  return (w.messages ?? [])
    .filter((m) => (m.role === "user" || m.role === "assistant") && m.text.trim())
    .map((m) => ({
      session,
      turn: createHash("sha256").update(`${m.role}\u0000${m.text}`).digest("hex").slice(0, 16),
      speaker: m.role,
      role: m.role,
      text: m.text,
      date,
    }));
}
