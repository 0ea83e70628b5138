import { WORDS } from "../core/lazy-regexp.ts";
import { oneLine } from "../core/one-line.ts";
import type { Emotions, Hormones } from "./affect.ts";
import { affectLine } from "./affect.ts";
import { clip } from "./caps.ts";
import {
  type ActionEpisode,
  type Explored,
  type Fact,
  type Goal,
  type MindState,
  sessionKey,
} from "./fold.ts";

/**
 * What the agent sees when it decides (seed 001 "How she reads memory": decideAction's prompt): the
 * primary goal, the last user message and error, the plan and its step, the active goals, the self-model
 * with counts (and the strongest associations, when an association graph gives them), relevant episodes,
 * recent facts, self-instructions, recent thoughts and inner thoughts, a sample of what was explored, and
 * the affect. Built from the mind's view; a read.
 */
export interface DecisionContext {
  primaryGoal: Goal | null;
  /** The deciding session's own (src/mind/fold.ts `lastOf`). */
  lastUserMessage: string;
  lastError: string;
  /** The last error is another session's: the deciding session has none of its own. */
  lastErrorElsewhere?: boolean;
  plan: { steps: string[]; current: number; next: string | null; done: boolean } | null;
  goals: Goal[];
  self: { summary: string; counts: Record<string, number>; associations: string[] };
  episodes: ActionEpisode[];
  facts: Fact[];
  selfInstructions: string[];
  thoughts: string[];
  innerThoughts: string[];
  explored: { paths: Explored[]; urls: Explored[] };
  emotions: Emotions;
  hormones: Hormones;
  ticks: number;
}

/** How many of each a decision sees (seed 001's reads). */
export const DECISION_COUNTS = {
  episodes: 5,
  facts: 3,
  selfInstructions: 7,
  thoughts: 5,
  innerThoughts: 3,
  paths: 5,
  urls: 3,
} as const;

export interface DecisionOptions {
  /** What the decision is about (a prompt, a task): ranks the episodes. */
  query?: string;
  /** The strongest associations, from the association graph when there is one. */
  associations?: string[];
  /** Only explored paths inside this project (its repository root). */
  project?: string;
  /**
   * The session deciding (a host's session id): its own last user message and last error. Without one (a
   * library user's loop): what was written without a session, else the newest of any.
   */
  session?: string;
}

/**
 * The last user message and last error a reader sees. A session sees its own last user message (none when it
 * has none: another session's last word is not its own), and its own last error — or, when it never had one
 * (a new session), the newest of any session, marked as another's (a dead end survives a new session). A
 * reader without a session (a library user's agent loop, `brain mind show`) sees what was written without a
 * session, falling back to the newest of any.
 */
export function lastOf(
  s: MindState,
  session: string | undefined,
): { user: string; error: string; errorElsewhere: boolean } {
  const own = s.bySession.get(sessionKey(session));
  if (session === undefined)
    return { user: own?.user ?? s.lastUserMessage, error: own?.error ?? s.lastError, errorElsewhere: false };
  if (own?.error !== undefined) return { user: own.user ?? "", error: own.error, errorElsewhere: false };
  return { user: own?.user ?? "", error: s.lastError, errorElsewhere: s.lastError !== "" };
}

const terms = (s: string) => {
  const lower = s.toLowerCase();
  return new Set(lower.match(WORDS.word3.for(lower)) ?? []);
};

/** Episodes sharing the most words with what the agent is after (ties and no overlap: the newest). */
function relevantEpisodes(actions: readonly ActionEpisode[], about: string, n: number): ActionEpisode[] {
  const want = terms(about);
  const scored = actions.map((a, i) => {
    const have = terms(`${a.type} ${a.what ?? ""} ${a.summary ?? ""} ${a.where ?? ""}`);
    let overlap = 0;
    for (const t of want) if (have.has(t)) overlap++;
    return { a, i, overlap };
  });
  scored.sort((x, y) => y.overlap - x.overlap || y.i - x.i);
  return scored.slice(0, n).map((s) => s.a);
}

const newestFirst = <T>(m: ReadonlyMap<string, T>): T[] => [...m.values()].reverse();

