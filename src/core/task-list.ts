import type { Todo, TodoStatus } from "./todo.ts";

/**
 * Claude Code's task list (2.1: TaskCreate, TaskUpdate — it offers no TodoWrite any more): unlike a todo
 * tool, each call changes one task, so the tool-event log keeps the change (`#<id> [<mark>] <subject>`, one
 * line) and the agent's mind keeps the whole list beside its plan to apply the next change to
 * (src/mind/feed.ts). Payloads as Claude Code 2.1.197 sends them (test/e2e/claude-mind.e2e.ts):
 *   TaskCreate  input { subject, description, activeForm? }   response { task: { id, subject } }
 *   TaskUpdate  input { taskId, status?, subject?, … }         response { success, taskId, updatedFields }
 * with status pending | in_progress | completed | deleted. Pure.
 */
export const TASK_TOOLS = ["taskcreate", "taskupdate"] as const;

export function isTaskTool(tool: string): boolean {
  return (TASK_TOOLS as readonly string[]).includes(tool.toLowerCase());
}

/** One task's change: its id (absent: a new task whose id the host did not say), status, subject. */
export interface TaskChange {
  id?: string;
  status?: TodoStatus | "deleted";
  text?: string;
}

/** A task of the host's list as the mind keeps it. */
export interface HostTask extends Todo {
  id: string;
}

const STATUS: Record<string, TaskChange["status"]> = {
  pending: "todo",
  in_progress: "doing",
  completed: "done",
  deleted: "deleted",
};
const MARK: Record<NonNullable<TaskChange["status"]>, string> = {
  todo: "[ ]",
  doing: "[>]",
  done: "[x]",
  dropped: "[-]",
  deleted: "[deleted]",
};
const BY_MARK: Record<string, NonNullable<TaskChange["status"]>> = Object.fromEntries(
  Object.entries(MARK).map(([k, v]) => [v, k as NonNullable<TaskChange["status"]>]),
);

const str = (v: unknown): string | undefined =>
  typeof v === "string" && v.trim() ? v.replace(/\s+/g, " ").trim() : undefined;
const obj = (v: unknown): Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** The change a task tool's call made (a new task's id from the host's response), or undefined. */
export function taskChangeOf(tool: string, input: unknown, response?: unknown): TaskChange | undefined {
  const i = obj(input);
  const text = str(i.subject);
  if (tool.toLowerCase() === "taskcreate") {
    if (!text) return undefined;
    const id = str(obj(obj(response).task).id);
    return { ...(id ? { id } : {}), status: "todo", text };
  }
  const id = str(i.taskId) ?? str(i.task_id) ?? str(i.id);
  if (!id) return undefined;
  const status = STATUS[String(i.status)];
  return { id, ...(status ? { status } : {}), ...(text ? { text } : {}) };
}

/** `#<id> [<mark>] <subject>` (each part only when known; `#?` a new task without its id). */
export function formatTaskChange(c: TaskChange): string {
  return [`#${c.id ?? "?"}`, c.status ? MARK[c.status] : "", c.text ?? ""].filter(Boolean).join(" ");
}

const LINE = /^#(\S+)(?: (\[(?: |x|>|-|deleted)\]))?(?: (.+))?$/;

export function parseTaskChange(line: string): TaskChange | undefined {
  const m = LINE.exec(line.trim());
  if (!m) return undefined;
  const [, id, mark, text] = m;
  return {
    ...(id && id !== "?" ? { id } : {}),
    ...(mark ? { status: BY_MARK[mark] } : {}),
    ...(text ? { text } : {}),
  };
}

/**
 * The list after a change: a new id is added (a task without one gets the next number), a known one updated
 * or, deleted, removed. At most `max` tasks: the oldest finished ones go first, then the oldest.
 */
export function applyTaskChange(list: readonly HostTask[], c: TaskChange, max: number): HostTask[] {
  const out = list.map((t) => ({ ...t }));
  const at = c.id === undefined ? -1 : out.findIndex((t) => t.id === c.id);
  if (c.status === "deleted") {
    if (at >= 0) out.splice(at, 1);
    return out;
  }
  if (at >= 0) {
    const t = out[at] as HostTask;
    if (c.status) t.status = c.status;
    if (c.text) t.text = c.text;
  } else if (c.text) {
    const id = c.id ?? String(out.reduce((m, t) => Math.max(m, Number(t.id) || 0), 0) + 1);
    out.push({ id, text: c.text, status: c.status ?? "todo" });
  }
  while (out.length > Math.max(1, max)) {
    const done = out.findIndex((t) => t.status === "done" || t.status === "dropped");
    out.splice(Math.max(done, 0), 1);
  }
  return out;
}

/** Tasks as the mind keeps them, from a stored value (what is not a task is passed over). */
export function hostTasks(v: unknown): HostTask[] {
  if (!Array.isArray(v)) return [];
  const ok = new Set<string>(["todo", "doing", "done", "dropped"]);
  return v.flatMap((x) => {
    const o = obj(x);
    return typeof o.id === "string" && typeof o.text === "string" && ok.has(String(o.status))
      ? [{ id: o.id, text: o.text, status: o.status as TodoStatus }]
      : [];
  });
}
