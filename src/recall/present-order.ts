import type { Ranked } from "./rank.ts";

/**
 * A question about the present ("how many followers do I have now?", "which editor do I use these days?")
 * asks for the latest of what may have been said several times (issue 24, knowledge updates): the latest
 * statement must come ahead of the older ones, which stay, as earlier. The restatement arrangement
 * (restatements.ts) does that for statements it can pair; a changed fact worded differently is not paired. So
 * for such a question the first `top` items — about what a context shows first — are put in date order,
 * newest first, with the turns a little further down that announce a change (`announcesChange`: "Quick update:
 * I moved to Helix") joining them: in a long message the new value is often said in other words than the
 * question's, so the turn ranks just below the head, behind older statements that say the topic's words more.
 * Nothing else moves but down by as many places. Other kinds and turns without a date keep their places. Pure.
 */

/** Chosen on the tune part of bench/recall-variants.ts (10 against 20, docs/recall-issue-24.md round 6). */
export const PRESENT_TOP = 10;

/**
 * How far down a turn announcing a change is looked for (`announcesChange`); chosen on the tune part (20, 30,
 * 40: 40 gained one more probe but pushed more older statements out of the context, docs/recall-issue-24.md
 * round 7).
 */
export const ANNOUNCED_REACH = 30;

/**
 * Whether a turn says that something told before has changed ("Quick update: …", "Correction: …", "Things
 * have changed since …", "I changed my mind", "we switched to …", "… no longer …"): for a question about the
 * present, what such a turn says is the newer value. A mention of change ("the colour changed", "please
 * update the README", "error correction") is no announcement.
 */
export function announcesChange(text: string): boolean {
  return ANNOUNCES.test(text);
}
const ANNOUNCES =
  /\b(update:|(quick|an|small|little) update\b|update on (something|what)\b|correction:|correction to what\b|(a|small|quick|little) correction\b|things have changed|(has|have) changed since|changed my mind|(i|we)('ve| have)? switched\b|no longer\b)/i;

export function newestFirst(
  ranked: readonly Ranked[],
  entryOf: (r: Ranked) => { readonly [field: string]: unknown } | undefined,
  top = PRESENT_TOP,
): Ranked[] {
  const dateOf = (r: Ranked) => {
    const d = entryOf(r)?.date;
    return typeof d === "string" ? Date.parse(d) : undefined;
  };
  // Turns just below the head that announce a change join it (they are what a "now" question asks for).
  const joining = ranked
    .slice(top, ANNOUNCED_REACH)
    .filter((r) => r.kind === "episode" && announcesChange(String(entryOf(r)?.text ?? "")));
  if (joining.length > 0) {
    const moved = new Set(joining);
    ranked = [...ranked.slice(0, top), ...joining, ...ranked.slice(top).filter((r) => !moved.has(r))];
    top += joining.length;
  }
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
