import type { ToolEvent } from "../core/tool-event.ts";
import { BrainHome } from "../store/home.ts";
import { toolEventLog } from "../store/tool-event-log.ts";

/**
 * The tool-event log (src/store/tool-event-log.ts: `.brain/tool-events.jsonl`) as the hooks write it and its
 * readers read it. Every tool call the hosts report is captured ONCE (Claude Code's PostToolUse /
 * PostToolUseFailure hooks, pi's tool_result), one line each (src/core/tool-event.ts).
 *
 * Writers (the hooks) cap each text and redact key-shaped secrets (src/hooks/redact.ts) — all a hook can
 * afford. Readers (src/recall/tool-events.ts) get every text field redacted again, fully.
 */

/** Append tool events (each already capped and redacted by src/hooks/tool-event.ts) to a brain's log. */
export function appendToolEvents(
  brain: { brainPath: string; store?: { localDir: string } | null },
  events: ToolEvent[],
): void {
  toolEventLog(BrainHome.of(brain)).append(events);
}
