import { hitLine, MEMORY_NOTE, PROMPT_MEMORIES_HEADER } from "../core/memory-lines.ts";
import { terms } from "./analyze.ts";
import { inScope, namesProject, projectOf } from "./project-scope.ts";
import { episodeLine } from "./prompt-lines.ts";
import { redactShown } from "./redact-shown.ts";
import { contentless, coverage, memoryText } from "./relevance.ts";
import type { SearchHit, SearchOptions, SearchResult } from "./types.ts";
import { searchable, wordFamilies } from "./word-family.ts";

/** The rule for "which memories go with this prompt", in one place. */
const KINDS = ["learning", "preference", "context", "task", "episode"] as const;
const MAX_HITS = 8;
/**
 * The relevance floor: a memory is shown only when it covers at least this share of what the prompt asks
 * (src/recall/relevance.ts: the prompt's terms weighted by how much they tell, generic request words a
 * quarter). Entries (learnings, preferences, project context, tasks) are few and distilled, so one strong
 * shared term can be enough; "can you use a for loop here" vs "This repo uses pnpm" covers ~0.1.
 */
export const FLOOR = 0.35;
/**
 * Episodes (turns of past sessions, as the learner stored them) are many and chatty: a higher floor.
 * Calibrated with bench/prompt-floor.ts on LoCoMo's merged variant, checked on the original; numbers in the
 * README.
 */
export const EPISODE_FLOOR = 0.4;
/**
 * A turn that holds too little of the prompt itself — the reply to a question that matched, which is where
 * the answer usually is — is shown when a turn of its session passed the floor and the ranking puts it at
 * least this close to the best (recall's neighbour signal; src/recall/rank.ts). Tuned on the tune part of
 * bench/hook-recall.ts.
 */
export const REPLY_RELEVANCE = 0.25;
const MAX_EPISODES = 6;
/** How many usable candidates (after boilerplate, exclusions and scope) are measured against the floor. */
const CANDIDATES = MAX_HITS * 6;
/**
 * How many of the best lexical matches are ranked for a prompt (search's default is 2 000, for contexts that
 * show dozens of turns). Ranking 2 000 candidates was most of the hook's time on a 100k-entry brain
 * (bench/serve.ts); bench/learn/locomo.ts (b) reports both depths. 200 → 100: bench/hook-recall.ts's figures
 * unchanged on seeds 7 and 11, a prompt at a million episodes ~10 % fewer instructions (its candidates'
 * turns read, ranked and checked for repeats).
 */
export const PROMPT_DEPTH = 100;
/**
 * How far down the ranking the hook reads (SearchOptions.reach): as many items as it measures against its
 * floor. The arrangement of restatements and sessions (mentions.ts) over its whole pool of 300 was ~80 % of a
 * prompt's ranking at a million episodes (bench/scale.ts); over 48, with the restatements of the best 3
 * looked up, the hook's figures on bench/hook-recall.ts (seeds 7 and 11) are unchanged.
 */
export const PROMPT_REACH = CANDIDATES;
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
  /**
   * The working directory the prompt was given in (default: the brain's). With it, another project's
   * memories are shown only when the prompt names that project (src/recall/project-scope.ts).
   */
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
  /** How far down the ranking the arrangement reads (default PROMPT_REACH). */
  reach?: number;
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
  /**
   * Whether some memory holds this index term: a prompt's word is also searched by its relatives the brain
   * holds ("linter" by "lint", src/recall/word-family.ts). Without it, only the prompt's own terms.
   */
  known?: (term: string) => boolean;
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

const NOTHING: PromptMemories = { hits: [], text: "" };

/**
 * Memories for a prompt: nothing for an empty or content-less prompt ("yes", "continue", "ok do it"), a
 * slash command or a harness template; else the entries and turns that cover what it asks (and the replies
 * in their sessions), in the recall ranking's order, within `maxChars`, each turn shown as much as the room
 * allows around what the prompt asks, no text twice, nothing the secret guard's shapes would redact.
 */
