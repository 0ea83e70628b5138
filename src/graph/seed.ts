import type { GraphLimits, NodeKind } from "./types.ts";

/**
 * The numbers of the seeds, in one place (each is tested: test/graph/seed-numbers.test.ts).
 *
 * Seed 003, INSTANT layer: a new concept node weighs 0.4, a preference 0.7, a correction 0.5–0.85 by the
 * detector's confidence; a matched node gains 0.05; every ~10 interactions, nodes unmatched for more than 24 h
 * lose 2 % of their weight, never below 0.05. Seed 001: at most 100 000 neurons and 500 000 synapses.
 */
export const SEED = {
  concept: 0.4,
  preference: 0.7,
  correctionMin: 0.5,
  correctionMax: 0.85,
  pattern: 0.4,
  boost: 0.05,
  decayFactor: 0.98,
  decayFloor: 0.05,
  decayAfterMs: 24 * 60 * 60 * 1000,
  /** Interactions (prompts) between two decay ticks. */
  decayEvery: 10,
  maxNodes: 100_000,
  maxEdges: 500_000,
} as const;

/**
 * Starting weights of the kinds the seeds do not weigh (ours): a learning as a weak correction, facts about
 * the agent or the user above it, raw conversation below a concept (so at the caps it goes first), the
 * agent itself at the top (never decayed, never pruned).
 */
export const BASE: Record<NodeKind, number> = {
  self: 1,
  concept: SEED.concept,
  memory: 0.5,
  session: 0.3,
  episode: 0.3,
  path: 0.4,
  url: 0.4,
};
export const FACT_WEIGHT = 0.6;

/** How much one co-occurrence adds to an edge (capped at 1). */
export const LINK = {
  /** An item (memory, turn) and a concept it holds; a path or URL it names. */
  holds: 0.3,
  /** Two concepts of one memory or exchange. */
  cooccur: 0.1,
  /** A turn and its session; a turn and the next one of its session (consecutive prompts). */
  session: 0.3,
  next: 0.2,
  /** A prompt's concepts and the memories it matched; the exchange that followed and what it matched. */
  matched: 0.1,
  exchange: 0.2,
  /** The agent and a path or URL it touched. */
  touched: 0.1,
} as const;

/** Caps on what one text adds: distinct concepts per item, of which the longest few are linked pairwise. */
export const PER_ITEM = { concepts: 24, paired: 6, refs: 5 } as const;

export const DEFAULT_LIMITS: GraphLimits = {
  maxNodes: SEED.maxNodes,
  maxEdges: SEED.maxEdges,
  minWeight: 0.35,
};

/** A correction's weight from the detector's confidence, within the seed's 0.5–0.85. */
export function correctionWeight(confidence: number): number {
  if (!Number.isFinite(confidence)) return SEED.correctionMin;
  return Math.min(SEED.correctionMax, Math.max(SEED.correctionMin, confidence));
}
