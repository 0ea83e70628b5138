import { type BrainFile, listBrainFiles, loadBrainFile } from "./brainfiles/read.ts";
import { writeTemplates } from "./brainfiles/templates.ts";
import { buildContext, type ContextRequest, type ContextResult, type UsedPath } from "./context/build.ts";
import { BrainError } from "./core/errors.ts";
import { type RhoPromptResult, renderRhoPrompt } from "./core/prompt-rho.ts";
import type { Rec } from "./core/rec.ts";
import type { BrainOptions } from "./engine-options.ts";
import { BrainRecall } from "./engine-recall.ts";
import { storeFor } from "./engine-store.ts";
import type { InboxItem } from "./learn/inbox.ts";
import type { InboxDecision } from "./learn/inbox-actions.ts";
import { enqueue, type QueuedWork } from "./learn/queue.ts";
import { type RecentPath, rememberPaths } from "./project/recent.ts";
import { findRule, type Rule } from "./project/rules.ts";
import { START } from "./store/event-store.ts";
import type { Position } from "./store/scan.ts";

export type { BrainOptions } from "./engine-options.ts";

/**
 * The composition root every surface calls: one brain log, folded incrementally, behind one API. Built in
 * layers, each its own module so a command loads only what it uses: the core (src/engine-core.ts: fold,
 * writes, counts, maintenance), recall (src/engine-recall.ts: index, search, prompt memories) and, here,
 * context assembly, brain files and project rules.
 */
export class Brain extends BrainRecall {
  #history: { generation: string; pos: Position; recs: Rec[] } | undefined;

  static override open(opts: BrainOptions = {}): Brain {
    return new Brain(storeFor(opts), opts).start(opts);
  }

  /**
   * The assembled context: ordered blocks under a hard token cap (see src/context/build.ts). A read: it
   * writes nothing; pass `result.used` to `recordRecent` to remember the paths it used.
   */
  context(req: Partial<ContextRequest> = {}): ContextResult {
    this.refresh();
    const cwd = req.cwd ?? this.cwd;
    // With a query, learnings and episodes fill their budget by relevance (src/context/sources/recall.ts).
    const recalled = req.query?.trim() ? this.query(req.query, ["learning", "episode"], cwd).recalled : null;
    // At session start (no query): the last few sessions in this project (a volatile block).
    const sessions = recalled ? [] : this.recentSessions(cwd);
    return buildContext(
      this.state,
      {
        ...req,
        cwd,
        budget: req.budget ?? this.settings.promptBudget,
        fileBudget: req.fileBudget ?? this.settings.brainFileBudget,
      },
      {
        brainDir: this.brainDir,
        now: this.now(),
        recalled,
        ...(recalled ? { termWeight: (t: string) => this.recallEngine.termWeight(t) } : {}),
        sessions,
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

  /** Queue transcripts or messages for extraction (`.brain/transcripts.jsonl`; file-backed brains only). */
  queueExtraction(work: QueuedWork[]): string | null {
    const path = this.store.file ?? this.learnPath;
    return path ? enqueue(path, work) : null;
  }

  /** Pending candidates of the model-free learner (`.brain/inbox.jsonl`), or every item with `all`. */
  async inbox(opts: { all?: boolean } = {}): Promise<InboxItem[]> {
    const { inboxItems } = await import("./learn/inbox-actions.ts");
    return inboxItems(this.#learnPath(), opts);
  }

  /** Store a pending inbox candidate as a memory (source "auto"; a near-duplicate reinforces instead). */
  async inboxAccept(id: string): Promise<InboxDecision> {
    const { acceptItem } = await import("./learn/inbox-actions.ts");
    return acceptItem(this, this.#learnPath(), id);
  }

  async inboxReject(id: string): Promise<InboxDecision> {
    const { rejectItem } = await import("./learn/inbox-actions.ts");
    return rejectItem(this.#learnPath(), id, this.now());
  }

  /** Change a pending candidate's text before accepting it. */
  async inboxEdit(id: string, text: string): Promise<InboxDecision> {
    const { editItem } = await import("./learn/inbox-actions.ts");
    return editItem(this.#learnPath(), id, text, this.now());
  }

  #learnPath(): string {
    const path = this.store.file ?? this.learnPath;
    if (!path) throw new BrainError("INVALID", "the inbox needs a file-backed brain");
    return path;
  }

  /** Write brain-file templates that do not exist yet (never overwrites). */
  writeTemplates(): string[] {
    return this.brainDir ? writeTemplates(this.brainDir) : [];
  }

  /**
   * Every record of the log in order, for history (src/core/history.ts), read with `recordsSince` like the
   * event stream. Kept between calls: a later call reads only what was appended, and starts over when the log
   * was replaced (compaction, restore).
   */
  historyEvents(): readonly Rec[] {
    const id = this.store.identity();
    let h = this.#history;
    if (!h || h.generation !== id.generation || id.size < h.pos.offset) {
      h = { generation: id.generation, pos: START, recs: [] };
      this.#history = h;
    }
    const next = this.recordsSince(h.pos);
    for (const rec of next.recs) h.recs.push(rec);
    h.pos = next.end;
    return h.recs;
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
}
