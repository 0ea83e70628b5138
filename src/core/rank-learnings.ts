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
  const buckets: Rec[][] = [];
  let from = Number.NEGATIVE_INFINITY;
  let until = Number.POSITIVE_INFINITY;
  for (const r of learnings) {
    const score = scoreRec(r, cwd, nowMs, opts.under, opts.rho);
    const b = buckets[score];
    if (b) b.push(r);
    else buckets[score] = [r];
    if (Number.isNaN(r.createdMs)) continue; // age 0 whatever the clock
    // The whole weeks of age this learning's recency counts (daysSince / 7, never negative).
    const week = Math.max(0, Math.floor((nowMs - r.createdMs) / WEEK_MS));
    if (week >= LAST_WEEK) from = Math.max(from, r.createdMs + LAST_WEEK * WEEK_MS);
    else {
      if (week > 0) from = Math.max(from, r.createdMs + week * WEEK_MS);
      until = Math.min(until, r.createdMs + (week + 1) * WEEK_MS);
    }
  }
  return { buckets, from, until, ordered: [] };
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
