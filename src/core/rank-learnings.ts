import type { Item } from "./budget/types.ts";
import { isInside } from "./inside.ts";
import { oneLine } from "./one-line.ts";
import type { Rec } from "./rec.ts";
import { scoreRec } from "./score.ts";
import { str } from "./text.ts";

/** True when `cwd` is `path` or inside it, comparing whole path segments (`/foo` never matches `/foobar`). */
export function pathContains(path: string, cwd: string): boolean {
  return isInside(cwd, path);
}

/** A memory line's id tag (`#a1b2`): the short id `update` and `remove` take back. */
export function idTag(id: string, short?: (id: string) => string): string {
  return short ? ` #${oneLine(short(id))}` : "";
}

export interface RankOptions {
  under?: (projectPath: string, cwd: string) => boolean;
  /** One line per learning (our pipeline); Rho's compat text keeps line breaks as Rho does. */
  flat?: boolean;
  /**
   * Rho's prompt exactly (`--compat rho`): Rho's score (importance left out) and Rho's tie-break, `created`
   * compared as strings only (differs from time order across UTC offsets).
   */
  rho?: boolean;
  /** Each line ends with the entry's short id (core/short-ids.ts). */
  shortId?: (id: string) => string;
}

const byString = (a: Rec, b: Rec) => str(b.entry.created).localeCompare(str(a.entry.created));
/** The order learnings of one score are shown in: newest first, then by `created` as a string. */
export const newestFirst = (a: Rec, b: Rec): number => b.createdMs - a.createdMs || byString(a, b);

/**
 * Learnings by score (Rho's recency + project scope + manual, plus importance; newest first on ties),
 * produced lazily from integer score buckets so only the learnings the budget reaches are parsed.
 */
export function* rankLearnings(
  learnings: readonly Rec[],
  cwd: string,
  nowMs: number,
  opts: RankOptions = {},
): Generator<Item> {
  yield* bucketItems(scoreBuckets(learnings, cwd, nowMs, opts), opts);
}

/**
 * Learnings in score buckets (index = score, each bucket in the given order), and the span of clock times
 * [from, until) over which every learning keeps its score: only recency moves with the clock, one step a
 * week of age up to ten weeks. A caller that ranks the same learnings again (a resident server) reuses the
 * buckets while its clock stays in that span. A bucket is put in order when the budget first reaches it
 * (`ordered`), once: a reused bucket is exactly the one a fresh ranking would sort.
 */
export interface ScoreBuckets {
  buckets: Rec[][];
  from: number;
  until: number;
  ordered: boolean[];
  /** Some learning has no valid `created` (its order against the others is by `created` as a string). */
  undated: boolean;
}

const WEEK_MS = 7 * 86_400_000;
/** Recency stops falling at ten weeks of age (core/score.ts). */
const LAST_WEEK = 10;

export function scoreBuckets(
  learnings: readonly Rec[],
  cwd: string,
  nowMs: number,
  opts: Pick<RankOptions, "under" | "rho"> = {},
): ScoreBuckets {
  const b: ScoreBuckets = {
    buckets: [],
    from: Number.NEGATIVE_INFINITY,
    until: Number.POSITIVE_INFINITY,
    ordered: [],
    undated: false,
  };
  for (const r of learnings) {
    const score = scoreRec(r, cwd, nowMs, opts.under, opts.rho);
    const bucket = b.buckets[score];
    if (bucket) bucket.push(r);
    else b.buckets[score] = [r];
    keepsScore(b, r, nowMs);
  }
  return b;
}

/** Narrow the span [from, until) to the clock times over which `r` keeps the score it has at `nowMs`. */
function keepsScore(b: ScoreBuckets, r: Rec, nowMs: number): void {
  if (Number.isNaN(r.createdMs)) {
    b.undated = true;
    return; // age 0 whatever the clock
  }
  // The whole weeks of age this learning's recency counts (daysSince / 7, never negative).
  const week = Math.max(0, Math.floor((nowMs - r.createdMs) / WEEK_MS));
  if (week >= LAST_WEEK) b.from = Math.max(b.from, r.createdMs + LAST_WEEK * WEEK_MS);
  else {
    if (week > 0) b.from = Math.max(b.from, r.createdMs + week * WEEK_MS);
    b.until = Math.min(b.until, r.createdMs + (week + 1) * WEEK_MS);
  }
}

/**
 * Buckets made by scoreBuckets for some learnings, given the learnings that came after them in fold order
 * (new ids, appended): true when `b` is now what scoreBuckets gives for all of them at `nowMs`, false when it
 * must be made afresh (the clock left the span, or a learning without a valid `created`, whose order is not
 * one a sorted bucket can take an insertion into). A bucket already in order takes each learning where a
 * stable sort puts the last of equals: after every one not after it.
 */
export function addToBuckets(
  b: ScoreBuckets,
  added: readonly Rec[],
  cwd: string,
  nowMs: number,
  opts: Pick<RankOptions, "under" | "rho"> = {},
): boolean {
  if (nowMs < b.from || nowMs >= b.until || b.undated) return false;
  if (added.some((r) => Number.isNaN(r.createdMs))) return false;
  const order = opts.rho ? byString : newestFirst;
  for (const r of added) {
    const score = scoreRec(r, cwd, nowMs, opts.under, opts.rho);
    const bucket = b.buckets[score];
    if (!bucket) b.buckets[score] = [r];
    else if (!b.ordered[score]) bucket.push(r);
    else {
      let lo = 0;
      let hi = bucket.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (order(bucket[mid] as Rec, r) <= 0) lo = mid + 1;
        else hi = mid;
      }
      bucket.splice(lo, 0, r);
    }
    keepsScore(b, r, nowMs);
  }
  return true;
}

/** The items of score buckets, best score first; each bucket is sorted in place when first reached. */
export function* bucketItems(b: ScoreBuckets, opts: RankOptions = {}): Generator<Item> {
  for (let score = b.buckets.length - 1; score >= 0; score--) {
    const bucket = b.buckets[score];
    if (!bucket) continue;
    if (!b.ordered[score]) {
      bucket.sort(opts.rho ? byString : newestFirst);
      b.ordered[score] = true;
    }
    for (const r of bucket) {
      const text = opts.flat ? oneLine(r.entry.text) : str(r.entry.text);
      yield { text: `- ${text}${idTag(r.id, opts.shortId)}`, entryIds: [r.id], score };
    }
  }
}
