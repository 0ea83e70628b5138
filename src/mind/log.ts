import type { BrainHome } from "../store/home.ts";
import { type LocalLogSpec, localLog } from "../store/local-log.ts";
import type { Log } from "../store/log.ts";
import { touches } from "../store/purge-target.ts";
import { checkRecord, type MindRecord } from "./records.ts";

/**
 * Where the agent's mind lives: ONE local log of the brain's home, `.brain/mind.jsonl`, of labelled records
 * (src/mind/records.ts) — goals, plan, self-summary, self-instructions, facts, affect, thoughts, actions,
 * explored paths and URLs, chat, the activity log — and nothing in brain.jsonl.
 *
 * Why one log beside the brain and not entry types in brain.jsonl: the mind changes on every tick of an
 * agent loop (thousands of lines an hour) and is the agent's own, not knowledge to share (a team store, an
 * export for Rho); brain.jsonl stays small and exactly what Rho reads, with nothing added. Why one labelled
 * log and not a log per collection: a tick writes a thought, an action, a log line and the new affect in
 * ONE locked append (one lock, one write), every record gets its number in one sequence, and one check,
 * one purge rule and one compaction cover them all. What a decision reads is a small view of it (the last
 * few of each stream and the small state), kept as a snapshot trusted only while it matches the log
 * (src/mind/view.ts), so a prompt hook never reads the whole log.
 *
 * A purge takes the records of a forgotten session and every record holding a purged text.
 */
export const MIND_LOG: LocalLogSpec<MindRecord> = {
  name: "mind log",
  file: "mind",
  check: checkRecord,
  purges: (r, target) => touches(r, target),
};

export function mindLog(home: BrainHome, opts: { fsync?: boolean } = {}): Log<MindRecord> {
  return localLog(home, MIND_LOG, opts);
}
