import type { Recalled } from "../context/sources/recall.ts";
import { renderEpisode } from "../core/episode.ts";
import type { FoldState } from "../core/fold.ts";
import { oneLiner } from "../core/format.ts";
import { MAX_LIST_LIMIT } from "../core/list.ts";
import {
  SEARCH_TYPES,
  type SearchHit,
  type SearchOptions,
  type SearchResult,
  searchMemories,
} from "../search.ts";

/**
 * One search result from two sources: entries the relevance index covers (learnings, preferences,
 * episodes — ranked by src/recall/rank.ts) and the other types (matched by term overlap in src/search.ts).
 * `score` keeps its meaning across both: the share of the query's terms an entry contains (0–1); among equal
 * shares the index's ranking decides.
 */
export function mergeSearch(
  query: string,
  rest: SearchResult,
  recalled: Recalled[],
  opts: SearchOptions,
): SearchResult {
  const fromIndex: SearchHit[] = recalled
    .filter((r) => r.matched > 0)
    .map((r) => ({
      id: r.rec.id,
      type: r.rec.type,
      text: r.kind === "e" ? renderEpisode(r.rec.entry).slice(2) : oneLiner(r.rec.entry),
      score: Math.round(Math.min(1, r.matched) * 1000) / 1000,
      entry: r.rec.entry,
    }));
  const all = [...fromIndex.map((h, i) => ({ h, i })), ...rest.hits.map((h, i) => ({ h, i: i + 0.5 }))];
  all.sort((a, b) => b.h.score - a.h.score || a.i - b.i);
  const min = opts.minScore ?? 0;
  const hits = all
    .map((x) => x.h)
    .filter((h) => h.score >= min)
    .slice(0, opts.limit ?? 10);
  return { query, total: fromIndex.length + rest.total, hits };
}

/**
 * `brain search`: learnings, preferences and (when no types are asked for) episodes from the relevance index,
 * other types from a term-overlap scan, merged best first and capped like list.
 */
export function searchBrain(
  state: FoldState,
  recall: (query: string) => Recalled[],
  query: string,
  opts: SearchOptions = {},
): SearchResult {
  const types = opts.types ?? SEARCH_TYPES;
  const indexed: readonly string[] = types.filter((t) => t === "learning" || t === "preference");
  const rest = searchMemories(state, query, {
    ...opts,
    types: types.filter((t) => !indexed.includes(t)),
    limit: Number.MAX_SAFE_INTEGER,
  });
  const recalled = recall(query).filter((r) =>
    r.kind === "e" ? opts.types === undefined : indexed.includes(r.kind === "l" ? "learning" : "preference"),
  );
  const limit = Math.max(0, Math.min(opts.limit ?? 10, MAX_LIST_LIMIT));
  return mergeSearch(query, rest, recalled, { ...opts, limit });
}
