/**
 * Types and limits of INSTANT detection (issue 11 step 3; seed 003 "Layer 1: INSTANT", detection stages
 * 1–3). The state is a plain JSON object with bounded arrays, so a worker can persist it between runs and a
 * detector call never needs a clock or randomness.
 */

/** One user/assistant exchange; `id` names it in the evidence (default: its sequence number). */
export interface Exchange {
  id?: string;
  user: string;
  assistant: string;
  /** The user's messages one by one (evidence names the one a fact came from; default: `user` as one). */
  turns?: { id: string; text: string }[];
  /** The assistant's tool calls in the exchange, one line each ("Bash: pnpm test"). */
  tools?: string[];
}

/**
 * Why a candidate was proposed: an explicit request, a standing rule, a correction, a stated or repeated
 * preference (content cues, issue 23); a redirect of the assistant's step (structure only); seed 003's
 * structural correction and keyword pattern (only with `seed003`).
 */
export type CandidateReason =
  | "request"
  | "rule"
  | "correction"
  | "preference"
  | "redirect"
  | "repeated"
  | "pattern";

/** A memory the detector proposes; the curator (and then the inbox or the log) decides its fate. */
export interface Candidate {
  type: "learning" | "preference";
  /** At most 200 characters, on one line. */
  text: string;
  category?: string;
  reason: CandidateReason;
  evidence: {
    /** The exchanges that support it. */
    ids: string[];
    /** Which structural signals fired (for `--explain` and the bench). */
    signals: string[];
    /** Seed 003's weights: corrections 0.5–0.85, preferences 0.7, patterns 0.4. */
    confidence: number;
  };
}

/** A cluster of similar short statements by the user (a preference in the making). */
export interface PreferenceCluster {
  text: string;
  tokens: string[];
  ids: string[];
  emitted: boolean;
}

export interface DetectState {
  version: 2;
  /** Exchanges seen so far. */
  seq: number;
  /** Keywords of the user's messages in the most recent exchanges, oldest first (at most `LIMITS.history`). */
  window: { id: string; keywords: string[] }[];
  /** Keywords of the last assistant message (does the next prompt react to it?). */
  lastAssistant: string[];
  /** Most recently touched last (at most `LIMITS.clusters`). */
  clusters: PreferenceCluster[];
  /** Keywords already reported as patterns, oldest first (at most `LIMITS.patterns`). */
  patterns: string[];
  /** Terms of the assistant's last step (its text and tool calls): what a redirect refers back to. */
  prevTerms: string[];
  /** Hashes of the user messages read (at most `LIMITS.seen`): a message seen before proposes nothing again. */
  seen: number[];
}

export const LIMITS = {
  history: 50,
  recent: 10,
  clusters: 200,
  clusterTokens: 40,
  clusterIds: 10,
  patterns: 1000,
  keywordsPerExchange: 100,
  textChars: 200,
  prevTerms: 200,
  seen: 2000,
  /** Statements of one message joined into one candidate. */
  statementsPerCandidate: 3,
} as const;

export interface DetectOptions {
  /** Response/prompt length ratio above which a response "explains" (seed: 2.5). */
  ratio: number;
  /** A prompt shorter than this with a response longer than `longResponse` (seed: 50 / 100). */
  shortPrompt: number;
  longResponse: number;
  /** Share of the response's distinct words absent from the prompt counted as "high novelty". */
  novelty: number;
  /** Corrections below this confidence are not reported (0.5 = any two of the seed's three signals). */
  minCorrectionConfidence: number;
  /** Declarative statements of this many characters are preference material (seed: 15–150). */
  statementMin: number;
  statementMax: number;
  /** Distinct exchanges a statement must recur in to become a preference (seed: 2). */
  preferenceInteractions: number;
  /** Recent exchanges a keyword must appear in to be a pattern (seed: 3). */
  patternCount: number;
  /** Read content cues with the per-language table (cues/); false: structural cues only. */
  cueTable: boolean;
  /** Seed 003's structural corrections (length ratio, novelty) and keyword patterns as candidates too. */
  seed003: boolean;
  /** Propose a statement repeated in two exchanges with no cue (default: only without the cue table). */
  repeated?: boolean;
}

export const DEFAULT_DETECT: DetectOptions = {
  ratio: 2.5,
  shortPrompt: 50,
  longResponse: 100,
  novelty: 0.75,
  minCorrectionConfidence: 0.5,
  statementMin: 15,
  statementMax: 150,
  preferenceInteractions: 2,
  patternCount: 3,
  cueTable: true,
  seed003: false,
};

export function emptyDetectState(): DetectState {
  return {
    version: 2,
    seq: 0,
    window: [],
    lastAssistant: [],
    clusters: [],
    patterns: [],
    prevTerms: [],
    seen: [],
  };
}
