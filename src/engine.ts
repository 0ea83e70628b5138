import { createHash, randomBytes } from "node:crypto";
import { type BrainFile, listBrainFiles, loadBrainFile } from "./brainfiles/read.ts";
import { writeTemplates } from "./brainfiles/templates.ts";
import { type WriteResult, writeBrainFile } from "./brainfiles/write.ts";
import { DEFAULT_SETTINGS, type Settings } from "./config.ts";
import { buildContext, type ContextRequest, type ContextResult, type UsedPath } from "./context/build.ts";
import { type ActionResult, isAction, plan, writes } from "./core/actions.ts";
import { defaultBrain } from "./core/defaults.ts";
import type { Turn } from "./core/episode.ts";
import { BrainError } from "./core/errors.ts";
import { FoldView, type Health } from "./core/health.ts";
import { formatHeartbeat, type Heartbeat, heartbeat } from "./core/heartbeat.ts";
import type { RandomHex, Sha256Hex } from "./core/ids.ts";
import { alreadyMigrated, type MigrationStats, planMigration } from "./core/migrate.ts";
import { coerceParams, type Params } from "./core/params.ts";
import { type RhoPromptResult, renderRhoPrompt } from "./core/prompt-rho.ts";
import { statsLine } from "./core/stats.ts";
import type { BaseEntry } from "./core/types.ts";
import type { BrainOptions } from "./engine-options.ts";
import { guardText, guardWrite } from "./guards/write-guard.ts";
import { enqueue, type QueuedWork } from "./learn/queue.ts";
import { type RecentPath, rememberPaths } from "./project/recent.ts";
import { findRule, type Rule } from "./project/rules.ts";
import { SemanticFusion } from "./recall/embeddings/semantic.ts";
import type { IngestOptions, IngestResult } from "./recall/ingest/ingest.ts";
import { type PromptMemories, type PromptMemoryOptions, promptMemories } from "./recall/prompt-memories.ts";
import { Recall, type RecallResult } from "./recall/recall.ts";
import { toSearchResult } from "./recall/search.ts";
import type { Recalled } from "./recall/types.ts";
import { isKind, type Kind, type SearchOptions, type SearchResult } from "./recall/types.ts";
import { EpisodeLog } from "./store/episode-log.ts";
import {
  type CompactReport,
  type EventStore,
  type LockStatus,
  type RepairReport,
  START,
} from "./store/event-store.ts";
import { JsonlFileStore } from "./store/jsonl/file-store.ts";
import { readLegacyFiles } from "./store/legacy-files.ts";
import type { Position } from "./store/scan.ts";

export type { BrainOptions } from "./engine-options.ts";

const sha256: Sha256Hex = (s) => createHash("sha256").update(s).digest("hex");
const realRandom: RandomHex = (n) => randomBytes(n).toString("hex");
/**
 * Write-path modules, loaded on first use and then kept: an `import()` per write resolves the specifier
 * again every time (through the loader hooks, when there are any), which was most of a write's latency.
 */
let schemaModule: Promise<typeof import("./core/schema.ts")> | undefined;
const loadSchema = () => {
  schemaModule ??= import("./core/schema.ts");
  return schemaModule;
};
/** Save a new snapshot once this many lines were parsed beyond the last one. */
const SNAPSHOT_AFTER_LINES = 2000;

/** The composition root every surface calls: one brain log, folded incrementally, behind one API. */
export class Brain {
  readonly store: EventStore;
  readonly settings: Settings;
  readonly cwd: string;
  readonly now: () => Date;
  readonly #random: RandomHex;
  readonly #useSnapshot: boolean;
  #view = new FoldView();
  #pos: Position = START;
  #tornTail: { line: number; text: string } | null = null;
  #linesSinceSnapshot = 0;
  #generation: string | undefined;
  readonly #episodeStore: EventStore | undefined;
  #recall: Recall | null = null;
  /** Times the log was found replaced and re-read from the start. */
  reloads = 0;
  /** How the state was loaded, for benchmarks and `brain doctor`. */
  loadedFrom: "snapshot" | "log" = "log";
  snapshotStatus = "disabled";