export function promptMemories(
  prompt: string,
  src: PromptSources,
  opts: PromptMemoryOptions = {},
): PromptMemories {
  const q = prompt.trim();
  if (asksNothing(q)) return NOTHING;
  const chosen = choose(q, src, opts);
  return render(chosen, q, src, opts.maxChars ?? 2_000);
}

/**
 * A prompt no memory goes with, from any source (the graph's lines too): empty, a slash command, a harness
 * template ("<command-name>…"), or only acknowledgements and go-aheads ("yes", "ok do it", "continue").
 */
export function asksNothing(prompt: string): boolean {
  const q = prompt.trim();
  return !q || q.startsWith("/") || q.startsWith("<") || contentless(q);
}

/** The memories to show, best first (not yet cut to the room). */
function choose(q: string, src: PromptSources, opts: PromptMemoryOptions): SearchHit[] {
  const exclude = new Set(opts.exclude ?? []);
  const floor = opts.floor ?? FLOOR;
  const episodeFloor = opts.episodeFloor ?? EPISODE_FLOOR;
  const depth = opts.depth ?? PROMPT_DEPTH;
  const qterms = terms(q);
  const families = wordFamilies(q, src.known ?? (() => false));
  const relatives = new Set([...families.values()].flat().filter((t) => !families.has(t)));
  const extra = searchable(relatives);
  const found = src.search(extra.length ? `${q} ${extra.join(" ")}` : q, {
    // Every ranked candidate: boilerplate and other sessions' filters below run before the cut to
    // CANDIDATES, so a stock reply said in fifty sessions cannot crowd the one turn that answers out.
    limit: depth,
    depth,
    reach: opts.reach ?? PROMPT_REACH,
    types: KINDS,
    ranking: "fused",
    ...(opts.cwd ? { cwd: opts.cwd } : {}),
  });
  const boilerplate = repeated(found.hits);
  const usable: SearchHit[] = [];
  // In order, until there are enough: the rest of the ranking is never looked at.
  for (const h of found.hits) {
    if (usable.length >= CANDIDATES) break;
    if (
      !exclude.has(h.id) &&
      // Boilerplate (a stock reply, a template) is never shown, nor lets its session's replies in.
      !boilerplate.has(textKey(h)) &&
      // A turn that is only chatter ("ok do it", "yes") tells nothing beside a prompt.
      !(h.type === "episode" && contentless(String(h.entry.text ?? ""))) &&
      !(opts.session !== undefined && h.type === "episode" && h.entry?.session === opts.session) &&
      (!opts.cwd || inScope(h.entry, opts.cwd, q))
    )
      usable.push(h);
  }
  const scored = usable.map((h, i) => {
    const relevance = coverage(withoutName(qterms, q, h.entry), memoryText(h.entry), src.weight, families);
    const imp = h.entry.importance;
    const shift = imp === "high" || imp === "low" ? IMPORTANCE_SHIFT[imp] : 0;
    const stale = h.type !== "episode" && src.stale && h.entry ? src.stale(h.entry) : "";
    return {
      h,
      i,
      relevance,
      key: relevance + shift - (stale ? STALE_SINK : 0),
      strong: relevance >= (h.type === "episode" ? episodeFloor : floor),
    };
  });
  // A reply is said by someone else than the turn that matched: a session's matching speakers, by session.
  const sessions = new Map<unknown, Set<unknown>>();
  for (const c of scored)
    if (c.strong && c.h.type === "episode") {
      const s = sessions.get(c.h.entry.session) ?? new Set();
      s.add(c.h.entry.speaker);
      sessions.set(c.h.entry.session, s);
    }
  const kept = scored.filter(
    (c) =>
      c.strong ||
      (c.h.type === "episode" &&
        sessions.has(c.h.entry.session) &&
        !sessions.get(c.h.entry.session)?.has(c.h.entry.speaker) &&
        (c.h.relevance ?? 0) >= REPLY_RELEVANCE),
  );
  // Entries by how much of the prompt they cover (importance nudging), then turns in the ranking's order.
  const entries = kept.filter((c) => c.h.type !== "episode").sort((a, b) => b.key - a.key || a.i - b.i);
  const turns = kept.filter((c) => c.h.type === "episode");
  const out: SearchHit[] = [];
  const summarised = new Set<unknown>();
  let episodes = 0;
  for (const { h } of [...entries, ...turns]) {
    if (out.length >= MAX_HITS) break;
    if (h.type === "episode") {
      if (episodes >= MAX_EPISODES) continue;
      // A session's summaries (one per learner pass, src/learn/summary.ts) say much the same: one at most.
      if (h.entry?.role === "summary") {
        if (summarised.has(h.entry.session)) continue;
        summarised.add(h.entry.session);
      }
      episodes++;
    }
    out.push(h);
  }
  return out;
}

