import { type HostTask, hostTasks } from "../core/task-list.ts";
import { type Affect, defaultAffect, setAffect } from "./affect.ts";
import type { MindCaps } from "./caps.ts";
import type { Label, MindRecord, Outcome, Role } from "./records.ts";

/**
 * The agent's mind as a fold of its log (src/mind/records.ts), record by record in file order. Pure. How
 * much of each stream the fold holds is its `Keep`: the *view* (what a decision, a prompt and the working
 * context read; saved as a small snapshot) holds the last few of each stream and all of the small state; the
 * *full* fold (listings, export, compaction) holds each collection up to seed 001's cap. Either way the
 * newest are kept.
 */
export interface Stamped {
  n: number;
  at: string;
  /** An imported item's fields the mind does not model (kept for the export). */
  more?: Record<string, unknown>;
}
export interface Goal {
  id: string;
  text: string;
  status: "active" | "done";
  /** Who set it: "user", "reflect", … (absent: the user). */
  by?: string;
  createdAt: string;
  doneAt?: string;
  more?: Record<string, unknown>;
}
export interface Plan {
  steps: string[];
  /** Index of the next step; steps.length when the plan is done. */
  current: number;
  setAt: string;
  /** A host's whole task list the plan was made from (Claude Code's TaskCreate/TaskUpdate), and its session. */
  tasks?: HostTask[];
  session?: string;
  more?: Record<string, unknown>;
}
export interface Thought extends Stamped {
  text: string;
  session?: string;
}
export interface ActionEpisode extends Stamped {
  type: string;
  what?: string;
  summary?: string;
  where?: string;
  outcome?: Outcome;
}
export interface Explored extends Stamped {
  ref: string;
  summary?: string;
  project?: string;
}
export interface ChatMessage extends Stamped {
  role: Role | string;
  text: string;
  session?: string;
}
export interface Fact extends Stamped {
  text: string;
  source?: string;
}
export interface LogLine extends Stamped {
  kind: string;
  text: string;
}
export interface AffectPoint extends Stamped, Affect {
  outcome?: Outcome;
}

/** A session's own last user message and last error (absent: it has none; "" for an error: cleared). */
export interface SessionLast {
  user?: string;
  error?: string;
}

/** The key of a record's session in `bySession`: "" for a writer without one (a library user's agent loop). */
export const sessionKey = (session: string | undefined): string => session ?? "";

/** How many of each collection a fold holds. */
export type Keep = Omit<MindCaps, "planSteps">;

export interface MindState {
  goals: Goal[];
  plan: Plan | null;
  selfSummary: string;
  selfInstructions: (Stamped & { text: string })[];
  facts: Fact[];
  affect: Affect;
  /** The newest last user message and last error of any session (seed 001's fields; `bySession`: each one's). */
  lastUserMessage: string;
  lastError: string;
  /** session key (sessionKey) → its own last user message and last error, the newest `sessions`, oldest first. */
  bySession: Map<string, SessionLast>;
  userMessages: string[];
  thoughts: Thought[];
  innerThoughts: Thought[];
  actions: ActionEpisode[];
  logs: LogLine[];
  chat: ChatMessage[];
  /** ref → the newest record of it, oldest first (a Map keeps insertion order: re-exploring moves it last). */
  exploredPaths: Map<string, Explored>;
  exploredUrls: Map<string, Explored>;
  history: AffectPoint[];
  neurons: Map<string, Stamped & { data: unknown }>;
  synapses: Map<string, Stamped & { data: unknown }>;
  /** Fields of an imported memory this mind does not model, kept for its export ("top" or "state"). */
  extra: Record<string, Record<string, unknown>>;
  /** Ticks so far (the last tick's number). */
  ticks: number;
  /** Records of each label the log holds (what compaction weighs against the caps). */
  counts: Partial<Record<Label, number>>;
  /** The number of the last record folded. */
  lastN: number;
  lastAt: string;
}

export function emptyMind(): MindState {
  return {
    goals: [],
    plan: null,
    selfSummary: "",
    selfInstructions: [],
    facts: [],
    affect: defaultAffect(),
    lastUserMessage: "",
    lastError: "",
    bySession: new Map(),
    userMessages: [],
    thoughts: [],
    innerThoughts: [],
    actions: [],
    logs: [],
    chat: [],
    exploredPaths: new Map(),
    exploredUrls: new Map(),
    history: [],
    neurons: new Map(),
    synapses: new Map(),
    extra: {},
    ticks: 0,
    counts: {},
    lastN: 0,
    lastAt: "",
  };
}

/** Append, dropping the oldest beyond `cap` (in batches, so a long fold stays linear). */
function push<T>(list: T[], item: T, cap: number): void {
  if (cap <= 0) return;
  list.push(item);
  if (list.length > cap * 2 + 16) list.splice(0, list.length - cap);
}

function putNewest<T>(map: Map<string, T>, key: string, item: T, cap: number): void {
  if (cap <= 0) return;
  map.delete(key);
  map.set(key, item);
  while (map.size > cap) map.delete(map.keys().next().value as string);
}

/** Set a session's own last user message or error (the session becomes the newest one kept). */
function setLast(s: MindState, session: string | undefined, what: SessionLast, cap: number): void {
  const key = sessionKey(session);
  putNewest(s.bySession, key, { ...s.bySession.get(key), ...what }, cap);
}

/** The goals beyond `cap` go: the oldest done one first, then the oldest active one. */
function capGoals(goals: Goal[], cap: number): void {
  while (goals.length > cap) {
    const done = goals.findIndex((g) => g.status === "done");
    goals.splice(Math.max(done, 0), 1);
  }
}

const opt = <K extends string, V>(k: K, v: V | undefined): { [P in K]?: V } =>
  (v === undefined ? {} : { [k]: v }) as { [P in K]?: V };

