import type { Ranked } from "./rank.ts";

/**
 * A question about the present ("how many followers do I have now?", "which editor do I use these days?")
 * asks for the latest of what may have been said several times (issue 24, knowledge updates): the latest
 * statement must come ahead of the older ones, which stay, as earlier. The restatement arrangement
 * (restatements.ts) does that for statements it can pair; a changed fact worded differently is not paired. So
 * for such a question the first `top` items — about what a context shows first — are put in date order,
 * newest first; which items they are does not change, nor does anything after them. Other kinds and turns
 * without a date keep their places. Pure.
 */

/** Chosen on the tune part of bench/recall-variants.ts (10 against 20, docs/recall-issue-24.md round 6). */
export const PRESENT_TOP = 10;

export function newestFirst(
  ranked: readonly Ranked[],
  dateOf: (r: Ranked) => number | undefined,
  top = PRESENT_TOP,
): Ranked[] {
  const head = ranked.slice(0, top);
  const dated = head
    .map((r, i) => ({ r, i, d: r.kind === "episode" ? dateOf(r) : undefined }))
    .filter((x): x is { r: Ranked; i: number; d: number } => x.d !== undefined && Number.isFinite(x.d));
  const order = [...dated].sort((a, b) => b.d - a.d || a.i - b.i);
  const out = [...head];
  dated.forEach((slot, k) => {
    out[slot.i] = (order[k] as (typeof order)[number]).r;
  });
  return [...out, ...ranked.slice(top)];
}
