import { resolve } from "node:path";
import type { Turn } from "./core/episode.ts";
import { BrainError } from "./core/errors.ts";
import { BrainCore } from "./engine-core.ts";
import type { BrainOptions } from "./engine-options.ts";
import { storeFor } from "./engine-store.ts";
import { SemanticFusion } from "./recall/embeddings/semantic.ts";
import { type EpisodeFilter, isEmptyFilter, selectEpisodes } from "./recall/episode-select.ts";
import type { RecallIndex } from "./recall/index.ts";
import type { IngestOptions, IngestResult } from "./recall/ingest/ingest.ts";
import { type PromptMemories, type PromptMemoryOptions, promptMemories } from "./recall/prompt-memories.ts";
import { Recall, type RecallResult } from "./recall/recall.ts";
import { type RecentSession, recentSessions, tailEntries } from "./recall/recent-sessions.ts";
import { toSearchResult } from "./recall/search.ts";
import { isKind, type Kind, type Recalled, type SearchOptions, type SearchResult } from "./recall/types.ts";
import { EpisodeLog } from "./store/episode-log.ts";

export interface ForgetResult {
  forgotten: number;
  /** Ids of the episodes forgotten (or that would be, on a dry run). */
  ids: string[];
  /** The episodes themselves (what was removed, for the caller to show). */
  episodes: Record<string, unknown>[];
  dryRun: boolean;
}

/**
 * The engine's recall layer: the relevance index over entries and episodes, search, and the memories that go
 * with a prompt (what a prompt hook needs, without context assembly; see src/engine.ts for the full `Brain`).
 */
export class BrainRecall extends BrainCore {
  #recall: Recall | null = null;

  static override open(opts: BrainOptions = {}): BrainRecall {
    return new BrainRecall(storeFor(opts), opts).start(opts);
  }

  /** The recall engine: the episode log and the relevance index (created on first use). */
  get recallEngine(): Recall {
    if (!this.#recall) {
      const store = this.episodeStore ?? this.store.sibling("episodes.jsonl");
      const [brain, episodes] = [this.store.file, store.file];
      const paths = brain && episodes && !this.episodeStore ? { brain, episodes } : null;
      // The index is kept beside the logs when both have derived files (a file store, a team store's local dir).
      const files =
        this.store.derived && store.derived && !this.episodeStore
          ? { brain: this.store.derived, episodes: store.derived }
          : null;
      this.#recall = new Recall(this.store, new EpisodeLog(store), files);
      const embeddings = this.settings.embeddings;
      if (embeddings) this.#recall.semantic = SemanticFusion.fromConfig(embeddings, paths);
    }
    return this.#recall;
  }

  /**
   * Entries relevant to `query`, best first (see src/recall/rank.ts): learnings, preferences and episodes
   * unless `kinds` says otherwise.
   */
  recall(query: string, opts: { cwd?: string; kinds?: readonly Kind[] } = {}): Recalled[] {
    this.refresh();
    const kinds = opts.kinds ?? ["learning", "preference", "episode"];
    return this.query(query, kinds, opts.cwd ?? this.cwd).recalled;
  }

  /** Recall against the state as it is (the caller refreshed once for its whole request). */
  protected query(
    query: string,
    kinds: readonly Kind[] | undefined,
    cwd: string,
    depth?: number,
  ): RecallResult {
    return this.recallEngine.query(this.state, this.position, query, {
      ...(kinds ? { kinds } : {}),
      ...(depth ? { depth } : {}),
      cwd,
      nowMs: this.now().getTime(),
    });
  }

  /**
   * Import a conversation transcript as episodes (episodes.jsonl; never brain.jsonl). Formats: Claude Code
   * and pi session JSONL, OpenAI messages, LoCoMo, generic JSONL (detected, or `format`). Idempotent: ids
   * derive from session + turn, so importing a file twice adds nothing. The relevance index is updated.
   */
  async ingest(path: string, opts: IngestOptions = {}): Promise<IngestResult> {
    const { appendTranscript } = await import("./recall/ingest/append.ts");
    const redact = this.settings.secrets !== "allow";
    const r = await appendTranscript(this.recallEngine.episodes, path, this.now(), opts, redact);
    this.refresh();
    this.recallEngine.sync(this.state, this.position);
    this.recallEngine.save(true);
    return r;
  }