  private constructor(store: EventStore, opts: BrainOptions) {
    this.store = store;
    this.settings = { ...DEFAULT_SETTINGS, ...opts.settings };
    this.cwd = opts.cwd ?? process.cwd();
    this.now = opts.now ?? (() => new Date());
    this.#random = opts.random ?? realRandom;
    this.#episodeStore = opts.episodes;
    this.#useSnapshot = (opts.snapshot ?? true) && store.snapshots !== undefined;
  }

  static open(opts: BrainOptions = {}): Brain {
    const store =
      opts.store ??
      new JsonlFileStore(opts.path ?? required("path or store"), {
        ...(opts.fsync !== undefined ? { fsync: opts.fsync } : {}),
        ...(opts.lockTimeoutMs !== undefined ? { lockTimeoutMs: opts.lockTimeoutMs } : {}),
      });
    const brain = new Brain(store, opts);
    if (opts.seedDefault ?? true) {
      store.createIfMissing(defaultBrain(brain.now()).map((e) => JSON.stringify(e)));
    }
    brain.#load();
    return brain;
  }

  #load(): void {
    if (this.#useSnapshot && this.store.snapshots) {
      const snap = this.store.snapshots.load();
      this.snapshotStatus = snap.ok ? "loaded" : snap.reason;
      if (snap.ok) {
        this.#view = snap.view;
        this.#pos = snap.position;
        this.#generation = snap.generation;
        this.loadedFrom = "snapshot";
      }
    }
    this.refresh();
  }

  /**
   * Read whatever was appended since the last read (by any process) and fold it in. If the log was
   * replaced (compaction, restore) or shrank, the fold starts over from the new file.
   */
  refresh(): { linesRead: number } {
    const id = this.store.identity();
    if (
      this.#generation !== undefined &&
      (id.generation !== this.#generation || id.size < this.#pos.offset)
    ) {
      this.#view = new FoldView();
      this.#pos = START;
      this.loadedFrom = "log";
      this.reloads++;
    }
    this.#generation = id.generation;
    const r = this.store.scan(this.#pos, this.#view);
    this.#pos = r.end;
    this.#tornTail = r.tornTail ? { line: r.tornTail.line, text: r.tornTail.text } : null;
    this.#linesSinceSnapshot += r.linesRead;
    return { linesRead: r.linesRead };
  }

  get state() {
    return this.#view.state;
  }

  health(): Health {
    const shared = this.state.sharedIds().flatMap(({ id, records }) =>
      records.slice(1).map((r) => ({
        line: r.line,
        message: `id "${id}" is also used by a live ${records[0]?.type} (line ${records[0]?.line})`,
      })),
    );
    const h = this.#view.health;
    return {
      ...h,
      warnings: [...h.warnings, ...shared].sort((a, b) => a.line - b.line),
      truncatedTail: this.#tornTail !== null,
      tornTail: this.#tornTail,
    };
  }

  get position(): Position {
    return this.#pos;
  }

  /** The seed's `brain` tool: add | update | remove | list | decay | task_done | task_clear | reminder_run. */
  async act(params: Params): Promise<ActionResult> {
    const raw = { ...params };
    // Guard the values as given: coercion lower-cases tags, which hides an AWS key id or a PEM header.
    const a = raw.action;
    if (a === "add" || a === "update" || a === "remove" || a === "reminder_run")
      await guardWrite(raw, this.settings);
    const p = coerceParams(raw);
    const action = p.action;
    if (!isAction(action) || !writes(action)) {
      this.refresh();
      return plan(
        p,
        this.#env((e) => e as BaseEntry),
      ).result;
    }
    const { validateEntry } = await loadSchema();
    // Work that grows with the brain happens before the lock; under it we only read the tail and append.
    if (action === "add") this.state.dedupIndex();
    if (action === "decay") for (const r of this.state.list("learning")) void r.entry;
    return this.store.withLock(() => {
      this.refresh();
      const pl = plan(p, this.#env(validateEntry));
      if (pl.append.length > 0) {
        this.store.append(pl.append.map((e) => JSON.stringify(e)));
        this.refresh();
      }
      return pl.result;
    }, action);
  }

  #env(validate: (e: Record<string, unknown>) => BaseEntry) {
    return {
      state: this.state,
      now: this.now(),
      sha256,
      random: this.#random,
      cwd: this.cwd,
      decayAfterDays: this.settings.decayAfterDays,
      decayMinScore: this.settings.decayMinScore,
      validate,
    };
  }

  stats(): string {
    this.refresh();
    return statsLine(this.state);
  }

  heartbeat(): Heartbeat & { text: string } {
    this.refresh();
    const h = heartbeat(this.state, this.now());
    return { ...h, text: formatHeartbeat(h) };
  }

  /** Directory of brain files (beside brain.jsonl); null for a store without a directory. */
  get brainDir(): string | null {
    return this.store.dir;
  }

  /**
   * The assembled context: ordered blocks under a hard token cap (see src/context/build.ts). A read: it
   * writes nothing; pass `result.used` to `recordRecent` to remember the paths it used.
   */
  context(req: Partial<ContextRequest> = {}): ContextResult {
    this.refresh();
    const cwd = req.cwd ?? this.cwd;
    // With a query, learnings and episodes fill their budget by relevance (src/context/sources/recall.ts).
    const recalled = req.query?.trim() ? this.#query(req.query, ["learning", "episode"], cwd).recalled : null;
    return buildContext(
      this.state,
      { ...req, cwd, budget: req.budget ?? this.settings.promptBudget },
      {
        brainDir: this.brainDir,
        now: this.now(),
        recalled,
        ...(recalled ? { termWeight: (t: string) => this.recallEngine.termWeight(t) } : {}),
      },
    );
  }

  /**
   * Remember paths a context used (files worked on, rules attached) in `.brain/recent.json`, so a context
   * built after a compaction (`recover`) can bring them back. Returns the recent list; no-op without a directory.
   */
  recordRecent(used: UsedPath[]): RecentPath[] {
    if (!this.brainDir || used.length === 0) return [];
    return rememberPaths(this.brainDir, used, this.now());
  }

  /** The recall engine: the episode log and the relevance index (created on first use). */
  get recallEngine(): Recall {
    if (!this.#recall) {
      const store = this.#episodeStore ?? this.store.sibling("episodes.jsonl");
      const [brain, episodes] = [this.store.file, store.file];
      const paths = brain && episodes && !this.#episodeStore ? { brain, episodes } : null;
      this.#recall = new Recall(this.store, new EpisodeLog(store), paths);
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
    return this.#query(query, kinds, opts.cwd ?? this.cwd).recalled;
  }

  /** Recall against the state as it is (the caller refreshed once for its whole request). */
  #query(query: string, kinds: readonly Kind[] | undefined, cwd: string): RecallResult {
    return this.recallEngine.query(this.state, this.#pos, query, {
      ...(kinds ? { kinds } : {}),
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
    this.recallEngine.sync(this.state, this.#pos);
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
    this.recallEngine.sync(this.state, this.#pos);
    this.recallEngine.save(true);
    return r;
  }

  listBrainFiles(): BrainFile[] {
    return this.brainDir ? listBrainFiles(this.brainDir) : [];
  }

  /** `load_brain_file`: a brain file by name (no paths; symlinks leading outside are refused). */
  loadBrainFile(name: string): BrainFile {
    if (!this.brainDir) throw new BrainError("NOT_FOUND", "this brain has no directory of brain files");
    return loadBrainFile(this.brainDir, name);
  }

  /**
   * A project rule file discovered for `cwd` (as listed under "Available context files"), by its path
   * relative to the repository root; only discovered rule files can be read this way.
   */
  loadRule(path: string, cwd: string = this.cwd): Rule {
    return findRule(cwd, path);
  }

  /** Search every entry type and episodes (or `types`) in the relevance index, best match first. */
  search(query: string, opts: SearchOptions = {}): SearchResult {
    this.refresh();
    return toSearchResult(query, this.#query(query, opts.types?.filter(isKind), this.cwd), opts);
  }

  /**
   * The memories that go with a user's prompt (what the Claude Code hook, the pi extension and MCP put
   * beside it): a few strong matches among learnings, preferences, project context and tasks, one line each.
   */
  promptMemories(prompt: string, opts: PromptMemoryOptions = {}): PromptMemories {
    return promptMemories(prompt, (q, o) => this.search(q, o), opts);
  }

  /** Queue transcripts or messages for extraction (`.brain/transcripts.jsonl`; file-backed brains only). */
  queueExtraction(work: QueuedWork[]): string | null {
    return this.store.file ? enqueue(this.store.file, work) : null;
  }

  /** Append to a brain file (secrets guarded); replacing content needs `cleanupIntent` and keeps a backup. */
  async writeBrainFile(
    name: string,
    text: string,
    opts: { replace?: boolean; cleanupIntent?: string } = {},
  ): Promise<WriteResult> {
    if (!this.brainDir) throw new BrainError("INVALID", "this brain has no directory of brain files");
    const safe = await guardText("text", text, this.settings);
    return writeBrainFile(this.brainDir, name, safe, { ...opts, now: this.now() });
  }

  /** Write brain-file templates that do not exist yet (never overwrites). */
  writeTemplates(): string[] {
    return this.brainDir ? writeTemplates(this.brainDir) : [];
  }

  /** Rho's brain prompt for a working directory (the `--compat rho` rendering). */
  rhoPrompt(opts: { cwd?: string; budget?: number } = {}): RhoPromptResult {
    this.refresh();
    return renderRhoPrompt(
      this.state,
      opts.cwd ?? this.cwd,
      this.now().getTime(),
      opts.budget ?? this.settings.promptBudget,
    );
  }

  /**
   * Import a pre-2026 Rho install (core.jsonl, memory.jsonl, context.jsonl beside brain.jsonl, tasks.jsonl one
   * level up). Legacy files are read, never modified. Returns null when already migrated or nothing to do.
   */
  async migrate(): Promise<{ stats: MigrationStats; files: string[] } | null> {
    if (!this.store.file) throw new BrainError("INVALID", "migration needs a file-backed brain");
    const { legacy, found } = readLegacyFiles(this.store.file);
    this.refresh();
    if (found.length === 0 || alreadyMigrated(this.state)) return null;
    const { validateEntry } = await loadSchema();
    return this.store.withLock(() => {
      this.refresh();
      if (alreadyMigrated(this.state)) return null;
      const { entries, stats } = planMigration(legacy, this.state, this.now(), sha256, this.#random);
      const valid: string[] = [];
      for (const e of entries) {
        try {
          valid.push(JSON.stringify(validateEntry(e)));
        } catch {
          stats.skipped++;
        }
      }
      this.store.append(valid);
      this.refresh();
      return { stats, files: found };
    }, "migrate");
  }

  /** Rewrite the log to its folded state (backup first; temp file + rename). File store only. */
  compact(): CompactReport {
    const m = this.store.maintenance;
    if (!m) throw new BrainError("INVALID", "compaction needs a file-backed brain");
    const report = m.compact(this.now());
    this.refresh();
    this.persist(true);
    return report;
  }

  /** Safe repairs (backup, terminate a torn tail, drop stale lock and snapshot), then re-read. */
  repair(): RepairReport {
    const m = this.store.maintenance;
    if (!m) throw new BrainError("INVALID", "repair needs a file-backed brain");
    const report = m.repair(this.now());
    this.#view = new FoldView();
    this.#pos = START;
    this.#generation = undefined;
    this.#recall = null; // its index file was dropped: rebuilt from the fresh fold below
    this.refresh();
    this.persist(true);
    return report;
  }

  /** The lock file: absent, held, or stale (and why), for `brain doctor`. */
  lockStatus(): LockStatus {
    return this.store.maintenance?.lockStatus() ?? { present: false, stale: false };
  }

  /**
   * The end of a surface's use of this brain (a CLI command, an MCP or pi session): save what is derived
   * (snapshot, recall index) if enough changed. Never throws; the brain stays usable. Surfaces reach it
   * through the lifetime helper (src/lifetime.ts) rather than remembering to call it.
   */
  close(): void {
    this.persist();
  }

  /** Save the fold snapshot (and the recall index) if enough changed since the last save. Never throws. */
  persist(force = false): boolean {
    this.#recall?.save(force);
    const snapshots = this.store.snapshots;
    if (!this.#useSnapshot || !snapshots || this.#generation === undefined) return false;
    if (!force && this.#linesSinceSnapshot < SNAPSHOT_AFTER_LINES) return false;
    try {
      // Saved only if the log is still the one the fold was read from (else a stale view would be trusted).
      const ok = snapshots.save(this.#view, this.#pos, this.#generation);
      if (ok) this.#linesSinceSnapshot = 0;
      return ok;
    } catch {
      return false;
    }
  }
}

function required(what: string): never {
  throw new BrainError("INVALID", `Brain.open needs ${what}`);
}
