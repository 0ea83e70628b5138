import { BrainError } from "../core/errors.ts";
import { type Affect, setAffect, step } from "./affect.ts";
import { clip, type MindLimits } from "./caps.ts";
import { lastOf } from "./decision.ts";
import type { Goal, MindState } from "./fold.ts";
import type { Outcome, Role, Unnumbered } from "./records.ts";

/**
 * What each write of the mind appends: the records an operation makes from the state it is applied to
 * (read under the log's lock, so the state is the log's last word). Pure: the clock's time and new ids are
 * passed in. Every text is cut to its limit here, so no line of the log is ever large.
 */
export interface Stamp {
  at: string;
  session?: string;
  host?: string;
}

export interface ActionInput {
  type: string;
  what?: string;
  summary?: string;
  where?: string;
}

export interface TickInput {
  /** What the agent did: an action episode (or just its type). */
  action?: ActionInput | string;
  /** How it went (default: failure with an error, else neutral). */
  outcome?: Outcome;
  /** Its thought after the action. */
  thought?: string;
  /** A private thought (inner monologue). */
  innerThought?: string;
  /** The failure's message (becomes the last error; a tick without one clears it). */
  error?: string;
  /** The action found something new (raises interest and dopamine). */
  novel?: boolean;
}

export interface ReflectInput {
  selfSummary?: string;
  /** Goals the reflection proposes (added unless an active goal says the same). */
  goals?: string[];
  facts?: string[];
  selfInstructions?: string[];
  innerThought?: string;
  emotions?: Partial<Affect["emotions"]>;
  hormones?: Partial<Affect["hormones"]>;
}

const norm = (s: string) => s.trim().replace(/\s+/g, " ").toLowerCase();
const words = (s: string | undefined) => (s ?? "").trim();

export function tickRecords(s: MindState, input: TickInput, st: Stamp, lim: MindLimits): Unnumbered[] {
  const t = lim.text;
  const out: Unnumbered[] = [];
  const error = input.error?.trim() ? clip(input.error.trim(), t.lastError) : undefined;
  const outcome: Outcome = input.outcome ?? (error ? "failure" : "neutral");
  const thought = words(input.thought);
  if (thought) out.push({ ...st, label: "thought", text: clip(thought, t.text) });
  const inner = words(input.innerThought);
  if (inner) out.push({ ...st, label: "inner", text: clip(inner, t.text) });
  const a = typeof input.action === "string" ? { type: input.action } : input.action;
  if (a?.type?.trim()) {
    const opt = (k: "what" | "summary" | "where") =>
      a[k]?.trim() ? { [k]: clip((a[k] as string).trim(), k === "summary" ? t.text : t.ref) } : {};
    out.push({
      ...st,
      label: "action",
      type: clip(a.type.trim(), 100),
      ...opt("what"),
      ...opt("summary"),
      ...opt("where"),
      outcome,
    });
  }
  // The activity log: one line a tick, as the seed's loop writes it (addLog('thought', …)).
  const logText = thought || a?.summary || a?.what || a?.type || outcome;
  out.push({
    ...st,
    label: "log",
    kind: thought ? "thought" : (a?.type ?? "tick"),
    text: clip(logText, t.text),
  });
  const repeated = outcome === "failure" && error !== undefined && error === lastOf(s, st.session).error;
  const affect = step(s.affect, { outcome, novel: input.novel === true, repeated });
  const plan = s.plan;
  const advance = outcome === "success" && plan !== null && plan.current < plan.steps.length;
  out.push({
    ...st,
    label: "tick",
    number: s.ticks + 1,
    outcome,
    ...(input.novel ? { novel: true } : {}),
    ...(error ? { error } : {}),
    emotions: affect.emotions,
    hormones: affect.hormones,
    ...(advance ? { step: plan.current + 1 } : {}),
  });
  return out;
}

