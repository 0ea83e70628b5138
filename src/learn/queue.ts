import * as fs from "node:fs";
import { dirname, join } from "node:path";

/**
 * The extraction queue: transcripts and message batches that a later extractor turns into learnings. Kept
 * append-only in `.brain/transcripts.jsonl` beside the log (derived data: losing it costs only recall).
 * Hooks append here without opening or folding the brain, so they stay fast and never take the log's lock.
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

export function queueFile(brainPath: string): string {
  return join(dirname(brainPath), ".brain", "transcripts.jsonl");
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

/** Append records as whole lines with one write (O_APPEND keeps concurrent writers' lines apart). */
export function enqueue(brainPath: string, work: QueuedWork[]): string {
  const file = queueFile(brainPath);
  if (work.length === 0) return file;
  const lines = work.map((w) => {
    const bytes = w.transcript_bytes ?? sizeOf(w.transcript_path);
    const rec: QueuedWork = {
      ...w,
      ...(bytes !== undefined ? { transcript_bytes: bytes } : {}),
      ...(w.messages ? { messages: capMessages(w.messages) } : {}),
    };
    return `${JSON.stringify(rec)}\n`;
  });
  fs.mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  fs.appendFileSync(file, lines.join(""), { mode: 0o600 });
  return file;
}

/** Every queued record; unparseable lines are skipped (the file is derived data). */
export function readQueue(brainPath: string): QueuedWork[] {
  let text: string;
  try {
    text = fs.readFileSync(queueFile(brainPath), "utf8");
  } catch {
    return [];
  }
  const out: QueuedWork[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    try {
      const v = JSON.parse(line) as unknown;
      if (v && typeof v === "object" && !Array.isArray(v)) out.push(v as QueuedWork);
    } catch {
      /* a torn line from a crash: skip it */
    }
  }
  return out;
}
