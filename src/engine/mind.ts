import * as fs from "node:fs";
import type { WorkingContext } from "../context/request.ts";
import { BrainError } from "../core/errors.ts";
import type { ToolEvent } from "../core/tool-event.ts";
import type { Affect } from "../mind/affect.ts";
import { anchorLines } from "../mind/anchors.ts";
import { MIND_CAPS, type MindCaps, type MindLimits, type MindTextLimits, mindLimits } from "../mind/caps.ts";
import {
  type DecisionContext,
  type DecisionOptions,
  decisionContext,
  decisionText,
  lastOf,
} from "../mind/decision.ts";
import { type FeedMemo, toolEventRecords } from "../mind/feed.ts";
import type { Goal, MindState, Plan } from "../mind/fold.ts";
import { herExport, herRecords } from "../mind/her.ts";
import { mindLog } from "../mind/log.ts";
import {
  type ActionInput,
  chatRecords,
  exploredRecords,
  findGoal,
  goalAddRecords,
  planRecords,
  type ReflectInput,
  reflectRecords,
  type Stamp,
  type TickInput,
  tickRecords,
} from "../mind/ops.ts";
import type { MindRecord, Role, Unnumbered } from "../mind/records.ts";
import { foldLog, fullKeep, MindView } from "../mind/view.ts";
import type { BrainHome } from "../store/home.ts";
import type { Log } from "../store/log.ts";
import type { BrainCore } from "./core.ts";
import { MindCompaction } from "./mind-compaction.ts";
import type { Projection } from "./projection.ts";

export type { MindCaps, MindTextLimits } from "../mind/caps.ts";
export type { DecisionContext, DecisionOptions } from "../mind/decision.ts";
export type { FeedMemo } from "../mind/feed.ts";
export type { ActionInput, ReflectInput, TickInput } from "../mind/ops.ts";

/** A library user's limits for the mind (the rest: seed 001's caps). */
export interface MindOptions {
  caps?: Partial<MindCaps>;
  text?: Partial<MindTextLimits>;
}

/**
 * What the mind asks of the association graph (src/engine/graph.ts), given by the brain: a touch for each
 * path or URL explored (seed 001's path and url neurons), and the strongest associations a decision sees.
 */
export interface MindLinks {
  touch?: (kind: "path" | "url", ref: string, session?: string) => void;
  /** The strongest associations around what the agent is after (its query, primary goal, next step). */
  associations?: (topic: string) => string[];
}

/** Where a write came from, when a host fed it (its session and name). */
export interface Origin {
  session?: string;
  host?: string;
}

export interface TickResult {
  tick: number;
  outcome: string;
  affect: Affect;
  plan: Plan | null;
  lastError: string;
}

/**
 * The agent's own mind (seed 001), on the brain's home: goals, plan, self-summary, self-instructions, facts,
 * affect, thoughts, actions, what it explored and its chat — the writes of an agent loop (`tick`, `reflect`,
 * `replan`, `explored`, `chat`, `goal.add/complete`) and what it reads to decide (`decisionContext`). Every
 * write is one locked append to `.brain/mind.jsonl` (src/mind/log.ts); the view it reads is registered as a
 * projection (its snapshot saved at the end of a command, dropped after a purge). The log is compacted to the
 * caps as it grows, out of the writes' hot path (src/engine/mind-compaction.ts): when the event loop turns,
 * at the end of a command or session (`persist`: the CLI, the learner's run, an MCP session) or by
 * `maintain()`; only an overdue log (a loop that never yields) is compacted by the write itself.
 */
export class MindFacet implements Projection {
  readonly name = "mind";
  readonly limits: MindLimits;
  readonly #core: BrainCore;
  readonly #home: BrainHome;
  readonly #log: Log<MindRecord>;
  #view: MindView | null = null;
  readonly #compaction: MindCompaction;

  readonly #links: MindLinks;

