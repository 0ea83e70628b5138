import type { Rec } from "./rec.ts";
import { daysSince, scoreLearning } from "./score.ts";

export interface DecayConfig {
  now: Date;
  cwd: string;
  decayAfterDays: number;
  decayMinScore: number;
}

/**
 * Learnings to archive: older than `decayAfterDays` (age counts from `created`, which every update
 * refreshes) and scoring below `decayMinScore`. Preferences never decay: only learnings are considered.
 */
export function selectDecay(learnings: Rec[], c: DecayConfig): Rec[] {
  const nowMs = c.now.getTime();
  return learnings.filter((r) => {
    const e = r.entry;
    const age = daysSince(r.createdMs, nowMs);
    const score = scoreLearning(
      { createdMs: r.createdMs, scope: e.scope, projectPath: e.projectPath, source: e.source },
      c.cwd,
      nowMs,
    );
    return age > c.decayAfterDays && score < c.decayMinScore;
  });
}
