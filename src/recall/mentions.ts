import type { MentionInfo } from "./mention-info.ts";
import type { Ranked } from "./rank.ts";
import { lookUpRestatements, pullRestatements } from "./restatements.ts";

export type { MentionInfo } from "./mention-info.ts";

/**
 * Mentions across sessions (issue 24): what the ranking does after the signals are fused (rank.ts), so that
 *  - for a query asking for several things, every session that MENTIONS what it asks gets a line before any
 *    session gets a second one ("how many weddings did I go to?" needs a line from each of several sessions,
 *    not many of one);
 *  - for a query naming alternatives ("which did I do first, A or B?"), each one's best turn is shown;
 *  - when one speaker said the same thing again on another day (a fact restated with a changed value), the
 *    latest statement comes first, the older ones right after it marked as earlier — restatements the
 *    ranking did not reach (sharing no word with the query) looked up in the index (restatements.ts).
 * A mention is a turn whose OWN text holds a good share of what the query asks (its neighbours' words do not
 * count: a reply that holds the answer is placed by the fused score). Pure; a later ranking stage (graph
 * expansion, issue 26) can run before or after it on the same `Ranked[]`.
 */

/** Chosen on the tune part of bench/recall-variants.ts (bench/recall/split.ts), checked on the other. */
export const MENTION_TUNING = {
  /** How many of the best-ranked items are looked at. */
  pool: 300,
  /** A mention covers at least this share of what the best-covering turn covers. */
  share: 0.3,
  /** Asking for several things: how many of each session's mentions go before the rest (rounds). */
  rounds: 2,
  /** A sentence restates another when the weight of their common terms is this share of theirs (sentence-terms.ts). */
  restate: 0.5,
  /** Turns whose restatements are gathered to them (about what a context can show). */
  top: 40,
  /** How many of the best episodes get their restatements looked up in the index. */
  anchors: 10,
  /** A sentence said again by more turns than this is a template ("Let me check the configuration…"), not a fact. */
  maxGroup: 6,
  /** How many of a key sentence's rarest terms that look-up searches for. */
  lookupTerms: 4,
  /** How many of an anchor's key sentences are looked up. */
  lookupKeys: 3,
};

/**
 * The tuning for a caller that reads only the first `reach` items: the pool, the turns gathered with their
 * restatements (a third of the reach: the prompt hook shows at most 8 of its 48) and the anchors looked up
 * shrink with it (restatement work grows with pool × top, and at a million episodes it was ~80 % of a
 * prompt's ranking; top 40 → 16: bench/hook-recall.ts identical on seeds 7 and 11, ~8 % fewer instructions
 * a prompt).
 */
export function reachTuning(reach: number | undefined): typeof MENTION_TUNING {
  if (reach === undefined || reach >= MENTION_TUNING.pool) return MENTION_TUNING;
  const r = Math.max(1, Math.floor(reach));
  return {
    ...MENTION_TUNING,
    pool: r,
    top: Math.min(MENTION_TUNING.top, Math.ceil(r / 3)),
    anchors: Math.min(MENTION_TUNING.anchors, Math.ceil(r / REACH_PER_ANCHOR)),
  };
}
/** One anchor's restatements looked up per this many items read: 3 for the prompt hook's 48, all 10 from 160. */
const REACH_PER_ANCHOR = 16;

export interface Arranged {
  ranked: Ranked[];
  /** Turns another turn restated later: id → the date (epoch ms) of the latest restatement. */
  earlier: Map<string, number>;
}

interface Mention {
  pos: number;
  r: Ranked;
  m: MentionInfo;
}

export interface MentionQuery {
  /** The query asks for several things (`asksForMany`). */
  aggregate: boolean;
  /** The alternatives it names (`alternativesOf`), each as a bit set over the query's terms. */
  alternatives: number[];
  /** Episodes the index finds for some terms (best first), to look restatements up (restatements.ts). */
  lookup?: (terms: string[]) => string[];
  /** How much a term tells (rarer weighs more). */
  weight?: (term: string) => number;
  /** The brain's boilerplate floor for that weight (sentence-terms.ts `commonFloor`; default BOILERPLATE_WEIGHT). */
  floor?: number;
}

/**
 * The fused ranking re-arranged for what the query's wording asks (query-shape.ts): a query asking for
 * several things gets every mentioning session's line first (`spreadSessions`); one naming alternatives gets
 * each alternative's best turn first (`frontAlternatives`); then, whatever the query, restatements come
 * latest first (restatements.ts).
 */