/** Fold one record into `s` (in place). */
export function apply(s: MindState, r: MindRecord, keep: Keep): void {
  s.counts[r.label] = (s.counts[r.label] ?? 0) + 1;
  s.lastN = r.n;
  s.lastAt = r.at;
  const at = { n: r.n, at: r.at, ...(r.more ? { more: r.more } : {}) };
  switch (r.label) {
    case "thought":
    case "inner":
      push(
        r.label === "thought" ? s.thoughts : s.innerThoughts,
        { ...at, text: r.text, ...opt("session", r.session) },
        r.label === "thought" ? keep.thoughts : keep.innerThoughts,
      );
      return;
    case "action":
      push(
        s.actions,
        {
          ...at,
          type: r.type,
          ...opt("what", r.what),
          ...opt("summary", r.summary),
          ...opt("where", r.where),
          ...opt("outcome", r.outcome),
        },
        keep.actions,
      );
      return;
    case "log":
      push(s.logs, { ...at, kind: r.kind, text: r.text }, keep.logs);
      return;
    case "path":
      putNewest(
        s.exploredPaths,
        r.path,
        { ...at, ref: r.path, ...opt("summary", r.summary), ...opt("project", r.project) },
        keep.exploredPaths,
      );
      return;
    case "url":
      putNewest(
        s.exploredUrls,
        r.url,
        { ...at, ref: r.url, ...opt("summary", r.summary) },
        keep.exploredUrls,
      );
      return;
    case "chat":
      push(s.chat, { ...at, role: r.role, text: r.text, ...opt("session", r.session) }, keep.chat);
      return;
    case "fact":
      push(s.facts, { ...at, text: r.text, ...opt("source", r.source) }, keep.facts);
      return;
    case "goal": {
      const i = s.goals.findIndex((g) => g.id === r.id);
      const status = r.status === "done" ? "done" : "active";
      const g: Goal = {
        id: r.id,
        text: r.text,
        status,
        ...opt("by", r.by),
        createdAt: r.at,
        ...opt("more", r.more),
      };
      if (i >= 0) s.goals.splice(i, 1);
      s.goals.push(g);
      capGoals(s.goals, keep.goals);
      return;
    }
    case "goal_done": {
      const g = s.goals.find((x) => x.id === r.id);
      if (g && g.status !== "done") Object.assign(g, { status: "done", doneAt: r.at });
      return;
    }
    case "plan":
      s.plan = {
        steps: r.steps,
        current: Math.min(r.current, r.steps.length),
        setAt: r.at,
        ...(r.tasks !== undefined ? { tasks: hostTasks(r.tasks), ...opt("session", r.session) } : {}),
        ...opt("more", r.more),
      };
      return;
    case "self":
      s.selfSummary = r.summary;
      return;
    case "instruction": {
      const i = s.selfInstructions.findIndex((x) => x.text === r.text);
      if (i >= 0) s.selfInstructions.splice(i, 1);
      s.selfInstructions.push({ n: r.n, at: r.at, text: r.text });
      if (s.selfInstructions.length > keep.selfInstructions)
        s.selfInstructions.splice(0, s.selfInstructions.length - keep.selfInstructions);
      return;
    }
    case "affect":
      s.affect = setAffect(s.affect, r);
      push(s.history, { n: r.n, at: r.at, ...s.affect }, keep.affectHistory);
      return;
    case "tick":
      s.ticks = r.number;
      s.affect = setAffect(s.affect, r);
      push(s.history, { n: r.n, at: r.at, ...s.affect, outcome: r.outcome }, keep.affectHistory);
      s.lastError = r.error ?? "";
      setLast(s, r.session, { error: s.lastError }, keep.sessions);
      if (r.step !== undefined && s.plan) s.plan.current = Math.min(r.step, s.plan.steps.length);
      return;
    case "error":
      s.lastError = r.text;
      setLast(s, r.session, { error: r.text }, keep.sessions);
      return;
    case "user":
      s.lastUserMessage = r.text;
      setLast(s, r.session, { user: r.text }, keep.sessions);
      if (r.model !== false) push(s.userMessages, r.text, keep.userMessages);
      return;
    case "session_last": {
      // A compaction's restatement of one session's own last messages (src/mind/trim.ts): exactly these.
      const key = sessionKey(r.session);
      s.bySession.delete(key);
      putNewest(s.bySession, key, { ...opt("user", r.user), ...opt("error", r.error) }, keep.sessions);
      return;
    }
    case "neuron":
    case "synapse":
      putNewest(
        r.label === "neuron" ? s.neurons : s.synapses,
        r.id,
        { ...at, data: r.data },
        r.label === "neuron" ? keep.neurons : keep.synapses,
      );
      return;
    case "extra":
      s.extra[r.scope] = { ...s.extra[r.scope], [r.key]: r.value };
      return;
  }
}

/** The list's newest `n` (all of them by default), as the fold's caps leave them. */
export function newest<T>(list: readonly T[], n = list.length): T[] {
  return n <= 0 ? [] : list.slice(-n);
}

/** Trim every list to its cap (a fold's lists may run over between batch trims). */
export function settle(s: MindState, keep: Keep): MindState {
  const trim = <T>(l: T[], cap: number) => {
    if (l.length > cap) l.splice(0, l.length - cap);
  };
  trim(s.thoughts, keep.thoughts);
  trim(s.innerThoughts, keep.innerThoughts);
  trim(s.actions, keep.actions);
  trim(s.logs, keep.logs);
  trim(s.chat, keep.chat);
  trim(s.facts, keep.facts);
  trim(s.userMessages, keep.userMessages);
  trim(s.history, keep.affectHistory);
  return s;
}
