/** What the mention arrangement (mentions.ts, restatements.ts) knows of a turn; its own file so neither imports the other for it. */
export interface MentionInfo {
  session: string;
  speaker: string;
  dateMs: number;
  /** The query terms the turn's own text holds, as a bit set over the query's terms (0: none). */
  mask: number;
  /** Their weight over the weight of all the query's terms, 0–1. */
  cover: number;
  /** The same over some of the query's terms (a bit set): how much of them the turn holds. */
  coverOf: (bits: number) => number;
  /** The turn's sentences as term sets (sentence-terms.ts); computed on demand. */
  sentences: () => readonly ReadonlySet<string>[];
  /** The terms of its sentences holding a query term it matched; on demand. */
  words: () => ReadonlySet<string>;
  /** The sentences a restatement of this turn would repeat (sentence-terms.ts `keySentences`); on demand. */
  keys: () => readonly ReadonlySet<string>[];
}