export function arrangeMentions(
  ranked: readonly Ranked[],
  info: (id: string) => MentionInfo | undefined,
  q: MentionQuery,
  tune: typeof MENTION_TUNING & { floor?: number } = MENTION_TUNING,
): Arranged {
  const weight = q.weight ?? (() => 1);
  if (q.floor !== undefined) tune = { ...tune, floor: q.floor };
  const found = q.lookup ? lookUpRestatements(ranked, info, q.lookup, weight, tune) : ranked;
  const out = q.aggregate ? spreadSessions(found, info, tune) : [...found];
  if (q.alternatives.length > 1) frontAlternatives(out, info, q.alternatives, tune);
  const earlier = new Map<string, number>();
  pullRestatements(out, info, tune, earlier, weight);
  return { ranked: out, earlier };
}

/**
 * Each alternative's best turn (the best-ranked one holding most of the alternative's terms, at least half
 * of their weight) goes first, in the order they were said: "which did I do first, A or B?" needs both.
 */
function frontAlternatives(
  out: Ranked[],
  info: (id: string) => MentionInfo | undefined,
  alternatives: number[],
  tune: typeof MENTION_TUNING,
): void {
  const chosen: { r: Ranked; m: MentionInfo }[] = [];
  for (const bits of alternatives) {
    let best: { r: Ranked; m: MentionInfo; c: number } | undefined;
    for (const r of out.slice(0, tune.pool)) {
      const m = r.kind === "episode" ? info(r.id) : undefined;
      const c = m ? m.coverOf(bits) : 0;
      if (m && c >= 0.5 && (!best || c > best.c)) best = { r, m, c };
    }
    if (best && !chosen.some((x) => x.r === best.r)) chosen.push(best);
  }
  chosen.sort((a, b) => a.m.dateMs - b.m.dateMs);
  for (const x of chosen) out.splice(out.indexOf(x.r), 1);
  out.unshift(...chosen.map((x) => x.r));
}

/** The mentions among the first `pool` items: turns whose own text covers `share` of the best cover. */
function mentionsIn(
  ranked: readonly Ranked[],
  info: (id: string) => MentionInfo | undefined,
  tune: typeof MENTION_TUNING,
): Mention[] {
  const found: Mention[] = [];
  let best = 0;
  for (let pos = 0; pos < Math.min(ranked.length, tune.pool); pos++) {
    const r = ranked[pos] as Ranked;
    if (r.kind !== "episode") continue;
    const m = info(r.id);
    if (!m || m.cover <= 0) continue;
    found.push({ pos, r, m });
    if (m.cover > best) best = m.cover;
  }
  return found.filter((x) => x.m.cover >= tune.share * best);
}

/**
 * Each mentioning session's best mention first (round one of `roundRobin`), then each one's second (a
 * session's best mention is not always the one that answers: "I want to visit the Cliffs of Moher" beside "we
 * spent a long weekend in Hobart, a great little trip"), then everything else in the fused order: no session
 * gets a second line before every session that mentions it has one.
 */
function spreadSessions(
  ranked: readonly Ranked[],
  info: (id: string) => MentionInfo | undefined,
  tune: typeof MENTION_TUNING,
): Ranked[] {
  const mentions = mentionsIn(ranked, info, tune);
  if (mentions.length < 2) return [...ranked];
  const first = roundRobin(mentions, tune.rounds).map((x) => x.r);
  const taken = new Set(first);
  return [...first, ...ranked.filter((r) => !taken.has(r))];
}

/** Each session's best mention (sessions in the order of their best), then each one's second, … `rounds` times. */
function roundRobin(mentions: Mention[], rounds: number): Mention[] {
  const bySession = new Map<string, Mention[]>();
  for (const x of mentions) {
    const list = bySession.get(x.m.session);
    if (list) list.push(x);
    else bySession.set(x.m.session, [x]);
  }
  // Each round: the sessions whose mention says more of what is asked first, then by the fused rank.
  const denser = (a: Mention, b: Mention) => b.m.cover - a.m.cover || a.pos - b.pos;
  const lists = [...bySession.values()];
  const order: Mention[] = [];
  for (let round = 0; round < rounds && order.length < mentions.length; round++) {
    const these = lists.map((list) => list[round]).filter((x) => x !== undefined);
    order.push(...these.sort(denser));
  }
  return order;
}
