import { enqueue } from "../learn/queue.ts";
import type { Firing } from "./firing.ts";
import { kickLearner } from "./learner.ts";

/**
 * A `queue` event (pre-compact, stop, session-end): append the host's transcript to the learner's queue
 * and have the learner run (the resident server's, else a detached `brain learn`), without commander or
 * the engine — the same on the bin's fast path and in the CLI. A team store's queue is local too (it waits
 * there while the server is away), so this needs no server either. Nothing with auto-memory off.
 */
export async function queueForLearner(f: Firing): Promise<string> {
  if (!f.config.autoMemory) return "auto-memory off: not queued";
  enqueue(f.home, [f.handler.queueRecord(f.input, f.event, f.now)]);
  await kickLearner(f.home, f.config.brainPath);
  return "queued";
}
