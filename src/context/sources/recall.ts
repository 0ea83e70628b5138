import type { Item, Section } from "../../core/budget/types.ts";
import { dayOf, renderEpisode } from "../../core/episode.ts";
import type { FoldState } from "../../core/fold.ts";
import { oneLine } from "../../core/one-line.ts";
import { idTag, pathContains, rankLearnings } from "../../core/rank-learnings.ts";
import type { Rec } from "../../core/rec.ts";
import { inScope } from "../../core/scope.ts";
import { isPinned } from "../../core/score.ts";
import { dropBoilerplate, focusedPreview } from "../../recall/preview.ts";
import { asksAboutTime } from "../../recall/query-shape.ts";
import { resolveRelativeDates } from "../../recall/relative-dates.ts";
import type { Recalled } from "../../recall/types.ts";
import type { SourceOutput, SourceRequest } from "../request.ts";
import { MEMORY_NOTE, ORDER } from "../sections.ts";
import { rankDownStale, staleCheck } from "../stale.ts";

export type { Recalled } from "../../recall/types.ts";

export interface RecallView {
  /** The query the context is for (previews of long turns show the part it needs). */
  query?: string;
  /** The context's budget in tokens: how long a recalled turn may be shown (default 2 000). */
  budget?: number;
  /** How much a query term tells (rarer weighs more); all equal by default. */
  weight?: (term: string) => number;
  /** Show every recalled turn up to this many characters instead (benchmark baselines: whole turns). */
  fixedChars?: number;
  /** A memory's "possibly stale" note, when its code anchors are gone (context/stale.ts). */
  stale?: (id: string) => string;
  /** A learning's line ends with its short id (core/short-ids.ts). */
  shortId?: (id: string) => string;
  /** Show recalled turns with their relative dates resolved (the query is about time: query-shape.ts). */
  dated?: boolean;
}

/**
 * How many characters of a recalled turn to show, by its rank among the turns and the budget: the best five
 * get 15 % of the budget each (a long turn that ranks high shows whole, or its relevant part with plenty
 * around it), the rest 8 %, never under 400 characters.
 */
export function previewChars(rank: number, budgetTokens: number): number {
  // Tuned on bench:recall's long-turn variants (merged, assistant), checked on the original LoCoMo.
  const chars = budgetTokens * 4;
  return Math.max(400, Math.floor(chars * (rank < 5 ? 0.15 : 0.08)));
}

/**
 * A turn at most this much longer than its share is shown whole: cutting it would save little and risks
 * leaving out the part that matters (on the merged long-turn variant, most evidence lost to previews was in
 * turns just over their share). Tuned on bench:recall's merged variant, checked on the original and assistant.
 */
export const WHOLE_SLACK = 1.25;

function item(r: Recalled, rank: number, view: RecallView): Item {
  const share = view.fixedChars ?? previewChars(rank, view.budget ?? 2000);
  if (r.kind !== "episode")
    return {
      text: `- ${oneLine(r.rec.entry.text)}${idTag(r.rec.id, view.shortId)}`,
      entryIds: [r.rec.id],
      score: Math.round(r.score * 1000) / 1000,
    };
  const raw = String(r.rec.entry.text ?? "");
  // Baselines (fixedChars) show the turn as it is; for a question about time, Brain resolves its relative
  // dates first (within the same share).
  const full =
    view.fixedChars || !view.dated
      ? raw
      : resolveRelativeDates(raw, Date.parse(String(r.rec.entry.date ?? "")));
  const chars = full.length <= share * WHOLE_SLACK ? full.length : share;
  const shown = view.fixedChars === undefined && view.weight ? dropBoilerplate(full, view.weight) : full;
  const render = (max: number) => {
    const body = focusedPreview(shown, view.query ?? "", max, view.weight);
    return renderEpisode({ ...r.rec.entry, text: `${earlierMark(r)}${body}` });
  };
  const text = render(chars);
  const score = Math.round(r.score * 1000) / 1000;
  // Baselines show whole turns or nothing; Brain shows a turn too long for what is left by its focused part.
  if (view.fixedChars !== undefined) return { text, entryIds: [r.rec.id], score };
  const overhead = text.length - Math.min(chars, shown.length);
  return {
    text,
    entryIds: [r.rec.id],
    score,
    shorten: (room) => {
      const max = room - overhead - 2;
      if (max < MIN_PREVIEW || max >= text.length - overhead) return undefined;
      const short = render(max);
      return short.length <= room ? { text: short, entryIds: [r.rec.id], score } : undefined;
    },
  };
}

/** The fewest characters of a turn worth showing when only part of it fits (its focused preview). */
export const MIN_PREVIEW = 200;

/** For a turn the same speaker restated later (src/recall/mentions.ts): that it is the earlier statement. */
function earlierMark(r: Recalled): string {
  return r.earlier === undefined ? "" : `(earlier; said again ${dayOf(new Date(r.earlier).toISOString())}) `;
}

/**
 * The learnings/recall section for a context with a query: learnings and episodes relevant to the query,
 * best first, then the remaining learnings by Rho's score (recency, project scope, manual) so the budget a
 * query leaves is still spent on what Rho would show. Episodes appear only here, and only when relevant.
 * Preferences are ranked in their own section.
 */
export function recallSection(
  recalled: Recalled[],
  learnings: Rec[],
  cwd: string,
  nowMs: number,
  view: RecallView = {},
): Section {
  // Pinned learnings have their own block (sources/pinned.ts).
  const relevant = recalled.filter(
    (r) => r.kind !== "preference" && !(r.kind === "learning" && isPinned(r.rec)),
  );
  const seen = new Set(relevant.map((r) => r.rec.id));
  const rest = learnings.filter((r) => !seen.has(r.id) && !isPinned(r) && inScope(r, cwd));
  function* items(): Generator<Item> {
    let episodes = 0;
    for (const r of relevant) yield item(r, r.kind === "episode" ? episodes++ : 0, view);
    const opts = { under: pathContains, flat: true, ...(view.shortId ? { shortId: view.shortId } : {}) };
    for (const i of rankLearnings(rest, cwd, nowMs, opts)) yield i;
  }
  const all = view.stale ? rankDownStale(items(), view.stale) : items();
  return {
    id: "learnings",
    header: `${relevant.some((r) => r.kind === "episode") ? "## Learnings and recalled conversations" : "## Learnings"}\n${MEMORY_NOTE}`,
    cacheable: false,
    order: ORDER.learnings,
    allocation: { kind: "weighted", weight: 40, sink: true },
    items: all,
    total: relevant.length + rest.length,
  };
}

/** The recall source: with a query, relevant learnings and episodes replace the learnings section. */
export function recall(state: FoldState, req: SourceRequest): SourceOutput {
  if (!req.recalled) return { sections: [], problems: [] };
  const section = recallSection(req.recalled, state.list("learning"), req.cwd, req.now.getTime(), {
    query: req.query,
    budget: req.budget,
    ...(req.termWeight ? { weight: req.termWeight } : {}),
    ...(req.fixedPreviewChars ? { fixedChars: req.fixedPreviewChars } : {}),
    shortId: (id: string) => state.shortIds().short(id),
    stale: staleCheck(state, req.cwd),
    dated: asksAboutTime(req.query ?? ""),
  });
  return { sections: [section], problems: [] };
}
