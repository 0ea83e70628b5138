import type { BrainFile } from "../brainfiles/read.ts";
import type { WriteResult } from "../brainfiles/write.ts";
import type { Settings } from "../config.ts";
import type { ContextRequest, ContextResult, UsedPath } from "../context/build.ts";
import type { ActionResult } from "../core/actions.ts";
import type { Health } from "../core/health.ts";
import type { Heartbeat } from "../core/heartbeat.ts";
import { WORDS } from "../core/lazy-regexp.ts";
import type { MigrationStats } from "../core/migrate.ts";
import type { Params } from "../core/params.ts";
import type { RhoPromptResult } from "../core/prompt-rho.ts";
import type { Rec } from "../core/rec.ts";
import type { InboxItem } from "../learn/inbox.ts";
import type { InboxDecision } from "../learn/inbox-actions.ts";
import type { QueuedWork } from "../learn/queue.ts";
import type { RecentPath } from "../project/recent.ts";
import type { Rule } from "../project/rules.ts";
import type { EpisodeFilter } from "../recall/episode-select.ts";
import type { IngestOptions, IngestResult } from "../recall/ingest/ingest.ts";
import type { PromptMemories, PromptMemoryOptions } from "../recall/prompt-memories.ts";
import type { Recall } from "../recall/recall.ts";
import type { RecentSession } from "../recall/recent-sessions.ts";
import type { Kind, Recalled, SearchOptions, SearchResult } from "../recall/types.ts";
import type {
  CompactReport,
  EventStore,
  LockStatus,
  RepairOptions,
  RepairReport,
} from "../store/event-store.ts";
import type { Position } from "../store/scan.ts";
import { ContextFacet } from "./context.ts";
import { BrainCore } from "./core.ts";
import type { GraphFacet } from "./graph.ts";
import { ImproveFacet } from "./improve.ts";
import { MindFacet, type MindOptions } from "./mind.ts";
import { storeFor } from "./open-store.ts";
import type { BrainOptions } from "./options.ts";
import { type ForgetResult, RecallFacet } from "./recall.ts";

export type { Position } from "../store/scan.ts";
export type { BrainOptions } from "./options.ts";
export type { ForgetResult } from "./recall.ts";

/**
 * The composition root every surface calls: the core (the fold of brain.jsonl, the write gate, the registered
 * projections; src/engine/core.ts) with its facets — recall (episodes, the relevance index, search, prompt
 * memories; recall.ts) and context (assembly under the budget, brain files, project rules, the learner's inbox
 * and queue; context.ts) — behind one API. Each facet is built on first use and registers what it derives with
 * the core, so refresh, persist, repair and follow reach it without the root knowing what it is.
 */
export class Brain {
  readonly core: BrainCore;
  #recall: RecallFacet | undefined;
  #context: ContextFacet | undefined;
  #mind: MindFacet | undefined;
  readonly #mindOptions: MindOptions;
  #improve: ImproveFacet | undefined;

  constructor(core: BrainCore, opts: { mind?: MindOptions } = {}) {
    this.core = core;
    this.#mindOptions = opts.mind ?? {};
  }

  static open(opts: BrainOptions & { mind?: MindOptions } = {}): Brain {
    return new Brain(new BrainCore(storeFor(opts), opts).start(opts), opts);
  }

