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

/**
 * Learnings by score (Rho's recency + project scope + manual, plus importance; newest first on ties),
 * produced lazily from integer score buckets so only the learnings the budget reaches are parsed.
 */
export function* rankLearnings(
  learnings: Rec[],
  cwd: string,
  nowMs: number,
  opts: RankOptions = {},
): Generator<Item> {
  const buckets: Rec[][] = [];
  for (const r of learnings) {
    const score = scoreRec(r, cwd, nowMs, opts.under, opts.rho);
    const b = buckets[score];
    if (b) b.push(r);
    else buckets[score] = [r];
  }
  for (let score = buckets.length - 1; score >= 0; score--) {
    const bucket = buckets[score];
    if (!bucket) continue;
    const byString = (a: Rec, b: Rec) => str(b.entry.created).localeCompare(str(a.entry.created));
    bucket.sort(opts.rho ? byString : (a, b) => b.createdMs - a.createdMs || byString(a, b));
    for (const r of bucket) {
      const text = opts.flat ? oneLine(r.entry.text) : str(r.entry.text);
      yield { text: `- ${text}${idTag(r.id, opts.shortId)}`, entryIds: [r.id], score };
    }
  }
}
