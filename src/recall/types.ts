import type { Rec } from "../core/rec.ts";
import type { BaseEntry, LiveType } from "../core/types.ts";

/**
 * What the recall index holds: every brain entry type that carries text, and conversation turns (episodes,
 * from episodes.jsonl). One index answers `Brain.search`, `Brain.recall` and `Brain.promptMemories`.
 */
export const SEARCH_TYPES = [
  "learning",
  "preference",
  "context",
  "task",
  "reminder",
  "behavior",
  "identity",
  "user",
] as const satisfies readonly LiveType[];

export type SearchType = (typeof SEARCH_TYPES)[number];
export type Kind = SearchType | "episode";
export const KINDS: readonly Kind[] = [...SEARCH_TYPES, "episode"];

export function isKind(t: string): t is Kind {
  return (KINDS as readonly string[]).includes(t);
}

/** One entry recalled for a query, with its fused relevance. */
export interface Recalled {
  rec: Rec;
  kind: Kind;
  /** Fused relevance (rank order; not bounded). */
  score: number;
  /** Share of the query's terms found in the entry's own text, 0–1. */
  matched: number;
}

export interface SearchOptions {
  /** At most this many hits (default 10). */
  limit?: number;
  /** Only these kinds (default: every brain entry type that carries text, and episodes). */
  types?: readonly (LiveType | "episode")[];
  /** Drop hits whose score is below this (0–1, share of the query's terms matched; default 0). */
  minScore?: number;
  /** The working directory that scopes project entries (default: the brain's). */
  cwd?: string;
  /**
   * How many of the best lexical matches are ranked (default 2 000). A caller that shows a handful asks for
   * fewer: ranking is most of a search's time on a large brain.
   */
  depth?: number;
}

export interface SearchHit {
  id: string;
  type: string;
  /** One line, as `brain list` prints an entry (an episode: `[date] speaker: text`). */
  text: string;
  /** 0–1: share of the query's terms found in the entry's own text. */
  score: number;
  entry: BaseEntry;
}

export interface SearchResult {
  query: string;
  /** Entries of the asked kinds whose own text holds at least one query term (before `limit` and `minScore`). */
  total: number;
  hits: SearchHit[];
}

/** How every surface shows one hit (`- [learning l1a2b3c4] text`, one line whatever the text holds). */
export { hitLine } from "../core/memory-lines.ts";