  /** The agent's own mind: goals, plan, self, affect, thoughts, what it explored (src/engine/mind.ts). */
  get mind(): MindFacet {
    this.#mind ??= new MindFacet(this.core, this.#mindOptions, {
      touch: (kind, ref, session) => this.graph.touch(kind, ref, session),
      associations: (topic) => this.#associations(topic),
    });
    return this.#mind;
  }

  /**
   * The graph's strongest neighbours of what the agent is after (the topic, its word pairs and words, as the
   * graph resolves them); none when nothing there is known — only from a graph at hand (loaded here, or small): a decision never
   * waits for a large graph's load.
   */
  #associations(topic: string): string[] {
    const g = this.graph;
    if (!g.atHand) return [];
    const lower = topic.toLowerCase();
    const words = lower.match(WORDS.word3.for(lower))?.slice(0, 12) ?? [];
    const asks = [topic, ...words.slice(1).map((w, i) => `${words[i]} ${w}`), ...words].filter(Boolean);
    const near = new Map<string, number>();
    for (const q of asks)
      for (const n of g.neighbours(q, { limit: 5 })?.neighbours ?? []) {
        const title = n.title.length > 60 ? `${n.title.slice(0, 59)}…` : n.title;
        if (!words.includes(title.toLowerCase())) near.set(title, Math.max(near.get(title) ?? 0, n.link));
      }
    const best = [...near].sort((a, b) => b[1] - a[1]).map(([t]) => t);
    return best.slice(0, 5);
  }

  /** The recall facet (built on first use). */
  get recallFacet(): RecallFacet {
    this.#recall ??= new RecallFacet(this.core);
    return this.#recall;
  }

  /** The improve facet: the feedback ledger, the improvement cycle, the review queue (built on first use). */
  get improve(): ImproveFacet {
    this.#improve ??= new ImproveFacet(this);
    return this.#improve;
  }

  get #ctx(): ContextFacet {
    this.#context ??= new ContextFacet(this.core, this.recallFacet, () =>
      this.core.home ? this.mind : null,
    );
    return this.#context;
  }

  // ── the core ──
  get store(): EventStore {
    return this.core.store;
  }
  get settings(): Settings {
    return this.core.settings;
  }
  get cwd(): string {
    return this.core.cwd;
  }
  get now(): () => Date {
    return this.core.now;
  }
  get state() {
    return this.core.state;
  }
  get position(): Position {
    return this.core.position;
  }
  get brainDir(): string | null {
    return this.core.brainDir;
  }
  /** How the fold was loaded, for benchmarks and `brain doctor`. */
  get loadedFrom(): "snapshot" | "log" {
    return this.core.folded.loadedFrom;
  }
  get snapshotStatus(): string {
    return this.core.folded.snapshotStatus;
  }
  get reloads(): number {
    return this.core.folded.reloads;
  }
  refresh(): { linesRead: number } {
    return this.core.refresh();
  }
  follow(onChange?: () => void): (() => void) | null {
    return this.core.follow(onChange);
  }
  health(): Health {
    return this.core.health();
  }
  recordsSince(from: Position): { recs: Rec[]; end: Position } {
    return this.core.recordsSince(from);
  }
  act(params: Params): Promise<ActionResult> {
    return this.core.act(params);
  }
  restore(entry: Record<string, unknown>): Promise<ActionResult> {
    return this.core.restore(entry);
  }
  lastRemoved(id: string): Record<string, unknown> | undefined {
    return this.core.lastRemoved(id);
  }
  stats(): string {
    return this.core.stats();
  }
  heartbeat(): Heartbeat & { text: string } {
    return this.core.heartbeat();
  }
  writeBrainFile(
    name: string,
    text: string,
    opts: { replace?: boolean; cleanupIntent?: string } = {},
  ): Promise<WriteResult> {
    return this.core.writeBrainFile(name, text, opts);
  }
  migrate(): Promise<{ stats: MigrationStats; files: string[] } | null> {
    return this.core.migrate();
  }
  compact(): CompactReport {
    return this.core.compact();
  }
  repair(opts: RepairOptions = {}): RepairReport {
    return this.core.repair(opts);
  }
  lockStatus(): LockStatus {
    return this.core.lockStatus();
  }
  close(): void {
    this.core.close();
  }
  persist(force = false): boolean {
    return this.core.persist(force);
  }

  // ── the association graph (src/engine/graph.ts) ──
  get graph(): GraphFacet {
    return this.recallFacet.graph;
  }
  /**
   * The settings the resident server re-reads when the settings file changes (seed 002 reads `autoContext`
   * on every request): the hubs block's switch and the graph's limits (new limits: the graph is rebuilt).
   */
  reloadSettings(s: Pick<Settings, "autoContext" | "graph">): void {
    const before = JSON.stringify(this.graph.settings.graph);
    this.core.settings.autoContext = s.autoContext;
    this.core.settings.graph = s.graph;
    if (JSON.stringify(this.graph.settings.graph) !== before) this.graph.reset();
  }

  // ── recall ──
  get recallEngine(): Recall {
    return this.recallFacet.engine;
  }
  recall(query: string, opts: { cwd?: string; kinds?: readonly Kind[] } = {}): Recalled[] {
    return this.recallFacet.recall(query, opts);
  }
  ingest(path: string, opts: IngestOptions = {}): Promise<IngestResult> {
    return this.recallFacet.ingest(path, opts);
  }
  ingestTurns(
    turns: Parameters<RecallFacet["ingestTurns"]>[0],
    source: string,
    extra?: Record<string, string>,
  ) {
    return this.recallFacet.ingestTurns(turns, source, extra);
  }
  /** Forget episodes; in a project's brain, the personal brain's too (src/engine/layered.ts). */
  async forgetEpisodes(opts: EpisodeFilter & { dryRun?: boolean }): Promise<ForgetResult> {
    const here = await this.recallFacet.forgetEpisodes(opts);
    const under = this.core.layers?.personal;
    if (!under) return here;
    const there = await new Brain(under).recallFacet.forgetEpisodes(opts);
    return {
      forgotten: here.forgotten + there.forgotten,
      ids: [...here.ids, ...there.ids],
      episodes: [...here.episodes, ...there.episodes],
      dryRun: here.dryRun,
    };
  }
  listEpisodes(filter: EpisodeFilter = {}, page: { limit?: number; offset?: number } = {}) {
    return this.recallFacet.listEpisodes(filter, page);
  }
  search(query: string, opts: SearchOptions = {}): SearchResult {
    return this.recallFacet.search(query, opts);
  }
  promptMemories(prompt: string, opts: PromptMemoryOptions = {}): PromptMemories {
    return this.recallFacet.promptMemories(prompt, opts);
  }
  recentSessions(cwd?: string): RecentSession[] {
    return this.recallFacet.recentSessions(cwd);
  }

  // ── context ──
  /** The assembled context: ordered blocks under a hard token cap. A read: it writes nothing. */
  context(req: Partial<ContextRequest> = {}): ContextResult {
    return this.#ctx.context(req);
  }
  recordRecent(used: UsedPath[]): RecentPath[] {
    return this.#ctx.recordRecent(used);
  }
  listBrainFiles(): BrainFile[] {
    return this.#ctx.listBrainFiles();
  }
  loadBrainFile(name: string): BrainFile {
    return this.#ctx.loadBrainFile(name);
  }
  loadRule(path: string, cwd?: string): Rule {
    return this.#ctx.loadRule(path, cwd);
  }
  writeTemplates(): string[] {
    return this.#ctx.writeTemplates();
  }
  historyEvents(): readonly Rec[] {
    return this.#ctx.historyEvents();
  }
  rhoPrompt(opts: { cwd?: string; budget?: number } = {}): RhoPromptResult {
    return this.#ctx.rhoPrompt(opts);
  }
  queueExtraction(work: QueuedWork[]): string | null {
    return this.#ctx.queueExtraction(work);
  }
  inbox(opts: { all?: boolean } = {}): Promise<InboxItem[]> {
    return this.#ctx.inbox(opts);
  }
  inboxAccept(id: string): Promise<InboxDecision> {
    return this.#ctx.inboxAccept(id);
  }
  inboxReject(id: string): Promise<InboxDecision> {
    return this.#ctx.inboxReject(id);
  }
  inboxEdit(id: string, text: string): Promise<InboxDecision> {
    return this.#ctx.inboxEdit(id, text);
  }
}
