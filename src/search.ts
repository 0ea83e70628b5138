import type { FoldState } from "./core/fold.ts";
import { oneLiner } from "./core/format.ts";
import type { Rec } from "./core/rec.ts";
import type { BaseEntry, LiveType } from "./core/types.ts";

/**
 * Memory search behind one engine-facing function (`Brain.search`). Today it is lexical term overlap over the
 * entries' text fields, weighted by how rare each term is in the brain; a relevance index replaces this
 * function later without touching any surface.
 */
export interface SearchOptions {
  /** At most this many hits (default 10). */
  limit?: number;
  /** Only these entry types (default: every type that carries text). */
  types?: readonly LiveType[];
  /** Drop hits whose score is below this (0–1, share of the query's term weight matched; default 0). */
  minScore?: number;
}

export interface SearchHit {
  id: string;
  type: string;
  /** One-line summary, as `brain list` prints it. */
  text: string;
  /** 0–1: share of the query's (rarity-weighted) terms found, plus a bonus for the exact phrase. */
  score: number;
  entry: BaseEntry;
}

export interface SearchResult {
  query: string;
  /** Entries that matched at least one term (before `limit` and `minScore`). */
  total: number;
  hits: SearchHit[];
}

export const SEARCH_TYPES: readonly LiveType[] = [
  "learning",
  "preference",
  "context",
  "task",
  "reminder",
  "behavior",
  "identity",
  "user",
];

const STOP = new Set(
  "a an and are as at be but by can do does for from has have how i in is it its me my no not of on or our please so that the this to was we what when where which who why will with you your".split(
    " ",
  ),
);

/** Lower-cased word terms of a query (letters and digits of any script, stop words dropped). */
export function queryTerms(query: string): string[] {
  const words = query.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}_.-]*[\p{L}\p{N}]|[\p{L}\p{N}]/gu) ?? [];
  return [...new Set(words.filter((w) => w.length > 1 && !STOP.has(w)))];
}

function haystack(e: BaseEntry): string {
  return [e.text, e.description, e.content, e.key, e.value, e.project, e.category]
    .filter((v): v is string => typeof v === "string" && v !== "")
    .join(" ")
    .toLowerCase();
}

export function searchMemories(state: FoldState, query: string, opts: SearchOptions = {}): SearchResult {
  const phrase = query.trim().toLowerCase();
  const terms = queryTerms(query);
  if (terms.length === 0 && !phrase) return { query, total: 0, hits: [] };
  const candidates: { rec: Rec; text: string; found: boolean[] }[] = [];
  // Cheap prefilter on the raw line (any term, or a JSON \u escape that could hide one); only the
  // candidates get parsed.
  const alternatives = [...terms, phrase]
    .filter(Boolean)
    .map((t) => t.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&"));
  const prefilter = new RegExp([...alternatives, "\\\\u"].join("|"), "i");
  let n = 0;
  for (const type of opts.types ?? SEARCH_TYPES) {
    for (const rec of state.list(type)) {
      n++;
      if (!prefilter.test(rec.raw)) continue;
      const text = haystack(rec.entry);
      const found = terms.map((t) => text.includes(t));
      if (found.some(Boolean) || (phrase && text.includes(phrase))) candidates.push({ rec, text, found });
    }
  }
  // Rarer terms weigh more (idf over the searched entries).
  const weights = terms.map((_, i) => {
    const df = candidates.reduce((k, c) => k + (c.found[i] ? 1 : 0), 0);
    return Math.log(1 + (n + 1) / (df + 0.5));
  });
  const totalWeight = weights.reduce((a, b) => a + b, 0) || 1;
  const scored = candidates.map((c) => {
    const matched = c.found.reduce((s, f, i) => s + (f ? (weights[i] as number) : 0), 0);
    const bonus = phrase.length > 2 && c.text.includes(phrase) ? 0.25 : 0;
    return { c, score: Math.min(1, matched / totalWeight + bonus) };
  });
  const min = opts.minScore ?? 0;
  const hits = scored
    .filter((s) => s.score >= min)
    .sort((a, b) => b.score - a.score || (b.c.rec.createdMs || 0) - (a.c.rec.createdMs || 0))
    .slice(0, opts.limit ?? 10)
    .map(({ c, score }) => ({
      id: c.rec.id,
      type: c.rec.type,
      text: oneLiner(c.rec.entry),
      score: Math.round(score * 1000) / 1000,
      entry: c.rec.entry,
    }));
  return { query, total: candidates.length, hits };
}
