import { type DateWindow, dateMatch } from "./analyze.ts";
import type { Hit } from "./index.ts";
import type { Kind } from "./types.ts";

const DAY_MS = 86_400_000;

export interface Ranked {
  id: string;
  kind: Kind;
  score: number;
}

export interface Neighbour {
  id: string;
  speaker: string | undefined;
}

export interface RankInput {
  hits: Hit[];
  /** Index terms of the speakers the query names ("What did Caroline research?" → carolin). */
  named: ReadonlySet<string>;
  /** Periods the query names. */
  dates: DateWindow[];
  /** The turns just before and after an episode in its session. */
  neighbours: (id: string) => Neighbour[];
  /** Episodes dated within [from, to) epoch ms (for a query that names a period). */
  between: (from: number, to: number) => (Neighbour & { dateMs: number })[];
  /** Recency / scope prior in [0, 1]: Rho's score for a learning or preference, the project for an episode. */
  prior: (id: string, kind: Kind) => number;
  /** Index term of a speaker's name. */
  speakerTerm: (speaker: string) => string | null;
}

/** Weights of the signals, each a share of the best lexical score. Chosen on principle, see README. */
export const WEIGHTS = {
  /** The session's own relevance (sum of its best three turns): evidence clusters in a conversation. */
  session: 0.5,
  /** The session took place in the period the query names. */
  date: 0.6,
  /** A turn next to a relevant one (the answer to a question, the question to an answer). */
  neighbour: 0.4,
  /** Multiplier for turns spoken by a speaker the query names. */
  speaker: 2,
  /** How many of a session's best turns make its score. */
  sessionTop: 3,
  /** Hits whose neighbours are considered. */
  spread: 1000,
} as const;

/**
 * Fuse the lexical scores with the other signals into one ranking: BM25 (normalised to the best hit), plus
 * session relevance and date match for episodes, spread to neighbouring turns, times a speaker match; a
 * learning's or preference's recency and scope (Rho's score) scale its relevance between 0.8× and 1.2×.
 * Ties keep the index order. Pure: everything it needs is passed in.
 */
export function rank(input: RankInput): Ranked[] {
  const { hits, named, dates } = input;
  // No word in common and no period named: nothing. A named period alone still brings its turns (below).
  if (hits.length === 0 && dates.length === 0) return [];
  let max = 0;
  for (const h of hits) if (h.score > max) max = h.score;
  // Session relevance: the sum of each session's best few normalised turn scores.
  const perSession = new Map<string, number[]>();
  for (const h of hits) {
    if (h.kind !== "episode" || h.session === undefined) continue;
    const arr = perSession.get(h.session);
    const s = h.score / max;
    if (!arr) perSession.set(h.session, [s]);
    else if (arr.length < WEIGHTS.sessionTop) arr.push(s);
    else {
      let lo = 0;
      for (let i = 1; i < arr.length; i++) if ((arr[i] as number) < (arr[lo] as number)) lo = i;
      if (s > (arr[lo] as number)) arr[lo] = s;
    }
  }
  const sessionScore = new Map<string, number>();
  let sessionMax = 0;
  for (const [k, arr] of perSession) {
    const v = arr.reduce((a, b) => a + b, 0);
    sessionScore.set(k, v);
    if (v > sessionMax) sessionMax = v;
  }

  const score = new Map<string, { kind: Kind; s: number; speaker: string | undefined }>();
  const base: { id: string; s: number }[] = [];
  for (const h of hits) {
    let s = h.score / max;
    if (h.kind === "episode") {
      if (h.session !== undefined && sessionMax > 0)
        s += (WEIGHTS.session * (sessionScore.get(h.session) ?? 0)) / sessionMax;
      if (dates.length && h.dateMs !== undefined) s += WEIGHTS.date * dateMatch(h.dateMs, dates);
    } else {
      s *= 0.8 + 0.4 * Math.min(1, Math.max(0, input.prior(h.id, h.kind)));
    }
    score.set(h.id, { kind: h.kind, s, speaker: h.speaker });
    if (h.kind === "episode") base.push({ id: h.id, s });
  }
  // Turns of the period the query names count even without a word in common ("in May 2023, what…").
  for (const w of dates) {
    for (const e of input.between(w.from - 3 * DAY_MS, w.to + 15 * DAY_MS)) {
      if (score.has(e.id)) continue;
      const s = WEIGHTS.date * dateMatch(e.dateMs, dates);
      if (s > 0) {
        score.set(e.id, { kind: "episode", s, speaker: e.speaker });
        base.push({ id: e.id, s });
      }
    }
  }
  // Spread to neighbouring turns (a reply rarely repeats the question's words).
  base.sort((a, b) => b.s - a.s);
  for (const b of base.slice(0, WEIGHTS.spread)) {
    const v = b.s * WEIGHTS.neighbour;
    for (const n of input.neighbours(b.id)) {
      const cur = score.get(n.id);
      if (!cur) score.set(n.id, { kind: "episode", s: v, speaker: n.speaker });
      else if (cur.s < v) cur.s = v;
    }
  }
  const out: Ranked[] = [];
  for (const [id, c] of score) {
    let s = c.s;
    if (named.size && c.kind === "episode" && c.speaker) {
      const t = input.speakerTerm(c.speaker);
      if (t && named.has(t)) s *= WEIGHTS.speaker;
    }
    // Episodes: the project prior (1 for untagged ones, so LoCoMo-style brains rank as before).
    if (c.kind === "episode") s *= 0.8 + 0.4 * Math.min(1, Math.max(0, input.prior(id, "episode")));
    out.push({ id, kind: c.kind, score: s });
  }
  return out.sort((a, b) => b.score - a.score);
}