/**
 * When the prompt names the memory's own project, the prompt's terms less that name: "which node version does
 * billing-api pin?" names where to look (project-scope.ts), not what the turn about .nvmrc must say. (Only when
 * named as a whole: in "how do we strip gps data from photos?" the word is content, not photo-blog's name.)
 */
function withoutName(qterms: string[], q: string, entry: SearchHit["entry"]): string[] {
  const p = projectOf(entry);
  if (!p || !namesProject(q, p)) return qterms;
  const name = new Set(terms((p.split("/").pop() ?? "").replace(/[-_.]+/g, " ")));
  const rest = qterms.filter((t) => !name.has(t));
  return rest.length ? rest : qterms;
}

/** A memory's text, normalised (lower case, spaces collapsed, trimmed), its first 300 characters: repeats. */
export function textKey(h: Pick<SearchHit, "entry">): string {
  const text = memoryText(h.entry);
  // A long turn normalised from a prefix: the whole text took ~1.5 ms of a prompt at a million episodes. The
  // prefix's key is the whole's when it holds more than the 300 characters (collapsing only shortens).
  if (text.length > 2 * KEY_CHARS) {
    const head = text
      .slice(0, 2 * KEY_CHARS)
      .toLowerCase()
      .replace(/\s+/g, " ")
      .trimStart();
    if (head.length > KEY_CHARS + 1) return head.slice(0, KEY_CHARS);
  }
  return text.toLowerCase().replace(/\s+/g, " ").trim().slice(0, KEY_CHARS);
}
const KEY_CHARS = 300;

/** Texts that more than one memory holds word for word (a command template, a stock reply): boilerplate. */
function repeated(hits: SearchHit[]): Set<string> {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const h of hits) {
    const k = textKey(h);
    if (seen.has(k)) twice.add(k);
    seen.add(k);
  }
  return twice;
}

/**
 * The block: entries one line each, then each turn given an equal share of the room left (a shorter turn
 * leaves its rest to the next ones), shown whole when it fits, else the part that holds what the prompt asks.
 */
function render(hits: SearchHit[], q: string, src: PromptSources, max: number): PromptMemories {
  const lines = [HEADER];
  const shown: SearchHit[] = [];
  let size = HEADER.length;
  const turns = hits.filter((h) => h.type === "episode").length;
  let turnsLeft = turns;
  for (const h of hits) {
    const id = h.type !== "episode" && src.shortId ? src.shortId(h.id) : h.id;
    let line: string;
    if (h.type === "episode") {
      const tag = hitLine({ type: h.type, id, text: "" });
      const room = Math.floor((max - size - 1) / Math.max(1, turnsLeft)) - tag.length;
      turnsLeft--;
      if (room < 120) continue;
      // Redacted before the window is chosen, so a window cannot keep a value without the words before it.
      const clean = { ...h, entry: { ...h.entry, text: redactShown(String(h.entry.text ?? "")) } };
      line = tag + redactShown(episodeLine(clean, q, room, src.weight));
    } else {
      const stale = src.stale && h.entry ? src.stale(h.entry) : "";
      line = redactShown(hitLine({ ...h, id, text: `${stale}${h.text}` }));
    }
    if (size + line.length + 1 > max) continue;
    lines.push(line);
    size += line.length + 1;
    shown.push(h);
  }
  return { hits: shown, text: shown.length ? lines.join("\n") : "" };
}
