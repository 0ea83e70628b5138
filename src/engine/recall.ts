import { rmSync } from "node:fs";
import { resolve } from "node:path";
import type { Turn } from "../core/episode.ts";
import { BrainError } from "../core/errors.ts";
import { inScope } from "../core/scope.ts";
import { AnchorCheck, staleNote } from "../project/anchors.ts";
import { repoRoot } from "../project/repo-root.ts";
import { forgetAnalysed } from "../recall/analyze.ts";
import { SemanticFusion } from "../recall/embeddings/semantic.ts";
import { type EpisodeFilter, isEmptyFilter, selectEpisodes } from "../recall/episode-select.ts";
import type { RecallIndex } from "../recall/index.ts";
import type { IngestOptions, IngestResult } from "../recall/ingest/ingest.ts";
import {
  asksNothing,
  type PromptMemories,
  type PromptMemoryOptions,
  promptMemories,
} from "../recall/prompt-memories.ts";
import { Recall, type RecallResult } from "../recall/recall.ts";
import { type RecentSession, recentSessions, tailEntries } from "../recall/recent-sessions.ts";
import { toSearchResult } from "../recall/search.ts";
import { forgetSentences } from "../recall/sentence-terms.ts";
import { isKind, type Kind, type Recalled, type SearchOptions, type SearchResult } from "../recall/types.ts";
import { EpisodeLog } from "../store/episode-log.ts";
import type { EventStore } from "../store/event-store.ts";
import type { BrainCore } from "./core.ts";
import { GraphFacet } from "./graph.ts";
import type { Projection } from "./projection.ts";
import { purgeTarget } from "./purge.ts";

/** A memory's "possibly stale" note in the project of `cwd` (its code anchors re-checked, bounded). */
function staleOf(cwd: string): (entry: Record<string, unknown>) => string {
  let check: AnchorCheck | undefined;
  return (entry) => {
    if (!Array.isArray(entry.anchors) || entry.anchors.length === 0) return "";
    check ??= new AnchorCheck(repoRoot(cwd));
    return staleNote(check.gone(entry));
  };
}

/** The derived files of the brain log this facet keeps: the recall index (and its checked stamp), the vectors. */
const DERIVED_KINDS = ["recall.bin", "recall.checked", "recall.json", "vectors.bin"] as const;

export interface ForgetResult {
  forgotten: number;
  /** Ids of the episodes forgotten (or that would be, on a dry run). */
  ids: string[];
  /** The episodes themselves (what was removed, for the caller to show). */
  episodes: Record<string, unknown>[];
  dryRun: boolean;
}

/**
 * Forget episodes: one turn, a session, a project's, or everything before a date (fields combine). Each is
 * tombstoned in episodes.jsonl (the tombstone holds no text, and keeps a re-import out), then its bytes are
 * purged from every place the brain keeps them (src/engine/purge.ts): episodes.jsonl and its backups, the
 * recall index and vectors (rebuilt), the learner's queue, inbox, run log and state for the sessions forgotten
 * whole and the texts forgotten. `dryRun` says what would go and writes nothing.
 */
async function forget(facet: RecallFacet, opts: EpisodeFilter & { dryRun?: boolean }): Promise<ForgetResult> {
  const { dryRun = false, ...filter } = opts;
  if (isEmptyFilter(filter))
    throw new BrainError(
      "INVALID",
      "forget needs session, turn, before or project (it never forgets everything)",
    );
  const core = facet.core;
  const created = core.now().toISOString();
  const log = facet.engine.episodes;
  const recs = log.forget(
    (l) => selectEpisodes(l, filter),
    (rec) => ({
      id: core.random(4),
      type: "tombstone",
      target_id: rec.id,
      target_type: "episode",
      reason: "forget",
      created,
    }),
    dryRun,
  );
  if (!dryRun && recs.length > 0) {
    const sessions = new Set(recs.map((r) => String(r.entry.session ?? "")));
    // A session is forgotten whole when none of its turns is left.
    for (const s of [...sessions]) if (log.sessions.has(s)) sessions.delete(s);
    await core.purge(
      purgeTarget({
        episodes: recs.map((r) => r.id),
        sessions,
        texts: recs.map((r) => String(r.entry.text ?? "")).filter((t) => t.length >= 8),
      }),
      "forget",
    );
  }
  const ids = recs.map((r) => r.id);
  return { forgotten: ids.length, ids, episodes: recs.map((r) => r.entry), dryRun };
}

