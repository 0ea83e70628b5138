/**
 * A host's todo list (Claude Code's TodoWrite, Codex's update_plan, Gemini CLI's write_todos) as the
 * tool-event log records it: one line per item, `[x]` done, `[>]` in progress, `[ ]` to do, `[-]` dropped —
 * compact, so a whole list fits the event's target cap where the raw JSON would not. The hooks write it
 * (src/hooks/tool-event.ts); the agent's mind reads it back as its plan (src/mind/feed.ts). Pure.
 */
export const TODO_TOOLS = ["todowrite", "update_plan", "write_todos"] as const;

export type TodoStatus = "done" | "doing" | "todo" | "dropped";
export interface Todo {
  text: string;
  status: TodoStatus;
}

const MARK: Record<TodoStatus, string> = { done: "[x]", doing: "[>]", todo: "[ ]", dropped: "[-]" };
const STATUS: Record<string, TodoStatus> = {
  completed: "done",
  done: "done",
  in_progress: "doing",
  pending: "todo",
  cancelled: "dropped",
  canceled: "dropped",
};

export function isTodoTool(tool: string): boolean {
  return (TODO_TOOLS as readonly string[]).includes(tool.toLowerCase());
}

/** The items of a todo tool's input ({ todos: [{ content | description | step, status }] } or { plan: […] }). */
export function todosOf(input: unknown): Todo[] | undefined {
  if (input === null || typeof input !== "object") return undefined;
  const o = input as Record<string, unknown>;
  const list = Array.isArray(o.todos) ? o.todos : Array.isArray(o.plan) ? o.plan : undefined;
  if (!list) return undefined;
  const out: Todo[] = [];
  for (const x of list) {
    if (x === null || typeof x !== "object") continue;
    const i = x as Record<string, unknown>;
    const text = [i.content, i.description, i.step, i.text].find((v) => typeof v === "string" && v.trim());
    if (typeof text !== "string") continue;
    out.push({ text: text.replace(/\s+/g, " ").trim(), status: STATUS[String(i.status)] ?? "todo" });
  }
  return out;
}

export function formatTodos(todos: readonly Todo[]): string {
  return todos.map((t) => `${MARK[t.status]} ${t.text}`).join("\n");
}

const LINE = /^\[([ x>-])\] (.+)$/;
const BY_MARK: Record<string, TodoStatus> = { x: "done", ">": "doing", " ": "todo", "-": "dropped" };

/** The items of a formatted list (lines that are not items — a cut's ellipsis — are passed over). */
export function parseTodos(text: string): Todo[] {
  const out: Todo[] = [];
  for (const line of text.split("\n")) {
    const m = LINE.exec(line);
    if (m) out.push({ text: m[2] as string, status: BY_MARK[m[1] as string] as TodoStatus });
  }
  return out;
}
