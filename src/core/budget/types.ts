/** The context pipeline's vocabulary: sources produce sections of items; the budget turns them into blocks. */

export interface Item {
  text: string;
  /** Brain entries this item shows (empty for file lines and headers). */
  entryIds: string[];
  /** Ranking score, when the section ranks its items (shown by --explain). */
  score?: number;
  /** Label for --explain when the item has no entry id (e.g. "CLAUDE.md:12"). */
  label?: string;
  /**
   * A shorter form of the item in at most `chars` characters (undefined when it has none that short): a ranked
   * list shows it when the item is too long for what is left, rather than skipping to smaller, lower-ranked
   * items (a recalled turn's focused preview).
   */
  shorten?: (chars: number) => Item | undefined;
}

export type Allocation =
  /** Taken first, in `priority` order, within the fixed share (identity, user, brain files, rules); `cap`
   *  further limits this section to a fraction of the whole budget. */
  | { kind: "fixed"; priority: number; cap?: number }
  /** Shares what is left by weight; every unused share cascades to the `sink` section (learnings). */
  | { kind: "weighted"; weight: number; sink?: boolean };

export interface Section {
  id: string;
  /** Heading line of the block, e.g. "## Behavior". */
  header: string;
  cacheable: boolean;
  /** Position in the output (ascending); stable blocks must sort before volatile ones. */
  order: number;
  allocation: Allocation;
  items: Iterable<Item>;
  /** Number of items (needed when `items` is lazy). */
  total: number;
  /** Fixed sections keep their lines contiguous: stop at the first line that does not fit. */
  contiguous?: boolean;
  /**
   * Always-loaded brain files: fitted in the brain-file allowance (`fileBudget`), not the memory budget.
   * `name` is the file, named in the marker that says what was left out.
   */
  allowance?: { name: string };
}

export type CutReason = "budget" | "no-room" | "truncated";

export interface Cut {
  entryId: string | null;
  label: string;
  section: string;
  reason: CutReason;
  score?: number;
  /** A budget cut: how many more tokens the item needed than the section had left (≥ 1). */
  needed?: number;
}

export interface Kept {
  entryId: string | null;
  label: string;
  section: string;
  score?: number;
  /** Tokens left in the whole budget after this item was placed. */
  budgetLeft: number;
}

export interface Block {
  id: string;
  title: string;
  text: string;
  cacheable: boolean;
  tokens: number;
  entryIds: string[];
  cut: { entryId: string | null; label: string; reason: CutReason }[];
  /** Further items of this section left out without being examined (not listed in `cut`). */
  notExamined: number;
}

/** A brain file the allowance could not hold in full: how much of it is in the context. */
export interface FileCut {
  file: string;
  keptLines: number;
  totalLines: number;
}

export interface Assembled {
  blocks: Block[];
  text: string;
  tokens: number;
  /** The memory budget (tokens). */
  budget: number;
  /** The brain-file allowance (tokens) next to it; 0 when brain files share the memory budget or there are none. */
  fileBudget: number;
  /** Always-loaded brain files cut or left out (each also marked in the text). */
  fileCuts: FileCut[];
  injectedIds: string[];
  kept: Kept[];
  cuts: Cut[];
}
