import type { MindCaps } from "./caps.ts";
import type { MindState } from "./fold.ts";
import type { Label, MindRecord, Unnumbered } from "./records.ts";

/**
 * Compaction of the mind log: what the caps let go of leaves the file (seed 001: "arrays are trimmed to their
 * caps"), so the log stays about the size of what the mind holds however long the agent runs. Pure: which
 * records stay (by their numbers) and the checkpoint that keeps the folded state the same without them.
 *
 *  - a stream (thoughts, inner thoughts, actions, log lines, chat, facts, the user's messages): its newest
 *    `cap` records;
 *  - keyed collections (explored paths, URLs, self-instructions, neurons, synapses, imported fields): the
 *    newest record of each of the newest `cap` keys;
 *  - affect (ticks and affect records): the newest `affectHistory` — the last of them is the current affect;
 *  - goals: the records of the goals the fold still holds;
 *  - the plan, the self-summary and the last error: their last record. A plan advanced by ticks that go is
 *    re-stated (the checkpoint: one `plan` record with its current step);
 *  - each session's own last user message and last error (the newest `sessions` sessions): re-stated by the
 *    checkpoint, one `session_last` record a session in the fold's order (the records that set them may go
 *    with their streams; a record kept for its stream cannot bring back what the fold had let go of, since
 *    the restatement comes after it). An earlier restatement goes: the new one says it all.
 */
type Rule =
  | { kind: "stream"; cap: keyof MindCaps }
  | { kind: "keyed"; cap: keyof MindCaps; key: (r: MindRecord) => string }
  | { kind: "last" }
  | { kind: "goal" }
  | { kind: "restated" };

// biome-ignore format: a table reads best as one
const RULES: Record<Label, Rule> = {
  thought:     { kind: "stream", cap: "thoughts" },
  inner:       { kind: "stream", cap: "innerThoughts" },
  action:      { kind: "stream", cap: "actions" },
  log:         { kind: "stream", cap: "logs" },
  chat:        { kind: "stream", cap: "chat" },
  fact:        { kind: "stream", cap: "facts" },
  user:        { kind: "stream", cap: "userMessages" },
  session_last: { kind: "restated" },
  tick:        { kind: "stream", cap: "affectHistory" },
  affect:      { kind: "stream", cap: "affectHistory" },
  path:        { kind: "keyed", cap: "exploredPaths", key: (r) => (r as { path: string }).path },
  url:         { kind: "keyed", cap: "exploredUrls", key: (r) => (r as { url: string }).url },
  instruction: { kind: "keyed", cap: "selfInstructions", key: (r) => (r as { text: string }).text },
  neuron:      { kind: "keyed", cap: "neurons", key: (r) => (r as { id: string }).id },
  synapse:     { kind: "keyed", cap: "synapses", key: (r) => (r as { id: string }).id },
  extra:       { kind: "keyed", cap: "synapses", key: (r) => { const x = r as { scope: string; key: string }; return `${x.scope}\u0000${x.key}`; } },
  plan:        { kind: "last" },
  self:        { kind: "last" },
  error:       { kind: "last" },
  goal:        { kind: "goal" },
  goal_done:   { kind: "goal" },
};

/** Streams that share one cap (ticks and affect records are both affect over time). */
const groupOf = (l: Label) => (l === "affect" ? "tick" : l);

/** The numbers of the records that stay. `state` is the fold of exactly `records`. */
export function keptNumbers(records: readonly MindRecord[], state: MindState, caps: MindCaps): Set<number> {
  const keep = new Set<number>();
  const streams = new Map<string, number[]>();
  const keyed = new Map<Label, Map<string, number>>();
  const last = new Map<Label, number>();
  const goals = new Set(state.goals.map((g) => g.id));
  for (const r of records) {
    const rule = RULES[r.label];
    if (rule.kind === "stream") {
      const g = groupOf(r.label);
      const list = streams.get(g) ?? [];
      list.push(r.n);
      streams.set(g, list);
    } else if (rule.kind === "keyed") {
      const m = keyed.get(r.label) ?? new Map<string, number>();
      const k = rule.key(r);
      m.delete(k);
      m.set(k, r.n);
      keyed.set(r.label, m);
    } else if (rule.kind === "last") last.set(r.label, r.n);
    else if (rule.kind === "restated") continue;
    else if (goals.has((r as { id: string }).id)) keep.add(r.n);
  }
  for (const [g, list] of streams) {
    const cap = caps[(RULES[g as Label] as { cap: keyof MindCaps }).cap];
    for (const n of list.slice(Math.max(0, list.length - cap))) keep.add(n);
  }
  for (const [label, m] of keyed) {
    const cap = caps[(RULES[label] as { cap: keyof MindCaps }).cap];
    const ns = [...m.values()];
    for (const n of ns.slice(Math.max(0, ns.length - cap))) keep.add(n);
  }
  for (const n of last.values()) keep.add(n);
  if (state.lastN > 0) keep.add(state.lastN); // the numbering goes on from the last record
  return keep;
}

/** Records a compaction appends so the fold is the same without the records it drops. */
export function checkpoint(state: MindState): Unnumbered[] {
  const out: Unnumbered[] = [];
  const p = state.plan;
  if (p) {
    const tasks = p.tasks ? { tasks: p.tasks, ...(p.session ? { session: p.session } : {}) } : {};
    out.push({ at: p.setAt, label: "plan", steps: p.steps, current: p.current, ...tasks });
  }
  for (const [key, last] of state.bySession)
    out.push({
      at: state.lastAt,
      ...(key ? { session: key } : {}),
      label: "session_last",
      ...(last.user !== undefined ? { user: last.user } : {}),
      ...(last.error !== undefined ? { error: last.error } : {}),
    });
  return out;
}

/**
 * How many records of the log are beyond what the caps keep (an estimate from the counts: duplicates of a
 * keyed collection are not seen). Compaction runs when this passes half of what is kept (and 64): the log
 * never holds much more than 1.5× the mind, and each record is rewritten a bounded number of times.
 */
export function excess(state: MindState, caps: MindCaps): { excess: number; kept: number } {
  let ex = 0;
  let total = 0;
  const seen = new Map<string, number>();
  for (const [label, n] of Object.entries(state.counts) as [Label, number][]) {
    total += n;
    const g = groupOf(label);
    seen.set(g, (seen.get(g) ?? 0) + n);
  }
  for (const [g, n] of seen) {
    const rule = RULES[g as Label];
    const cap =
      rule.kind === "last"
        ? 1
        : rule.kind === "goal"
          ? caps.goals * 2
          : rule.kind === "restated"
            ? caps.sessions
            : caps[rule.cap];
    ex += Math.max(0, n - cap);
  }
  return { excess: ex, kept: total - ex };
}

export function dueForCompaction(state: MindState, caps: MindCaps): boolean {
  const e = excess(state, caps);
  return e.excess > Math.max(64, e.kept / 2);
}

/** How far past due a log may grow before a write compacts it itself (a writer that never lets go). */
export const OVERDUE_FACTOR = 4;

/**
 * Overdue: `OVERDUE_FACTOR` times what makes a compaction due. A due compaction waits for an idle moment
 * (src/engine/mind.ts); only a writer that never gives one (a loop that never yields nor ends) has the write
 * itself compact, so the log stays within about 3× the mind.
 */
export function overdueForCompaction(state: MindState, caps: MindCaps): boolean {
  const e = excess(state, caps);
  return e.excess > OVERDUE_FACTOR * Math.max(64, e.kept / 2);
}
