import { ENTRY_TABLE, type TableType, type TypeDef } from "../core/entry-types.ts";
import type { Rec } from "../core/rec.ts";
import type { BaseEntry, LiveType } from "../core/types.ts";

type Table = typeof ENTRY_TABLE;
/** The types the recall index holds: those with a recall code in the entry table. */
export type Kind = { [K in TableType]: Table[K] extends { recall: number } ? K : never }[TableType];
/** The brain entry types among them (every type that carries text; episodes come from episodes.jsonl). */
export type SearchType = Exclude<Kind, "episode">;

/**
 * What the recall index holds, in the order of their kind codes in the index file (core/entry-types.ts):
 * every brain entry type that carries text, and conversation turns. One index answers `Brain.search`,
 * `Brain.recall` and `Brain.promptMemories`.
 */
export const KINDS: readonly Kind[] = (Object.entries(ENTRY_TABLE) as [Kind, TypeDef][])
  .filter(([, d]) => d.recall !== undefined)
  .sort((a, b) => (a[1].recall as number) - (b[1].recall as number))
  .map(([t]) => t);
export const SEARCH_TYPES: readonly SearchType[] = KINDS.filter((k): k is SearchType => k !== "episode");

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
  /** A turn the same speaker restated later (src/recall/mentions.ts): when the latest restatement was made (epoch ms). */
  earlier?: number;
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
  /**
   * "share" (default): entries holding a query term, by the share of the query's terms they hold. "fused":
   * the recall ranking as it is (neighbouring turns that hold none of the terms included), each hit with its
   * `relevance` — what the prompt memories need to show the reply to a question that matched.
   */
  ranking?: "share" | "fused";
  /**
   * How far down the ranking the caller reads (default: as far as a context shows). The arrangement across
   * sessions and restatements (mentions.ts) then works on that many items instead of its whole pool: the
   * prompt hook, which shows a handful, reads a few dozen.
   */
  reach?: number;
}

export interface SearchHit {
  id: string;
  type: string;
  /** One line, as `brain list` prints an entry (an episode: `[date] speaker: text`). */
  text: string;
  /** 0–1: share of the query's terms found in the entry's own text. */
  score: number;
  entry: BaseEntry;
  /** With `ranking: "fused"`: the fused relevance over the best hit's, 0–1. */
  relevance?: number;
}

export interface SearchResult {
  query: string;
  /** Entries of the asked kinds whose own text holds at least one query term (before `limit` and `minScore`). */
  total: number;
  hits: SearchHit[];
}

/** How every surface shows one hit (`- [learning l1a2b3c4] text`, one line whatever the text holds). */
export { hitLine } from "../core/memory-lines.ts";
