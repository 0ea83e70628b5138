import { checkToolEvent, type ToolEvent } from "../core/tool-event.ts";
import type { BrainHome } from "./home.ts";
import { type LocalLogSpec, localLog } from "./local-log.ts";
import type { Log } from "./log.ts";
import { touches } from "./purge-target.ts";

/**
 * The tool-event log, `.brain/tool-events.jsonl`: every tool call the hosts report, captured once by the
 * hooks (src/hooks/tool-events.ts writes it and offers the readers' API, redacted again in full). A log of
 * the brain's home like the learner's queue: whole lines under its lock, bad lines reported, and a purge
 * takes a forgotten session's calls and any that hold a purged text (src/engine/local-state.ts lists it).
 * No fsync: a power cut may lose the last events, never tear a line.
 */
export const TOOL_EVENTS_LOG: LocalLogSpec<ToolEvent> = {
  name: "tool events",
  file: "toolEvents",
  check: checkToolEvent,
  purges: (e, target) => touches(e, target),
};

export function toolEventLog(home: BrainHome): Log<ToolEvent> {
  return localLog(home, TOOL_EVENTS_LOG, { fsync: false });
}