/**
 * The recall facet: the episode log, the relevance index over entries and episodes (a projection of both
 * logs, registered with the core so it is caught up, saved and dropped with the others), search, and the
 * memories that go with a prompt — what a prompt hook needs, without context assembly.
 */
export class RecallFacet implements Projection {
  readonly name = "recall index";
  readonly core: BrainCore;
  #recall: Recall | null = null;
  /** Over a layered brain: the personal fold the index was built with (a change there rebuilds it). */
  #under: { state: object; applied: number } | null = null;
  #graph: GraphFacet | undefined;

  constructor(core: BrainCore) {
    this.core = core;
    core.projections.register(this);
  }

  /** The episode log's store: the one given when the brain was opened, or episodes.jsonl beside the log. */
  get episodeStore(): EventStore {
    return this.core.episodeStore ?? this.core.store.sibling("episodes.jsonl");
  }

  /** The association graph (src/engine/graph.ts), built on first use over the same logs. */
  get graph(): GraphFacet {
    this.#graph ??= new GraphFacet(this.core, {
      episodes: () => this.episodeStore,
      episode: (id) => this.engine.episodes.get(id),
    });
    return this.#graph;
  }

  /** The recall engine: the episode log and the relevance index (created on first use). */
  get engine(): Recall {
    const under = this.core.layers?.personal.state;
    if (under && (under !== this.#under?.state || under.applied !== this.#under.applied)) {
      this.#recall?.episodes.release();
      this.#recall = null; // the index tails this brain's log only: the personal brain's entries are re-read
      this.#under = { state: under, applied: under.applied };
    }
    if (!this.#recall) {
      const core = this.core;
      const store = this.episodeStore;
      const [brain, episodes] = [core.store.file, store.file];
      const paths = brain && episodes && !core.episodeStore ? { brain, episodes } : null;
      // The index is kept beside the logs when both have derived files (a file store, a team store's local dir);
      // over a layered brain (layered.ts) it indexes both brains' entries, so it is built in memory.
      const files =
        core.store.derived && store.derived && !core.episodeStore && !core.layers
          ? { brain: core.store.derived, episodes: store.derived }
          : null;
      this.#recall = new Recall(core.store, new EpisodeLog(store), files, core.resident);
      const embeddings = core.settings.embeddings;
      if (embeddings) this.#recall.semantic = SemanticFusion.fromConfig(embeddings, paths);
    }
    return this.#recall;
  }

  // ── Projection ──
  catchUp(): void {
    this.#recall?.sync(this.core.state, this.core.position);
  }
  persist(force: boolean): boolean {
    this.#recall?.episodes.release(); // no file held open between uses (a purge elsewhere frees its bytes)
    return this.#recall?.save(force) ?? false;
  }
  /** Forget the index and delete its files (the index, the embeddings' vectors): rebuilt on next use. */
  drop(): void {
    // A purge drops every projection: no forgotten text stays in the analysis memos either.
    forgetAnalysed();
    forgetSentences();
    this.#recall?.episodes.release();
    this.#recall = null;
    for (const kind of DERIVED_KINDS) {
      const path = this.core.store.derived?.path(kind);
      if (path) rmSync(path, { force: true });
    }
  }

  /** Entries relevant to `query`, best first: learnings, preferences and episodes unless `kinds` says otherwise. */
  recall(query: string, opts: { cwd?: string; kinds?: readonly Kind[] } = {}): Recalled[] {
    this.core.refresh();
    const kinds = opts.kinds ?? ["learning", "preference", "episode"];
    return this.query(query, kinds, opts.cwd ?? this.core.cwd).recalled;
  }

  /**
   * Recall against the state as it is (the caller refreshed once for its whole request); with `graph`, the
   * association graph's expansion runs after the lexical ranking (src/graph/expand.ts).
   */
  query(
    query: string,
    kinds: readonly Kind[] | undefined,
    cwd: string,
    depth?: number,
    opts: { graph?: boolean; reach?: number } = {},
  ): RecallResult {
    const found = this.engine.query(this.core.state, this.core.position, query, {
      ...(kinds ? { kinds } : {}),
      ...(depth ? { depth } : {}),
      ...(opts.reach ? { reach: opts.reach } : {}),
      ...(opts.graph ? { expand: (ranked, terms) => this.graph.expand(ranked, terms, kinds) } : {}),
      cwd,
      nowMs: this.core.now().getTime(),
    });
    // Another project's project-scoped memories are not recalled here (core/scope.ts).
    const dir = resolve(cwd);
    const recalled = found.recalled.filter((r) => r.kind === "episode" || inScope(r.rec, dir));
    if (recalled.length === found.recalled.length) return found;
    const hidden =
      found.recalled.filter((r) => r.matched > 0).length - recalled.filter((r) => r.matched > 0).length;
    return { recalled, total: Math.max(0, found.total - hidden) };
  }

  #synced(): void {
    this.core.refresh();
    this.engine.sync(this.core.state, this.core.position);
    this.engine.save(true);
  }

  /** Import a conversation transcript as episodes (episodes.jsonl; never brain.jsonl); idempotent. */
  async ingest(path: string, opts: IngestOptions = {}): Promise<IngestResult> {
    const { appendTranscript } = await import("../recall/ingest/append.ts");
    const redact = this.core.settings.secrets !== "allow";
    const r = await appendTranscript(this.engine.episodes, path, this.core.now(), opts, redact);
    this.#synced();
    return r;
  }

  /** Append parsed turns as episodes (the learner's path), with `extra` fields on each; idempotent. */
  async ingestTurns(
    turns: Turn[],
    source: string,
    extra: Record<string, string> = {},
  ): Promise<{ added: number; existing: number; forgotten: number; redacted: number }> {
    const { appendTurns } = await import("../recall/ingest/append.ts");
    const redactSecrets = this.core.settings.secrets !== "allow";
    const r = await appendTurns(this.engine.episodes, turns, source, this.core.now(), {
      redactSecrets,
      extra,
    });
    this.#synced();
    return r;
  }

  /**
   * Forget episodes: one turn, a session, a project's, or everything before a date (fields combine). Each is
   * tombstoned in episodes.jsonl (one locked append) and leaves search, recall, prompts and `get` at once.
   */
  forgetEpisodes(opts: EpisodeFilter & { dryRun?: boolean }): Promise<ForgetResult> {
    return forget(this, opts);
  }

  /** Episodes matching `filter` in log order, paged: what `brain list type=episode` shows. */
  listEpisodes(filter: EpisodeFilter = {}, page: { limit?: number; offset?: number } = {}) {
    const log = this.engine.episodes;
    log.refresh();
    const all = selectEpisodes(log, filter);
    const offset = page.offset ?? 0;
    const shown = all.slice(offset, offset + (page.limit ?? 100));
    return { total: all.length, offset, episodes: shown.map((r) => r.entry) };
  }

  /** Search every entry type and episodes (or `types`) in the relevance index, best match first. */
  search(query: string, opts: SearchOptions = {}): SearchResult {
    this.core.refresh();
    const found = this.query(query, opts.types?.filter(isKind), opts.cwd ?? this.core.cwd, opts.depth, {
      ...(opts.reach ? { reach: opts.reach } : {}),
    });
    return toSearchResult(query, found, opts);
  }

  /** The memories that go with a user's prompt (hooks, pi, MCP): a few strong matches, one line each. */
  promptMemories(prompt: string, opts: PromptMemoryOptions = {}): PromptMemories {
    let index: RecallIndex | undefined;
    const memories = promptMemories(
      prompt,
      {
        search: (q, o) => this.search(q, o),
        // The index as `search` left it (synced once for the whole prompt, not once per term).
        weight: (t) => {
          index ??= this.engine.sync(this.core.state, this.core.position);
          return index.informativeness(t);
        },
        known: (t) => {
          index ??= this.engine.sync(this.core.state, this.core.position);
          return index.weight(t) > 0;
        },
        shortId: (id) => this.core.state.shortIds().short(id),
        stale: staleOf(opts.cwd ?? this.core.cwd),
      },
      opts,
    );
    // A separate step: the association graph's lines beside them (seed 003's BEFORE_PROMPT) — none for a
    // prompt that asks nothing (issue 24: "yes", "continue" and command templates get nothing).
    if (opts.withGraph === false || asksNothing(prompt)) return memories;
    return this.graph.withPromptLines(prompt, memories, opts);
  }

  /** "Recently in this project": the last few sessions the learner tagged with the project holding `cwd`. */
  recentSessions(cwd: string = this.core.cwd): RecentSession[] {
    const store = this.episodeStore;
    cwd = resolve(cwd);
    // Over a layered brain, the personal brain's sessions here too (those before `brain init --project`).
    const under = this.core.layers?.personal.store.sibling("episodes.jsonl").file;
    if (store.file)
      return recentSessions([...(under ? tailEntries(under) : []), ...tailEntries(store.file)], cwd);
    this.engine.episodes.refresh();
    return recentSessions(
      [...this.engine.episodes.byId.values()].map((r) => r.entry),
      cwd,
    );
  }
}
