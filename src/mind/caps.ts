/**
 * Seed 001's caps, one per collection of the agent's own mind, and the text limits of its state. The view
 * keeps the newest of each collection up to its cap; compaction (src/mind/trim.ts) lets go of what is capped
 * out. Every cap is configurable (a library user's `Brain.mind` options, the tests' small caps).
 */
export interface MindCaps {
  /** Verbalized thoughts after each action. */
  thoughts: number;
  /** Private monologue. */
  innerThoughts: number;
  /** Action episodes: type, what, summary, where. */
  actions: number;
  /** Things learned or believed (reflection). */
  facts: number;
  /** Goals, active and done. */
  goals: number;
  /** Rules the agent gives itself. */
  selfInstructions: number;
  /** Distinct explored paths (path → when + summary). */
  exploredPaths: number;
  /** Distinct explored URLs. */
  exploredUrls: number;
  /** Chat messages (user and assistant). */
  chat: number;
  /** Raw activity log lines. */
  logs: number;
  /** The user model's last messages. */
  userMessages: number;
  /** An imported memory's neurons and synapses, kept until the association graph takes them. */
  neurons: number;
  synapses: number;
  /** Affect points kept for "affect over time" (one per tick). */
  affectHistory: number;
  /** Steps of one plan (seed 001: "2–3"). */
  planSteps: number;
  /** Sessions whose own last user message and last error are kept apart (the newest; a loop without one counts as one). */
  sessions: number;
}

export const MIND_CAPS: MindCaps = {
  thoughts: 20_000,
  innerThoughts: 200,
  actions: 2_000,
  facts: 500,
  goals: 20,
  selfInstructions: 10,
  exploredPaths: 10_000,
  exploredUrls: 10_000,
  chat: 200,
  logs: 50_000,
  userMessages: 10,
  neurons: 100_000,
  synapses: 500_000,
  affectHistory: 200,
  planSteps: 10,
  sessions: 20,
};

/** Characters kept of each text (longer ones are cut, marked with "…"). */
export interface MindTextLimits {
  selfSummary: number;
  lastUserMessage: number;
  lastError: number;
  /** A thought, an action's summary, a fact, a goal, a step, a chat message, a log line. */
  text: number;
  /** A path or URL. */
  ref: number;
}

export const MIND_TEXT: MindTextLimits = {
  selfSummary: 2_000,
  lastUserMessage: 500,
  lastError: 200,
  text: 2_000,
  ref: 2_048,
};

export interface MindLimits {
  caps: MindCaps;
  text: MindTextLimits;
}

export const MIND_LIMITS: MindLimits = { caps: MIND_CAPS, text: MIND_TEXT };

/** Limits with some caps or text limits changed (the rest: seed 001's). */
export function mindLimits(o: { caps?: Partial<MindCaps>; text?: Partial<MindTextLimits> } = {}): MindLimits {
  return { caps: { ...MIND_CAPS, ...o.caps }, text: { ...MIND_TEXT, ...o.text } };
}

/** `s` cut to `max` characters (an ellipsis marks the cut). */
export function clip(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, Math.max(0, max - 1))}…`;
}
