import type { QueuedWork } from "../../learn/queue.ts";

/**
 * What a Claude Code queue hook (PreCompact, Stop, SessionEnd) appends to the learner's queue: the transcript
 * to read and where the session ran. One place for the in-process hook (hooks.ts) and the bin's fast path
 * (src/cli/fast-hook.ts), which must queue exactly alike.
 */
export function claudeQueueRecord(event: string, input: Record<string, unknown>, at: Date): QueuedWork {
  const field = (k: string) => {
    const v = input[k];
    return typeof v === "string" && v ? { [k]: v } : {};
  };
  return {
    host: "claude",
    event,
    at: at.toISOString(),
    ...field("session_id"),
    ...field("transcript_path"),
    ...field("cwd"),
    ...field("trigger"),
    ...field("reason"),
  };
}
