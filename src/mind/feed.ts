import { resolve } from "node:path";
import { oneLine } from "../core/one-line.ts";
import { applyTaskChange, isTaskTool, parseTaskChange } from "../core/task-list.ts";
import { isTodoTool, parseTodos, type Todo } from "../core/todo.ts";
import type { ToolEvent } from "../core/tool-event.ts";
import { crypto } from "../store/crypto.ts";
import { clip, type MindLimits } from "./caps.ts";
import type { MindState } from "./fold.ts";
import { exploredRecords, planRecords, type Stamp } from "./ops.ts";
import type { Unnumbered } from "./records.ts";

/**
 * What a coding agent's host tells the mind without a model, read from the one tool-event log (never
 * captured again): files read, listed, searched or edited → explored paths; URLs fetched → explored URLs; a
 * failing tool → the last error (cleared when the same call later succeeds); the host's todo list
 * (TodoWrite, update_plan, write_todos) → the plan and its step; Claude Code 2.1's task list (TaskCreate,
 * TaskUpdate: one task a call, src/core/task-list.ts) → applied to the list the plan keeps (the same
 * session's), the plan and its step from the result. Pure: the records, from the state they apply to.
 */
export interface FeedMemo {
  /** A hash of the call that failed last (tool and target), so its success can clear the error; no text. */
  failed?: string;
}

/** A failed call's key in the memo: a hash, so the learner's cursor file holds no text a purge names. */
const callKey = (tool: string, target: string) =>
  crypto().createHash("sha256").update(`${tool}\u0000${target}`).digest("hex").slice(0, 16);

const URL_RE = /^https?:\/\//i;

/** The path a search looked in (`pattern in path`), or undefined. */
function searchedIn(target: string): { what: string; where: string } | undefined {
  const i = target.lastIndexOf(" in ");
  return i > 0 ? { what: target.slice(0, i), where: target.slice(i + 4) } : undefined;
}

/** The step a todo list is at: its first item neither done nor dropped (its end when all are). */
function planOf(target: string | readonly Todo[], lim: MindLimits) {
  const todos = typeof target === "string" ? parseTodos(target) : target;
  if (todos.length === 0) return undefined;
  let current = todos.findIndex((t) => t.status === "doing" || t.status === "todo");
  if (current < 0) current = todos.length;
  // A list longer than a plan keeps a window around the step it is at.
  const max = lim.caps.planSteps;
  const start = Math.max(0, Math.min(current - 1, todos.length - max));
  return { steps: todos.slice(start, start + max).map((t) => t.text), current: current - start };
}

/** How many of a host's tasks the plan keeps, per step it shows (the rest: the oldest finished go first). */
const TASKS_PER_STEP = 5;

const samePlan = (s: MindState["plan"], p: { steps: string[]; current: number }) =>
  s !== null && s.current === p.current && s.steps.join("\n") === p.steps.join("\n");

export function toolEventRecords(
  s: MindState,
  events: readonly ToolEvent[],
  lim: MindLimits,
  memo: FeedMemo,
): Unnumbered[] {
  const out: Unnumbered[] = [];
  let plan = s.plan;
  let taskPlanAt = -1;
  let lastRef = "";
  const explored = (ref: string, summary: string, st: Stamp, project: string) => {
    if (ref === lastRef) return;
    lastRef = ref;
    out.push(...exploredRecords(ref, summary, st, lim, URL_RE.test(ref) ? undefined : project));
  };
  for (const e of events) {
    const st: Stamp = { at: e.at, ...(e.session ? { session: e.session } : {}), host: e.host };
    const target = e.target ?? "";
    const call = callKey(e.tool, target);
    if (e.outcome === "error") {
      const why = e.error ?? (e.exit !== undefined ? `exit code ${e.exit}` : "failed");
      const text = clip(
        oneLine(`${e.tool}${target ? ` ${clip(oneLine(target), 80)}` : ""}: ${why}`),
        lim.text.lastError,
      );
      out.push({ ...st, label: "error", text });
      memo.failed = call;
      continue;
    }
    if (e.outcome !== "ok") continue;
    if (memo.failed === call) {
      out.push({ ...st, label: "error", text: "" });
      delete memo.failed;
    }
    if (isTaskTool(e.tool)) {
      const change = parseTaskChange(target);
      if (!change) continue;
      const mine = plan?.tasks && plan.session === e.session ? plan.tasks : [];
      const tasks = applyTaskChange(mine, change, lim.caps.planSteps * TASKS_PER_STEP);
      const p = planOf(tasks, lim) ?? { steps: [], current: 0 };
      const rec = {
        ...st,
        label: "plan" as const,
        steps: p.steps.map((x) => clip(x, lim.text.text)),
        current: p.current,
        tasks,
      };
      // A turn's calls make one plan record: the one this batch wrote last is replaced, not followed.
      if (taskPlanAt >= 0 && taskPlanAt === out.length - 1) out[taskPlanAt] = rec;
      else out.push(rec);
      taskPlanAt = out.length - 1;
      plan = { ...p, setAt: e.at, tasks, ...(e.session ? { session: e.session } : {}) };
      continue;
    }
    if (isTodoTool(e.tool)) {
      const p = planOf(target, lim);
      if (p && !samePlan(plan, p)) {
        out.push(...planRecords(p.steps, p.current, st, lim));
        plan = { ...p, setAt: e.at };
      }
      continue;
    }
    if (!target) continue;
    if (e.kind === "read") explored(resolve(e.cwd, target), "read", st, e.project);
    else if (e.kind === "edit") explored(resolve(e.cwd, target), "edited", st, e.project);
    else if (e.kind === "search") {
      const s2 = searchedIn(target);
      if (s2) explored(resolve(e.cwd, s2.where), `searched: ${clip(oneLine(s2.what), 80)}`, st, e.project);
    } else if (e.kind === "fetch" && URL_RE.test(target)) explored(target, "fetched", st, e.project);
  }
  return out;
}