export function reflectRecords(
  s: MindState,
  r: ReflectInput,
  st: Stamp,
  lim: MindLimits,
  newId: () => string,
): Unnumbered[] {
  const t = lim.text;
  const out: Unnumbered[] = [];
  if (r.selfSummary?.trim())
    out.push({ ...st, label: "self", summary: clip(r.selfSummary.trim(), t.selfSummary) });
  const active = new Set(s.goals.filter((g) => g.status === "active").map((g) => norm(g.text)));
  for (const g of r.goals ?? []) {
    if (!g.trim() || active.has(norm(g))) continue;
    active.add(norm(g));
    out.push({ ...st, label: "goal", id: newId(), text: clip(g.trim(), t.text), by: "reflect" });
  }
  const known = new Set(s.facts.slice(-50).map((f) => norm(f.text)));
  for (const f of r.facts ?? []) {
    if (!f.trim() || known.has(norm(f))) continue;
    known.add(norm(f));
    out.push({ ...st, label: "fact", text: clip(f.trim(), t.text), source: "reflect" });
  }
  for (const i of r.selfInstructions ?? [])
    if (i.trim()) out.push({ ...st, label: "instruction", text: clip(i.trim(), t.text) });
  if (r.innerThought?.trim()) out.push({ ...st, label: "inner", text: clip(r.innerThought.trim(), t.text) });
  if (r.emotions || r.hormones) {
    const a = setAffect(s.affect, {
      ...(r.emotions ? { emotions: r.emotions } : {}),
      ...(r.hormones ? { hormones: r.hormones } : {}),
    });
    out.push({ ...st, label: "affect", emotions: a.emotions, hormones: a.hormones });
  }
  return out;
}

export function planRecords(steps: string[], current: number, st: Stamp, lim: MindLimits): Unnumbered[] {
  const kept = steps
    .map((x) => x.trim())
    .filter(Boolean)
    .slice(0, lim.caps.planSteps);
  if (kept.length === 0)
    throw new BrainError("INVALID", "a plan needs at least one step", { field: "steps" });
  const cur = Math.max(0, Math.min(Math.trunc(current), kept.length));
  return [{ ...st, label: "plan", steps: kept.map((x) => clip(x, lim.text.text)), current: cur }];
}

const URL_RE = /^[a-z][a-z0-9+.-]*:\/\//i;

/** Seed 001's markExploredPath / markExploredUrl: the path or URL, and a line of the activity log. */
export function exploredRecords(
  ref: string,
  summary: string | undefined,
  st: Stamp,
  lim: MindLimits,
  project?: string,
): Unnumbered[] {
  const r = clip(ref.trim(), lim.text.ref);
  if (!r) throw new BrainError("INVALID", "explored needs a path or a URL", { field: "path" });
  const sum = summary?.trim() ? { summary: clip(summary.trim(), lim.text.text) } : {};
  const url = URL_RE.test(r);
  return [
    url
      ? { ...st, label: "url", url: r, ...sum }
      : { ...st, label: "path", path: r, ...sum, ...(project ? { project } : {}) },
    { ...st, label: "log", kind: url ? "explore_url" : "explore_path", text: r },
  ];
}

/** A chat message; a user's is also the last user message and one of the user model's last messages. */
export function chatRecords(role: Role, text: string, st: Stamp, lim: MindLimits): Unnumbered[] {
  const body = text.trim();
  if (!body) throw new BrainError("INVALID", "a chat message needs text", { field: "text" });
  const out: Unnumbered[] = [{ ...st, label: "chat", role, text: clip(body, lim.text.text) }];
  if (role === "user") out.push({ ...st, label: "user", text: clip(body, lim.text.lastUserMessage) });
  return out;
}

export function goalAddRecords(
  text: string,
  by: string,
  st: Stamp,
  lim: MindLimits,
  id: string,
): Unnumbered[] {
  if (!text.trim()) throw new BrainError("INVALID", "a goal needs text", { field: "text" });
  return [{ ...st, label: "goal", id, text: clip(text.trim(), lim.text.text), by }];
}

/** The goal `ref` names: its id, a unique id prefix, or its text (case and spacing aside). */
export function findGoal(goals: readonly Goal[], ref: string): Goal {
  const r = ref.trim();
  const exact = goals.find((g) => g.id === r);
  if (exact) return exact;
  const byPrefix = goals.filter((g) => r.length >= 2 && g.id.startsWith(r));
  if (byPrefix.length === 1) return byPrefix[0] as Goal;
  const byText = goals.filter((g) => norm(g.text) === norm(r));
  const found = byText.find((g) => g.status === "active") ?? byText[0];
  if (found) return found;
  throw new BrainError("NOT_FOUND", `no goal "${r}" (brain mind goals lists them)`, { field: "id" });
}
