import type { QueuedWork } from "../learn/queue.ts";
import type { HookEventSpec } from "./events.ts";
import { str } from "./fields.ts";
import type { HookCall, HostId, Payload } from "./host-types.ts";

/** The learner's queue record of a `queue` event, the same for every host: the transcript and where it ran. */
export function queueRecordOf(
  host: HostId,
  p: Payload,
  event: HookEventSpec,
  at: Date,
  c: HookCall,
): QueuedWork {
  const extra = (k: string) => {
    const v = str(p[k]);
    return v ? { [k]: v } : {};
  };
  return {
    host,
    event: event.cli,
    at: at.toISOString(),
    ...(c.session ? { session_id: c.session } : {}),
    ...(c.transcript ? { transcript_path: c.transcript } : {}),
    ...(c.cwd ? { cwd: c.cwd } : {}),
    ...extra("trigger"),
    ...extra("reason"),
  };
}
