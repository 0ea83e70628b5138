import { type BrainFile, listBrainFiles, loadBrainFile } from "../brainfiles/read.ts";
import { writeTemplates } from "../brainfiles/templates.ts";
import { buildContext, type ContextRequest, type ContextResult, type UsedPath } from "../context/build.ts";
import { BrainError } from "../core/errors.ts";
import { type RhoPromptResult, renderRhoPrompt } from "../core/prompt-rho.ts";
import type { Rec } from "../core/rec.ts";
import { HUBS_HEADER, hubLines } from "../graph/hubs.ts";
import { graphSettings } from "../graph/settings.ts";
import type { InboxItem } from "../learn/inbox.ts";
import type { InboxDecision } from "../learn/inbox-actions.ts";
import { enqueue, type QueuedWork } from "../learn/queue.ts";
import { type RecentPath, rememberPaths } from "../project/recent.ts";
import { findRule, type Rule } from "../project/rules.ts";
import { START } from "../store/event-store.ts";
import type { BrainHome } from "../store/home.ts";
import type { Position } from "../store/scan.ts";
import type { BrainCore } from "./core.ts";
import type { MindFacet } from "./mind.ts";
import type { RecallFacet } from "./recall.ts";

/**
 * The context facet: context assembly under the budget (src/context/build.ts), Rho's prompt, brain files and
 * project rules, the history of the log, and the learner's queue and inbox beside it.
 */
export class ContextFacet {
  readonly #core: BrainCore;
  readonly #recall: RecallFacet;
  /** The agent's mind, when this brain has one (its working context joins every context). */
  readonly #mind: () => MindFacet | null;
  #history: { generation: string; pos: Position; recs: Rec[] } | undefined;

  constructor(core: BrainCore, recall: RecallFacet, mind: () => MindFacet | null = () => null) {
    this.#core = core;
    this.#recall = recall;
    this.#mind = mind;
  }

  /**
   * The assembled context: ordered blocks under a hard token cap (see src/context/build.ts). A read: it
   * writes nothing; pass `result.used` to `recordRecent` to remember the paths it used.
   */
  context(req: Partial<ContextRequest> = {}): ContextResult {
    const core = this.#core;
    core.refresh();
    const cwd = req.cwd ?? core.cwd;
    // With a query, learnings and episodes fill their budget by relevance (src/context/sources/recall.ts).
    const gs = graphSettings(core.settings);
    const graph = gs.graph.recall;
    const recalled = req.query?.trim()
      ? this.#recall.query(req.query, ["learning", "episode"], cwd, undefined, { graph }).recalled
      : null;
    // At session start (no query): the last few sessions in this project (a volatile block).
    const sessions = recalled ? [] : this.#recall.recentSessions(cwd);
    const mind = this.#mind();
    const working = mind?.exists
      ? mind.workingContext({
          ...(req.query ? { query: req.query } : {}),
          ...(req.session ? { session: req.session } : {}),
        })
      : undefined;
    return buildContext(
      core.state,
      {
        ...req,
        cwd,
        budget: req.budget ?? core.settings.promptBudget,
        fileBudget: req.fileBudget ?? core.settings.brainFileBudget,
      },
      {
        brainDir: core.brainDir,
        now: core.now(),
        recalled,
        ...(recalled ? { termWeight: (t: string) => this.#recall.engine.termWeight(t) } : {}),
        sessions,
        ...(working ? { working } : {}),
        ...(gs.autoContext ? { hubs: this.#hubs() } : {}),
      },
    );
  }

  /** Seed 002's hubs block; none when the graph cannot be read (it is derived: the context goes on without it). */
  #hubs(): { header: string; lines: string[] } | undefined {
    if (this.#recall.graph.building) return undefined; // being built in slices (the server's start)
    try {
      return { header: HUBS_HEADER, lines: hubLines(this.#recall.graph.hubs()) };
    } catch {
      return undefined;
    }
  }

  /** Remember paths a context used, so a context built after a compaction (`recover`) can bring them back. */
  recordRecent(used: UsedPath[]): RecentPath[] {
    const dir = this.#core.brainDir;
    if (!dir || used.length === 0) return [];
    return rememberPaths(dir, used, this.#core.now());
  }

  listBrainFiles(): BrainFile[] {
    const dir = this.#core.brainDir;
    return dir ? listBrainFiles(dir) : [];
  }

  /** `load_brain_file`: a brain file by name (no paths; symlinks leading outside are refused). */
  loadBrainFile(name: string): BrainFile {
    const dir = this.#core.brainDir;
    if (!dir) throw new BrainError("NOT_FOUND", "this brain has no directory of brain files");
    return loadBrainFile(dir, name);
  }

  /** A project rule file discovered for `cwd`, by its path relative to the repository root. */
  loadRule(path: string, cwd: string = this.#core.cwd): Rule {
    return findRule(cwd, path);
  }

  /** Write brain-file templates that do not exist yet (never overwrites). */
  writeTemplates(): string[] {
    const dir = this.#core.brainDir;
    return dir ? writeTemplates(dir) : [];
  }

  /**
   * Every record of the log in order, for history, read incrementally: a later call reads only what was
   * appended, and starts over when the log was replaced (compaction, restore, purge).
   */
  historyEvents(): readonly Rec[] {
    const id = this.#core.store.identity();
    let h = this.#history;
    if (!h || h.generation !== id.generation || id.size < h.pos.offset) {
      h = { generation: id.generation, pos: START, recs: [] };
      this.#history = h;
    }
    const next = this.#core.recordsSince(h.pos);
    for (const rec of next.recs) h.recs.push(rec);
    h.pos = next.end;
    return h.recs;
  }

  /** Rho's brain prompt for a working directory (the `--compat rho` rendering). */
  rhoPrompt(opts: { cwd?: string; budget?: number } = {}): RhoPromptResult {
    const core = this.#core;
    core.refresh();
    return renderRhoPrompt(
      core.state,
      opts.cwd ?? core.cwd,
      core.now().getTime(),
      opts.budget ?? core.settings.promptBudget,
    );
  }

  /** Queue transcripts or messages for extraction (brains with a home only). */
  queueExtraction(work: QueuedWork[]): string | null {
    const home = this.#core.home;
    return home ? enqueue(home, work) : null;
  }

  /** Pending candidates of the model-free learner, or every item with `all`. */
  async inbox(opts: { all?: boolean } = {}): Promise<InboxItem[]> {
    const { inboxItems } = await import("../learn/inbox-actions.ts");
    return inboxItems(this.#home(), opts);
  }

  /** Store a pending inbox candidate as a memory (source "auto"; a near-duplicate reinforces instead). */
  async inboxAccept(id: string): Promise<InboxDecision> {
    const { acceptItem } = await import("../learn/inbox-actions.ts");
    return acceptItem(this.#core, this.#home(), id);
  }

  async inboxReject(id: string): Promise<InboxDecision> {
    const { rejectItem } = await import("../learn/inbox-actions.ts");
    return rejectItem(this.#home(), id, this.#core.now());
  }

  /** Change a pending candidate's text before accepting it. */
  async inboxEdit(id: string, text: string): Promise<InboxDecision> {
    const { editItem } = await import("../learn/inbox-actions.ts");
    return editItem(this.#home(), id, text, this.#core.now());
  }

  #home(): BrainHome {
    const home = this.#core.home;
    if (!home) throw new BrainError("INVALID", "the inbox needs a brain with a directory");
    return home;
  }
}