export function decisionContext(s: MindState, o: DecisionOptions = {}): DecisionContext {
  const active = s.goals.filter((g) => g.status === "active");
  const primary = active.find((g) => (g.by ?? "user") === "user") ?? active[0] ?? null;
  const plan = s.plan
    ? {
        steps: s.plan.steps,
        current: s.plan.current,
        next: s.plan.steps[s.plan.current] ?? null,
        done: s.plan.current >= s.plan.steps.length,
      }
    : null;
  const about = [o.query, primary?.text, plan?.next].filter(Boolean).join(" ");
  const c = s.counts;
  const inProject = (e: Explored) => !o.project || e.ref === o.project || e.ref.startsWith(`${o.project}/`);
  const last = lastOf(s, o.session);
  return {
    primaryGoal: primary,
    lastUserMessage: last.user,
    lastError: last.error,
    ...(last.errorElsewhere ? { lastErrorElsewhere: true } : {}),
    plan,
    goals: active,
    self: {
      summary: s.selfSummary,
      counts: {
        ticks: s.ticks,
        thoughts: c.thought ?? 0,
        actions: c.action ?? 0,
        facts: s.facts.length,
        goals: s.goals.length,
        exploredPaths: c.path ?? 0,
        exploredUrls: c.url ?? 0,
        neurons: c.neuron ?? 0,
        synapses: c.synapse ?? 0,
      },
      associations: o.associations ?? [],
    },
    episodes: relevantEpisodes(s.actions, about, DECISION_COUNTS.episodes),
    facts: s.facts.slice(-DECISION_COUNTS.facts).reverse(),
    selfInstructions: s.selfInstructions.slice(-DECISION_COUNTS.selfInstructions).map((i) => i.text),
    thoughts: s.thoughts
      .slice(-DECISION_COUNTS.thoughts)
      .reverse()
      .map((t) => t.text),
    innerThoughts: s.innerThoughts
      .slice(-DECISION_COUNTS.innerThoughts)
      .reverse()
      .map((t) => t.text),
    explored: {
      paths: newestFirst(s.exploredPaths).filter(inProject).slice(0, DECISION_COUNTS.paths),
      urls: newestFirst(s.exploredUrls).slice(0, DECISION_COUNTS.urls),
    },
    emotions: s.affect.emotions,
    hormones: s.affect.hormones,
    ticks: s.ticks,
  };
}

/** One line of the working context, labelled for --explain ("mind:plan", "mind:thought" …). */
export interface DecisionLine {
  label: string;
  text: string;
}

const one = (s: string, max = 300) => clip(oneLine(s), max);

/** Whether the agent's mind holds anything a decision would show. */
export function isEmpty(d: DecisionContext): boolean {
  return (
    !d.primaryGoal &&
    !d.lastUserMessage &&
    !d.lastError &&
    !d.plan &&
    !d.self.summary &&
    d.episodes.length + d.facts.length + d.selfInstructions.length + d.thoughts.length === 0 &&
    d.innerThoughts.length + d.explored.paths.length + d.explored.urls.length === 0 &&
    d.ticks === 0
  );
}

/**
 * The decision context as lines, most important first (a budget that cannot hold them all keeps the top):
 * goal, the user's last word, the last error, the plan, goals, self, affect, then the lists.
 */
export function decisionLines(d: DecisionContext): DecisionLine[] {
  const out: DecisionLine[] = [];
  const add = (label: string, text: string) => out.push({ label: `mind:${label}`, text });
  if (d.primaryGoal) add("goal", `Primary goal: ${one(d.primaryGoal.text)}`);
  if (d.lastUserMessage) add("user", `Last user message: ${one(d.lastUserMessage, 500)}`);
  if (d.lastError)
    add(
      "error",
      `Last error: ${one(d.lastError, 200)}${d.lastErrorElsewhere ? " (in another session)" : ""}`,
    );
  if (d.plan) {
    const p = d.plan;
    add(
      "plan",
      p.done
        ? `Plan: done (${p.steps.length} steps)`
        : `Plan: step ${p.current + 1} of ${p.steps.length}: ${one(p.next ?? "")}`,
    );
    for (const [i, st] of p.steps.entries())
      add("plan", `  ${i < p.current ? "✓" : i === p.current ? "→" : "·"} ${i + 1}. ${one(st)}`);
  }
  const others = d.goals.filter((g) => g !== d.primaryGoal);
  if (others.length) add("goals", `Other active goals: ${others.map((g) => one(g.text, 120)).join("; ")}`);
  const counts = Object.entries(d.self.counts)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${n} ${k}`)
    .join(", ");
  if (d.self.summary || counts)
    add(
      "self",
      `Self: ${d.self.summary ? one(d.self.summary, 600) : "(no summary yet)"}${counts ? ` (${counts})` : ""}`,
    );
  if (d.self.associations.length)
    add("associations", `Strongest associations: ${d.self.associations.join(", ")}`);
  if (d.ticks > 0 || out.length > 0)
    add("affect", `Affect: ${affectLine(d.emotions)} | ${affectLine(d.hormones)}`);
  for (const e of d.episodes)
    add(
      "episode",
      `- did ${one(e.type, 60)}${e.what ? ` ${one(e.what, 120)}` : ""}${e.summary ? `: ${one(e.summary, 200)}` : ""}${e.outcome && e.outcome !== "neutral" ? ` (${e.outcome})` : ""}`,
    );
  for (const f of d.facts) add("fact", `- fact: ${one(f.text)}`);
  for (const i of d.selfInstructions) add("instruction", `- rule for myself: ${one(i)}`);
  for (const t of d.thoughts) add("thought", `- thought: ${one(t)}`);
  for (const t of d.innerThoughts) add("inner", `- inner: ${one(t)}`);
  if (d.explored.paths.length)
    add("explored", `Explored paths: ${d.explored.paths.map((p) => one(p.ref, 160)).join(", ")}`);
  if (d.explored.urls.length)
    add("explored", `Explored URLs: ${d.explored.urls.map((p) => one(p.ref, 160)).join(", ")}`);
  return out;
}

/** The decision context as text (an agent loop's prompt part). */
export function decisionText(d: DecisionContext): string {
  return decisionLines(d)
    .map((l) => l.text)
    .join("\n");
}
