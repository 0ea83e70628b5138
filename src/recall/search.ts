import { renderEpisode } from "../core/episode.ts";
import { oneLiner } from "../core/format.ts";
import { MAX_LIST_LIMIT } from "../core/list.ts";
import type { RecallResult } from "./recall.ts";
import type { Recalled, SearchHit, SearchOptions, SearchResult } from "./types.ts";

/** One hit's line: an entry as `brain list` prints it, an episode as `[date] speaker: text`. */
export function hitText(r: Recalled): string {
  return r.kind === "episode" ? renderEpisode(r.rec.entry).slice(2) : oneLiner(r.rec.entry);
}

/**
 * `brain search` from the one relevance index: entries whose own text holds a query term, ordered by the
 * share of the query's terms they hold (`score`, 0–1), ties in the index's fused ranking; capped like list.
 */
export function toSearchResult(query: string, found: RecallResult, opts: SearchOptions = {}): SearchResult {
  const min = opts.minScore ?? 0;
  const limit = Math.max(0, Math.min(opts.limit ?? 10, MAX_LIST_LIMIT));
  if (opts.ranking === "fused") return fused(query, found, limit, min);
  // Best score first, ties in the ranking's order (a stable sort by score), made as one run of hits per score:
  // the scores are few distinct values, and a cold process runs a sort's comparator interpreted (~20 000 calls
  // for 2 000 hits).
  const byScore = new Map<number, Recalled[]>();
  for (const r of found.recalled) {
    if (!(r.matched > 0)) continue;
    const score = Math.round(Math.min(1, r.matched) * 1000) / 1000;
    const run = byScore.get(score);
    if (run) run.push(r);
    else byScore.set(score, [r]);
  }
  const scores = Float64Array.from(byScore.keys()).sort();
  const hits: SearchHit[] = [];
  for (let s = scores.length - 1; s >= 0 && hits.length < limit; s--) {
    const score = scores[s] as number;
    if (score < min) continue;
    for (const r of byScore.get(score) as Recalled[]) {
      if (hits.length >= limit) break;
      hits.push(hitOf(r, score));
    }
  }
  return { query, total: found.total, hits };
}

/**
 * A hit whose line and entry are made when first read: `brain search` lists up to 1 000 hits to count them and
 * shows a page of them, so parsing and formatting each hit's entry up front was work for the ones never shown.
 * The fields are an object's own enumerable properties in the same order as before (a spread or JSON copies
 * the same values).
 */
function hitOf(r: Recalled, score: number, relevance?: number): SearchHit {
  let text: string | undefined;
  const hit: SearchHit = {
    id: r.rec.id,
    type: r.rec.type,
    get text() {
      text ??= hitText(r);
      return text;
    },
    score,
    get entry() {
      return r.rec.entry;
    },
  };
  if (relevance !== undefined) hit.relevance = relevance;
  return hit;
}

/** The recall ranking as it is, neighbours included (`ranking: "fused"`), each hit with its relevance. */
function fused(query: string, found: RecallResult, limit: number, min: number): SearchResult {
  let top = 0;
  for (const r of found.recalled) if (r.score > top) top = r.score;
  const hits: SearchHit[] = [];
  for (const r of found.recalled) {
    if (hits.length >= limit) break;
    const score = Math.round(Math.min(1, r.matched) * 1000) / 1000;
    if (score < min) continue;
    const relevance = top > 0 ? Math.round((r.score / top) * 1000) / 1000 : 0;
    hits.push(hitOf(r, score, relevance));
  }
  return { query, total: found.total, hits };
}
