import { hitLine, MEMORY_NOTE } from "../core/memory-lines.ts";
import type { SearchHit, SearchOptions, SearchResult } from "./types.ts";

/** The rule for "which memories go with this prompt", in one place. */
const KINDS = ["learning", "preference", "context", "task"] as const;
const MAX_HITS = 5;
/** At least this share of the prompt's terms must be in a memory for it to be shown. */
const MIN_SCORE = 0.2;
/** The block's header and the note that what follows is information, not instructions. */
const HEADER = `## Relevant memories (brain)\n${MEMORY_NOTE}`;

export interface PromptMemoryOptions {
  /** Ids already shown to the agent (e.g. in the session's context): not repeated. */
  exclude?: Iterable<string>;
  /** The block never exceeds this many characters (default 2 000). */
  maxChars?: number;
}

export interface PromptMemories {
  hits: SearchHit[];
  /** `## Relevant memories (brain)`, the note, and one line per hit, or "" when nothing relevant. */
  text: string;
}

/** Memories for a prompt; nothing for an empty prompt or a slash command. */
export function promptMemories(
  prompt: string,
  search: (query: string, opts: SearchOptions) => SearchResult,
  opts: PromptMemoryOptions = {},
): PromptMemories {
  const q = prompt.trim();
  if (!q || q.startsWith("/")) return { hits: [], text: "" };
  const exclude = new Set(opts.exclude ?? []);
  const max = opts.maxChars ?? 2_000;
  const found = search(q, { limit: MAX_HITS + exclude.size, minScore: MIN_SCORE, types: KINDS });
  const hits: SearchHit[] = [];
  const lines = [HEADER];
  let size = HEADER.length;
  for (const h of found.hits) {
    if (exclude.has(h.id)) continue;
    if (hits.length >= MAX_HITS) break;
    const line = hitLine(h);
    if (size + line.length + 1 > max) break;
    lines.push(line);
    size += line.length + 1;
    hits.push(h);
  }
  return { hits, text: hits.length ? lines.join("\n") : "" };
}
