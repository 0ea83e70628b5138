import { hitLine, MEMORY_NOTE } from "../core/memory-lines.ts";
import type { SearchHit, SearchOptions, SearchResult } from "./types.ts";

/** The rule for "which memories go with this prompt", in one place. */
const KINDS = ["learning", "preference", "context", "task", "episode"] as const;
const MAX_HITS = 5;
/** At least this share of the prompt's terms must be in a memory for it to be shown. */
const MIN_SCORE = 0.2;
/**
 * Episodes (turns of past sessions, as the learner stored them) are many and chatty: one is shown only when it
 * holds most of the prompt's terms ("can you use a for loop here" must not bring back every turn that said
 * "use"), at most a few of them, each cut to a line.
 */
const EPISODE_MIN_SCORE = 0.6;
const MAX_EPISODES = 2;
const EPISODE_CHARS = 300;
/** The block's header and the note that what follows is information, not instructions. */
const HEADER = `## Relevant memories (brain)\n${MEMORY_NOTE}`;

export interface PromptMemoryOptions {
  /** Ids already shown to the agent (e.g. in the session's context): not repeated. */
  exclude?: Iterable<string>;
  /** The block never exceeds this many characters (default 2 000). */
  maxChars?: number;
  /** The current session: its own episodes are not shown back to it. */
  session?: string;
  /** The working directory the prompt was given in (default: the brain's). */
  cwd?: string;
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
  // Room for the episodes skipped below, so they cannot crowd out the entries ranked after them.
  const limit = MAX_HITS + exclude.size + 20;
  const found = search(q, {
    limit,
    minScore: MIN_SCORE,
    types: KINDS,
    ...(opts.cwd ? { cwd: opts.cwd } : {}),
  });
  const hits: SearchHit[] = [];
  const lines = [HEADER];
  let size = HEADER.length;
  let episodes = 0;
  for (const h of found.hits) {
    if (exclude.has(h.id)) continue;
    if (hits.length >= MAX_HITS) break;
    if (h.type === "episode") {
      if (h.score < EPISODE_MIN_SCORE || episodes >= MAX_EPISODES) continue;
      if (opts.session !== undefined && h.entry?.session === opts.session) continue;
      episodes++;
    }
    const line = hitLine(h.type === "episode" ? { ...h, text: cut(h.text, EPISODE_CHARS) } : h);
    if (size + line.length + 1 > max) break;
    lines.push(line);
    size += line.length + 1;
    hits.push(h);
  }
  return { hits, text: hits.length ? lines.join("\n") : "" };
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
