import { checkFeedback, type FeedbackRecord } from "../core/feedback.ts";
import type { BrainHome } from "./home.ts";
import { type LocalLogSpec, localLog } from "./local-log.ts";
import type { Log } from "./log.ts";
import { touches } from "./purge-target.ts";

/**
 * The feedback ledger, `.brain/feedback.jsonl` (src/core/feedback.ts): tool outcomes read from the tool-event
 * log, the user's corrections, provider errors and self-heal events. A log of the brain's home like the
 * tool-event log: whole lines under its lock, bad lines reported, and a purge takes a forgotten session's
 * records and any that hold a purged text (src/engine/local-state.ts lists it). Written by the ledger's
 * reader of the tool-event log (src/improve/ledger.ts) and by the learner (corrections, provider errors).
 */
export const FEEDBACK_LOG: LocalLogSpec<FeedbackRecord> = {
  name: "feedback ledger",
  file: "feedback",
  check: checkFeedback,
  purges: (r, target) => touches(r, target),
};

export function feedbackLog(home: BrainHome): Log<FeedbackRecord> {
  return localLog(home, FEEDBACK_LOG, { fsync: false });
}
