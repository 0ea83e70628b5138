import * as fs from "node:fs";
import type { BrainHome } from "../store/home.ts";
import { type LocalLogSpec, localLog } from "../store/local-log.ts";
import type { Log } from "../store/log.ts";
import { touches } from "../store/purge-target.ts";

/**
 * The extraction queue: transcripts and message batches that a later extractor turns into learnings. A log of
 * the brain's home (`.brain/transcripts.jsonl`, src/store/local-log.ts): whole lines under its own lock.
 * Hooks append here without opening or folding the brain, so they stay fast and never take the brain's lock.
 */
export interface QueuedWork {
  /** The agent host that produced it: "claude", "pi", … */
  host: string;
  /** The host event that queued it (e.g. "pre-compact", "agent_end"). */
  event: string;
  at: string;
  session_id?: string;
  /** A host transcript to read later (Claude Code's JSONL transcript). */
  transcript_path?: string;
  /** Size of the transcript when queued, so the extractor knows how far this event covers. */
  transcript_bytes?: number;
  cwd?: string;
  /** Messages captured in-process (pi), as role + plain text. */
  messages?: { role: string; text: string }[];
  [extra: string]: unknown;
}

/** One queued record may hold at most this many characters of messages; older text is cut first. */
export const MAX_MESSAGE_CHARS = 200_000;

/** A queue record as read back: an object with a host and an event; messages, when present, role + text. */
function checkQueued(v: Record<string, unknown>): QueuedWork | { problem: string } {
  if (typeof v.host !== "string" || typeof v.event !== "string")
    return { problem: "not a queued record (host, event)" };
  if (v.transcript_path !== undefined && typeof v.transcript_path !== "string")
    return { problem: "transcript_path is not a string" };
  if (v.session_id !== undefined && typeof v.session_id !== "string")
    return { problem: "session_id is not a string" };
  if (v.cwd !== undefined && typeof v.cwd !== "string") return { problem: "cwd is not a string" };
  if (v.messages !== undefined) {
    const ok =
      Array.isArray(v.messages) &&
      v.messages.every(
        (m) =>
          m !== null && typeof m === "object" && typeof m.role === "string" && typeof m.text === "string",
      );
    if (!ok) return { problem: "messages are not role + text" };
  }
  return v as QueuedWork;
}

/** The queue as a log of the brain's home (`.brain/transcripts.jsonl`). */
export const QUEUE_LOG: LocalLogSpec<QueuedWork> = {
  name: "learner queue",
  file: "queue",
  check: checkQueued,
  // A forgotten session's queued records go (a pi batch holds its messages' text).
  purges: (w, target) => touches(w, target),
};

export function queueLog(home: BrainHome): Log<QueuedWork> {
  return localLog(home, QUEUE_LOG, { fsync: false });
}

function sizeOf(path: string | undefined): number | undefined {
  if (!path) return undefined;
  try {
    return fs.statSync(path).size;
  } catch {
    return undefined;
  }
}

/** Keep the newest messages within MAX_MESSAGE_CHARS. */
export function capMessages(messages: { role: string; text: string }[]): { role: string; text: string }[] {
  const out: { role: string; text: string }[] = [];
  let left = MAX_MESSAGE_CHARS;
  for (let i = messages.length - 1; i >= 0 && left > 0; i--) {
    const m = messages[i] as { role: string; text: string };
    const text = m.text.length > left ? m.text.slice(m.text.length - left) : m.text;
    out.unshift({ role: m.role, text });
    left -= text.length;
  }
  return out;
}

/** Append records to the queue (whole lines, one write, under the queue's lock); returns the queue file. */
export function enqueue(home: BrainHome, work: QueuedWork[]): string {
  const log = queueLog(home);
  if (work.length === 0) return home.file("queue");
  home.ensureLocal();
  log.append(
    work.map((w) => {
      const bytes = w.transcript_bytes ?? sizeOf(w.transcript_path);
      return {
        ...w,
        ...(bytes !== undefined ? { transcript_bytes: bytes } : {}),
        ...(w.messages ? { messages: capMessages(w.messages) } : {}),
      };
    }),
  );
  return home.file("queue");
}

/** Every queued record (a line that is not one is reported by the log, and skipped here). */
export function readQueue(home: BrainHome): QueuedWork[] {
  return queueLog(home)
    .read()
    .records.map((r) => r.value);
}
