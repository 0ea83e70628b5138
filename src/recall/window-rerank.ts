import { terms } from "./analyze.ts";
import { sentenceStarts } from "./passages.ts";
import type { Ranked } from "./rank.ts";

/**
 * A second look at the best-ranked turns (issue 24): how much of what the query asks ONE stretch of a turn's
 * own text holds. The fused score (rank.ts) rates a turn as a whole — its best passage, its neighbours' words,
 * its session, a named speaker — so a long message that says "support" in one paragraph and "team" in another,
 * in a session that talks about both, outranks the few sentences that answer ("Who's your favorite basketball
 * team? The Wolves…"), which then fall below what a budget shows. Here each episode among the first `top` is
 * weighed by its best window of a few sentences: the weight of the query's terms the window holds over the
 * weight of all of them. A turn placed only by its neighbours (no query term of its own) keeps the least of
 * its score. Pure.
 */

/** Chosen on the tune part of bench/recall-variants.ts (bench/recall/split.ts), see docs/recall-issue-24.md. */
export const WINDOW_TUNING = {
  /** How many of the best-ranked items are looked at again. */
  top: 50,
  /** A window is a sentence and this many on each side. */
  radius: 2,
  /** How much the window's share moves an episode's score: × (1 − alpha + alpha × share / best share). */
  alpha: 0.4,
};

/** The query terms (of `wanted`) each sentence of `text` holds, in order. */
function sentenceHits(text: string, wanted: ReadonlyMap<string, number>): Set<string>[] {
  const starts = sentenceStarts(text);
  return starts.map((s, i) => {
    const found = new Set<string>();
    for (const t of terms(text.slice(s, starts[i + 1] ?? text.length))) if (wanted.has(t)) found.add(t);
    return found;
  });
}

/**
 * The weight share of the query terms (`wanted`: term → weight) held by the best window of `text` (one of its
 * sentences and `radius` sentences on each side), 0–1.
 */
export function windowShare(text: string, wanted: ReadonlyMap<string, number>, radius: number): number {
  let all = 0;
  for (const w of wanted.values()) all += w;
  if (all <= 0) return 0;
  const sets = sentenceHits(text, wanted);
  let best = 0;
  for (let c = 0; c < sets.length; c++) {
    const seen = new Set<string>();
    for (let i = Math.max(0, c - radius); i <= Math.min(sets.length - 1, c + radius); i++)
      for (const t of sets[i] as Set<string>) seen.add(t);
    let got = 0;
    for (const t of seen) got += wanted.get(t) ?? 0;
    if (got > best) best = got;
  }
  return best / all;
}

/**
 * The first `top` items re-ordered with each episode's score scaled by its best window's share, relative to
 * the best share among them; other kinds keep their score, ties keep their order, the rest follow unchanged.
 */
export function rerankByWindow(
  ranked: readonly Ranked[],
  textOf: (id: string) => string | undefined,
  wanted: ReadonlyMap<string, number>,
  tune = WINDOW_TUNING,
): Ranked[] {
  const head = ranked.slice(0, tune.top);
  const shares = new Map<Ranked, number>();
  let best = 0;
  for (const r of head) {
    if (r.kind !== "episode") continue;
    const text = textOf(r.id);
    if (text === undefined) continue;
    const s = windowShare(text, wanted, tune.radius);
    shares.set(r, s);
    if (s > best) best = s;
  }
  if (best <= 0) return [...ranked];
  const scored = head.map((r, i) => {
    const s = shares.get(r);
    if (s === undefined) return { r, i };
    return { r: { ...r, score: r.score * (1 - tune.alpha + (tune.alpha * s) / best) }, i };
  });
  scored.sort((a, b) => b.r.score - a.r.score || a.i - b.i);
  return [...scored.map((x) => x.r), ...ranked.slice(tune.top)];
}