  constructor(core: BrainCore, opts: MindOptions = {}, links: MindLinks = {}) {
    this.#links = links;
    if (!core.home) throw new BrainError("INVALID", "the agent's mind needs a brain with a directory");
    this.#core = core;
    this.#home = core.home;
    this.limits = mindLimits(opts);
    // No fsync per tick: a power cut may lose the last ticks, never tear a line (the tool-event log's choice).
    this.#log = mindLog(core.home, { fsync: false });
    this.#compaction = new MindCompaction(
      this.#log,
      this.limits.caps,
      () => (this.exists ? this.state() : null),
      (save) => {
        this.#view?.refresh();
        if (save) this.#view?.save();
      },
    );
    core.projections.register(this);
  }

  get #v(): MindView {
    this.#view ??= new MindView(this.#home, this.limits.caps, this.#log).load();
    return this.#view;
  }

  /** The mind's view as it is now (the small state and the last few of each stream). */
  state(): MindState {
    this.#v.refresh();
    return this.#v.state;
  }

  /** The whole mind, every collection up to its cap (one read of the log: listings, export). */
  full(): MindState {
    return foldLog(this.#log, fullKeep(this.limits.caps)).state;
  }

  /** Lines of mind.jsonl that are not mind records (reported by `brain mind show` and doctor). */
  get badLines() {
    this.#v.refresh();
    return this.#v.bad;
  }

  #stamp(o: Origin = {}): Stamp {
    return {
      at: this.#core.now().toISOString(),
      ...(o.session ? { session: o.session } : {}),
      ...(o.host ? { host: o.host } : {}),
    };
  }

  /**
   * Append the records `build` makes from the state as the log has it (under the log's lock, read first),
   * numbered after the log's last; one write. Compacts the log when the caps leave enough of it behind.
   */
  #write(build: (s: MindState) => Unnumbered[]): MindRecord[] {
    this.#home.ensureLocal();
    const v = this.#v;
    const written = this.#log.withLock(() => {
      v.refresh();
      const recs = build(v.state).map((r, i) => ({ ...r, n: v.state.lastN + 1 + i }) as MindRecord);
      if (recs.length === 0) return recs;
      this.#log.append(recs);
      v.refresh();
      return recs;
    });
    this.#compaction.afterWrite(v.state, v.saveDue);
    return written;
  }

  /** Compactions run (for tests and the bench). */
  get compactions(): number {
    return this.#compaction.count;
  }

  /** Compact the log if the caps leave enough of it behind (an agent loop between ticks, an idle moment). */
  maintain(): { removed: number } {
    return this.#compaction.maintain();
  }

  /**
   * One tick of an agent loop (seed 001 "Loop"): its thought, the action episode, a line of the activity log
   * and the new affect (emotions decayed, hormones updated from the outcome), the plan advanced on success,
   * the last error set or cleared — one locked append.
   */
  tick(input: TickInput, origin?: Origin): TickResult {
    const recs = this.#write((s) => tickRecords(s, input, this.#stamp(origin), this.limits));
    const t = recs.find((r) => r.label === "tick") as Extract<MindRecord, { label: "tick" }>;
    const s = this.#v.state;
    return {
      tick: t.number,
      outcome: t.outcome,
      affect: { emotions: t.emotions as Affect["emotions"], hormones: t.hormones as Affect["hormones"] },
      plan: s.plan,
      lastError: lastOf(s, origin?.session).error,
    };
  }

  /** Seed 001's deepReflect: a new self-summary, proposed goals, facts, self-instructions (each optional). */
  reflect(input: ReflectInput, origin?: Origin): { written: number } {
    const recs = this.#write((s) =>
      reflectRecords(s, input, this.#stamp(origin), this.limits, () => this.#goalId()),
    );
    return { written: recs.length };
  }

  /** A new plan: its steps (2–3 in the seed; at most `planSteps`), the first one next. */
  replan(steps: string[], origin?: Origin & { current?: number }): Plan {
    this.#write(() => planRecords(steps, origin?.current ?? 0, this.#stamp(origin), this.limits));
    return this.#v.state.plan as Plan;
  }

  /** A path read or listed, or a URL fetched (a URL is anything with a scheme), with what was found. */
  explored(ref: string, summary?: string, origin?: Origin & { project?: string }): void {
    this.#touch(
      this.#write(() => exploredRecords(ref, summary, this.#stamp(origin), this.limits, origin?.project)),
    );
  }

  /** The graph's touches for the paths and URLs just explored; a failure there never fails the mind's write. */
  #touch(recs: readonly MindRecord[]): void {
    const touch = this.#links.touch;
    if (!touch) return;
    try {
      for (const r of recs)
        if (r.label === "path") touch("path", r.path, r.session);
        else if (r.label === "url") touch("url", r.url, r.session);
    } catch {
      // The graph is derived from what it is told; a touch lost costs a little weight, not the mind's record.
    }
  }

  /** A chat message; the user's is also the last user message. */
  chat(role: Role, text: string, origin?: Origin): void {
    this.#write(() => chatRecords(role, text, this.#stamp(origin), this.limits));
  }

  /** The last error as a host saw it (a failing tool), without a tick. */
  lastError(text: string, origin?: Origin): void {
    const t = text.trim();
    this.#write(() => [
      { ...this.#stamp(origin), label: "error", text: t.slice(0, this.limits.text.lastError) },
    ]);
  }

  /** The user's last message as a host saw it (the prompt), without a chat line. */
  userMessage(text: string, origin?: Origin): void {
    const t = text.trim();
    if (!t) return;
    this.#write(() => [
      { ...this.#stamp(origin), label: "user", text: t.slice(0, this.limits.text.lastUserMessage) },
    ]);
  }

  /**
   * What a coding agent's host reported (the tool-event log, read by the learner from its cursor): explored
   * paths and URLs, the last error, the plan from the host's todo list — one append (src/mind/feed.ts).
   */
  feedToolEvents(events: readonly ToolEvent[], memo: FeedMemo): number {
    if (events.length === 0) return 0;
    const recs = this.#write((s) => toolEventRecords(s, events, this.limits, memo));
    this.#touch(recs);
    return recs.length;
  }

  readonly goal = {
    /** A new active goal (by the user unless said otherwise). */
    add: (text: string, by = "user", origin?: Origin): Goal => {
      const id = this.#goalId();
      this.#write(() => goalAddRecords(text, by, this.#stamp(origin), this.limits, id));
      return this.#v.state.goals.find((g) => g.id === id) as Goal;
    },
    /** Mark a goal done: its id, a unique id prefix, or its text. */
    complete: (ref: string, origin?: Origin): Goal => {
      let id = "";
      this.#write((s) => {
        id = findGoal(s.goals, ref).id;
        return [{ ...this.#stamp(origin), label: "goal_done", id }];
      });
      return this.#v.state.goals.find((g) => g.id === id) as Goal;
    },
    list: (all = false): Goal[] => this.state().goals.filter((g) => all || g.status === "active"),
  };

  #goalId(): string {
    return `g${this.#core.random(3)}`;
  }

  /** What the agent sees when it decides (seed 001 decideAction's reads). */
  decisionContext(opts: DecisionOptions = {}): DecisionContext & { text: string } {
    const s = this.state();
    const d = decisionContext(s, this.#withAssociations(opts, s));
    return { ...d, text: decisionText(d) };
  }

  #withAssociations(opts: DecisionOptions, s: MindState): DecisionOptions {
    if (opts.associations || !this.#links.associations || !this.exists) return opts;
    const goal = s.goals.find((g) => g.status === "active")?.text;
    const step = s.plan && s.plan.current < s.plan.steps.length ? s.plan.steps[s.plan.current] : undefined;
    const topic = [opts.query, goal, step].filter(Boolean).join(" ");
    try {
      const associations = this.#links.associations(topic);
      return associations.length ? { ...opts, associations } : opts;
    } catch {
      return opts;
    }
  }

  /** Seed 004's per-turn anchors for a prompt in the project at `root` (the plan, the recently used paths). */
  anchors(root: string): string {
    return this.exists ? anchorLines(this.state(), root) : "";
  }

  /** Whether this brain has a mind yet (its log exists): reading an absent one costs nothing. */
  get exists(): boolean {
    return fs.existsSync(this.#home.file("mind"));
  }

  /**
   * What the context's working-context source shows: the decision context and the last messages — for a
   * session (a host's), its own last user message, error and messages (src/mind/decision.ts `lastOf`).
   */
  workingContext(opts: DecisionOptions = {}): WorkingContext {
    const s = this.state();
    const mine = opts.session === undefined ? s.chat : s.chat.filter((m) => m.session === opts.session);
    return {
      decision: decisionContext(s, this.#withAssociations(opts, s)),
      messages: mine.map((m) => ({ role: m.role, text: m.text, at: m.at })),
    };
  }

  /** Compact the log to the caps now (src/engine/mind-compaction.ts); how many records left it. */
  compact(): { removed: number } {
    return this.#compaction.compact();
  }

  /**
   * Import seed 001's memory.json (every field kept: what the mind does not model rides along). With a `key`
   * (the file's hash), importing the same memory again writes nothing.
   */
  importHer(
    memory: unknown,
    opts: { dryRun?: boolean; key?: string } = {},
  ): { records: number; byLabel: Record<string, number>; already: boolean } {
    if (opts.key && this.state().extra.import?.[opts.key] !== undefined)
      return { records: 0, byLabel: {}, already: true };
    const at = this.#core.now().toISOString();
    const { records } = herRecords(memory, at, this.limits);
    const byLabel: Record<string, number> = {};
    for (const r of records) byLabel[r.label] = (byLabel[r.label] ?? 0) + 1;
    if (opts.key) records.push({ at, label: "extra", scope: "import", key: opts.key, value: at });
    if (!opts.dryRun && records.length > 0) this.#write(() => records);
    return { records: records.length, byLabel, already: false };
  }

  /** The mind as seed 001's memory.json. */
  exportHer(): Record<string, unknown> {
    return herExport(this.full());
  }

  // ── Projection ──
  catchUp(): void {
    this.#view?.refresh();
  }
  persist(force: boolean): boolean {
    if (!this.#view) return false;
    try {
      this.maintain(); // the end of a command or session: a due compaction runs here, not in a write
    } catch {
      // Never throws (a projection's persist): the log locked too long, the next writer compacts it.
    }
    return this.#view.save(force);
  }
  drop(): void {
    this.#compaction.cancel();
    if (this.#view) this.#view.drop();
    else new MindView(this.#home, this.limits.caps, this.#log).drop();
    this.#view = null;
  }
}

export type { ActionInput as MindAction };

/**
 * The per-turn anchors for a prompt hook that has not opened the brain: the mind's view read from its
 * snapshot and the log's tail (nothing written), or "" when the brain has no mind.
 */
export function promptAnchors(home: BrainHome, root: string): string {
  if (!fs.existsSync(home.file("mind"))) return "";
  return anchorLines(new MindView(home, MIND_CAPS).load().state, root);
}
