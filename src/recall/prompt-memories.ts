import { renderEpisode } from "../core/episode.ts";
import { hitLine, MEMORY_NOTE, PROMPT_MEMORIES_HEADER } from "../core/memory-lines.ts";
import { terms } from "./analyze.ts";
import { focusedPreview } from "./preview.ts";
import { coverage, memoryText } from "./relevance.ts";
import type { SearchHit, SearchOptions, SearchResult } from "./types.ts";

/** The rule for "which memories go with this prompt", in one place. */
const KINDS = ["learning", "preference", "context", "task", "episode"] as const;
const MAX_HITS = 5;
/**
 * The relevance floor: a memory is shown only when it covers at least this share of what the prompt asks
 * (src/recall/relevance.ts: the prompt's terms weighted by how much they tell, generic request words a
 * quarter). Entries (learnings, preferences, project context, tasks) are few and distilled, so one strong
 * shared term can be enough; "can you use a for loop here" vs "This repo uses pnpm" covers ~0.1.
 */
export const FLOOR = 0.35;
/**
 * Episodes (turns of past sessions, as the learner stored them) are many and chatty: a higher floor, at most a
 * few of them, each cut to a line. Calibrated with bench/prompt-floor.ts on LoCoMo's merged variant (0.4 keeps
 * the evidence hit rate of the former rule — most of the prompt's terms — with as few memories for prompts
 * about another conversation), checked on the original variant; numbers in the README.
 */
export const EPISODE_FLOOR = 0.4;
const MAX_EPISODES = 2;
/**
 * How many of the best lexical matches are ranked for a prompt (search's default is 2 000, for contexts that
 * show dozens of turns). The hook shows at most MAX_HITS, and ranking 2 000 candidates was most of its time on
 * a 100k-entry brain (bench/serve.ts); bench/learn/locomo.ts (b) reports both depths.
 */
export const PROMPT_DEPTH = 200;
const EPISODE_CHARS = 300;
/** An entry's importance moves it this much in the order (never past the floor). */
const IMPORTANCE_SHIFT = { high: 0.1, low: -0.1 } as const;
/** The block's header and the note that what follows is information, not instructions. */
const HEADER = `${PROMPT_MEMORIES_HEADER}\n${MEMORY_NOTE}`;

export interface PromptMemoryOptions {
  /** Ids already shown to the agent (e.g. in the session's context): not repeated. */
  exclude?: Iterable<string>;
  /** The block never exceeds this many characters (default 2 000). */
  maxChars?: number;
  /** The current session: its own episodes are not shown back to it. */
  session?: string;
  /** The working directory the prompt was given in (default: the brain's). */
  cwd?: string;
  /**
   * false: the memories alone, without the association graph's step (which records the prompt in the graph):
   * the learner asking again what a past prompt brought back (src/learn/use.ts) must not count it twice.
   */
  withGraph?: boolean;
  /** Floors other than FLOOR / EPISODE_FLOOR (the calibration bench sweeps them). */
  floor?: number;
  episodeFloor?: number;
  /** Lexical candidates ranked (default PROMPT_DEPTH). */
  depth?: number;
}

export interface PromptMemories {
  hits: SearchHit[];
  /** `## Relevant memories (brain)`, the note, and one line per hit, or "" when nothing relevant. */
  text: string;
}

export interface PromptSources {
  search: (query: string, opts: SearchOptions) => SearchResult;
  /** How much a query term tells (rarer in the brain weighs more; unknown terms the most). */
  weight: (term: string) => number;
  /** The short form of an entry's id (core/short-ids.ts); the full id when absent. */
  shortId?: (id: string) => string;
  /**
   * A memory's "possibly stale" note when what it names in the code is gone ("" when not; issue 23,
   * src/project/anchors.ts): the line says so and it is ranked below every memory that holds.
   */
  stale?: (entry: Record<string, unknown>) => string;
}

/** How far a stale memory sinks: below every relevant memory whose anchors hold. */
const STALE_SINK = 10;

/** Memories for a prompt; nothing for an empty prompt or a slash command. */
export function promptMemories(
  prompt: string,
  src: PromptSources,
  opts: PromptMemoryOptions = {},
): PromptMemories {
  const q = prompt.trim();
  if (!q || q.startsWith("/")) return { hits: [], text: "" };
  const exclude = new Set(opts.exclude ?? []);
  const max = opts.maxChars ?? 2_000;
  const floor = opts.floor ?? FLOOR;
  const episodeFloor = opts.episodeFloor ?? EPISODE_FLOOR;
  // Room for the hits skipped below, so they cannot crowd out the entries ranked after them.
  const limit = MAX_HITS + exclude.size + 20;
  const depth = opts.depth ?? PROMPT_DEPTH;
  const found = src.search(q, { limit, depth, types: KINDS, ...(opts.cwd ? { cwd: opts.cwd } : {}) });
  const qterms = terms(q);
  const candidates = found.hits
    .filter((h) => !exclude.has(h.id))
    .map((h, i) => {
      const relevance = coverage(qterms, memoryText(h.entry), src.weight);
      const imp = h.entry.importance;
      const shift = imp === "high" || imp === "low" ? IMPORTANCE_SHIFT[imp] : 0;
      const stale = h.type !== "episode" && src.stale && h.entry ? src.stale(h.entry) : "";
      return { h, i, relevance, stale, key: relevance + shift - (stale ? STALE_SINK : 0) };
    })
    .filter((c) => c.relevance >= (c.h.type === "episode" ? episodeFloor : floor))
    .sort((a, b) => b.key - a.key || a.i - b.i);
  const hits: SearchHit[] = [];
  const lines = [HEADER];
  let size = HEADER.length;
  let episodes = 0;
  // A session's summaries (one per learner pass, src/learn/summary.ts) say much the same: one of them at most.
  const summarised = new Set<unknown>();
  for (const { h, stale } of candidates) {
    if (hits.length >= MAX_HITS) break;
    if (h.type === "episode") {
      if (episodes >= MAX_EPISODES) continue;
      if (opts.session !== undefined && h.entry?.session === opts.session) continue;
      if (h.entry?.role === "summary") {
        if (summarised.has(h.entry.session)) continue;
        summarised.add(h.entry.session);
      }
      episodes++;
    }
    const id = h.type !== "episode" && src.shortId ? src.shortId(h.id) : h.id;
    const text = h.type === "episode" ? episodeLine(h, q, src.weight) : `${stale}${h.text}`;
    const line = hitLine({ ...h, id, text });
    if (size + line.length + 1 > max) break;
    lines.push(line);
    size += line.length + 1;
    hits.push(h);
  }
  return { hits, text: hits.length ? lines.join("\n") : "" };
}

/**
 * An episode's line: its date and speaker, then the stretch of the turn that holds what the prompt asks
 * (a long turn's first 300 characters often do not hold it).
 */
function episodeLine(h: SearchHit, prompt: string, weight: (term: string) => number): string {
  const head = renderEpisode({ ...h.entry, text: "" }).slice(2);
  const body = h.text.startsWith(head) ? h.text.slice(head.length) : h.text;
  return head + focusedPreview(body, prompt, Math.max(80, EPISODE_CHARS - head.length), weight);
}
