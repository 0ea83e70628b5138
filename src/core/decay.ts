import type { Rec } from "./rec.ts";
import { daysSince, neverDecays, scoreRec } from "./score.ts";

export interface DecayConfig {
  now: Date;
  cwd: string;
  decayAfterDays: number;
  decayMinScore: number;
}

/**
 * Learnings to archive: older than `decayAfterDays` (age counts from `created`, which every update
 * refreshes) and scoring below `decayMinScore` (importance counts: low sinks, and high or pinned entries
 * never decay). Preferences never decay: only learnings are considered.
 */
export function selectDecay(learnings: Rec[], c: DecayConfig): Rec[] {
  const nowMs = c.now.getTime();
  return learnings.filter((r) => {
    if (neverDecays(r)) return false;
    const age = daysSince(r.createdMs, nowMs);
    return age > c.decayAfterDays && scoreRec(r, c.cwd, nowMs) < c.decayMinScore;
  });
}