  /**
   * Append parsed turns as episodes (the learner's path: a transcript's new bytes, already parsed), with
   * `extra` fields on each (e.g. `project`); idempotent like `ingest`. The relevance index is updated.
   */
  async ingestTurns(
    turns: Turn[],
    source: string,
    extra: Record<string, string> = {},
  ): Promise<{ added: number; existing: number; redacted: number }> {
    const { appendTurns } = await import("./recall/ingest/append.ts");
    const redactSecrets = this.settings.secrets !== "allow";
    const r = await appendTurns(this.recallEngine.episodes, turns, source, this.now(), {
      redactSecrets,
      extra,
    });
    this.refresh();
    this.recallEngine.sync(this.state, this.position);
    this.recallEngine.save(true);
    return r;
  }

  /**
   * Forget episodes: one turn, a session, a project's, or everything before a date (fields combine). Each is
   * tombstoned in episodes.jsonl (one locked append) and leaves search, recall, prompts and `get` at once;
   * the relevance index is rebuilt without it. `dryRun` says what would go and writes nothing.
   */
  forgetEpisodes(opts: EpisodeFilter & { dryRun?: boolean }): ForgetResult {
    const { dryRun = false, ...filter } = opts;
    if (isEmptyFilter(filter))
      throw new BrainError(
        "INVALID",
        "forget needs session, turn, before or project (it never forgets everything)",
      );
    const created = this.now().toISOString();
    const recs = this.recallEngine.episodes.forget(
      (log) => selectEpisodes(log, filter),
      (rec) => ({
        id: this.randomHex(4),
        type: "tombstone",
        target_id: rec.id,
        target_type: "episode",
        reason: "forget",
        created,
      }),
      dryRun,
    );
    if (!dryRun && recs.length > 0) {
      this.refresh();
      this.recallEngine.sync(this.state, this.position);
      this.recallEngine.save(true);
    }
    const ids = recs.map((r) => r.id);
    return { forgotten: ids.length, ids, episodes: recs.map((r) => r.entry), dryRun };
  }

  /** Episodes matching `filter` in log order, paged: what `brain list type=episode` shows. */
  listEpisodes(filter: EpisodeFilter = {}, page: { limit?: number; offset?: number } = {}) {
    const log = this.recallEngine.episodes;
    log.refresh();
    const all = selectEpisodes(log, filter);
    const offset = page.offset ?? 0;
    const shown = all.slice(offset, offset + (page.limit ?? 100));
    return { total: all.length, offset, episodes: shown.map((r) => r.entry) };
  }

  /** Search every entry type and episodes (or `types`) in the relevance index, best match first. */
  search(query: string, opts: SearchOptions = {}): SearchResult {
    this.refresh();
    const found = this.query(query, opts.types?.filter(isKind), opts.cwd ?? this.cwd, opts.depth);
    return toSearchResult(query, found, opts);
  }

  /**
   * The memories that go with a user's prompt (what the Claude Code hook, the pi extension and MCP put
   * beside it): a few strong matches among learnings, preferences, project context, tasks and episodes above a
   * relevance floor measured against the prompt (src/recall/relevance.ts), one line each.
   */
  promptMemories(prompt: string, opts: PromptMemoryOptions = {}): PromptMemories {
    let index: RecallIndex | undefined;
    return promptMemories(
      prompt,
      {
        search: (q, o) => this.search(q, o),
        // The index as `search` left it (synced once for the whole prompt, not once per term).
        weight: (t) => {
          index ??= this.recallEngine.sync(this.state, this.position);
          return index.informativeness(t);
        },
        shortId: (id) => this.state.shortIds().short(id),
      },
      opts,
    );
  }

  /**
   * "Recently in this project": the last few sessions whose episodes the learner tagged with the project
   * holding `cwd`, one line each (src/recall/recent-sessions.ts). Reads only the end of episodes.jsonl.
   */
  recentSessions(cwd: string = this.cwd): RecentSession[] {
    const store = this.episodeStore ?? this.store.sibling("episodes.jsonl");
    cwd = resolve(cwd);
    if (store.file) return recentSessions(tailEntries(store.file), cwd);
    this.recallEngine.episodes.refresh();
    return recentSessions(
      [...this.recallEngine.episodes.byId.values()].map((r) => r.entry),
      cwd,
    );
  }

  protected override saveDerived(force: boolean): void {
    this.#recall?.save(force);
  }

  protected override caughtUp(): void {
    this.#recall?.sync(this.state, this.position);
  }

  protected override dropDerived(): void {
    this.#recall = null;
  }
}
