import type { HookSettings } from "../config-hooks.ts";
import { formatTaskChange, isTaskTool, taskChangeOf } from "../core/task-list.ts";
import { formatTodos, isTodoTool, todosOf } from "../core/todo.ts";
import type { ToolEvent, ToolKind } from "../core/tool-event.ts";
import type { ToolCall } from "./host-types.ts";
import { redactForHook } from "./redact.ts";
import { toolChange } from "./tool-change.ts";

/**
 * A tool call as one tool-event record: its kind (command, read, edit, search, fetch, other) from the
 * tool's name, its target (the command, file path, search or URL) from the tool's arguments, its outcome and
 * error — each text capped (head and tail kept) and passed through the hook's secret pass. The caps are the
 * settings' `hooks.toolTargetChars` / `hooks.toolErrorChars`. An edit also keeps an excerpt of its change (the
 * text replaced → the new text, `hooks.toolChangeChars` of each: src/hooks/tool-change.ts).
 */

/** Tool names by kind, lower-case, across hosts (Claude Code, pi, Codex, Gemini CLI, Copilot CLI, Cursor). */
// biome-ignore format: a table reads best as one
const KINDS: Record<Exclude<ToolKind, "other">, string[]> = {
  command: ["bash", "shell", "exec", "exec_command", "local_shell", "run_shell_command", "run_terminal_cmd", "terminal", "powershell"],
  read:    ["read", "read_file", "readfile", "read_many_files", "view", "notebookread", "cat"],
  edit:    ["edit", "multiedit", "write", "write_file", "notebookedit", "replace", "apply_patch", "str_replace_editor", "create_file", "edit_file", "search_replace"],
  search:  ["grep", "glob", "ls", "find", "list_directory", "list_dir", "search", "codebase_search", "search_file_content", "file_search", "grep_search"],
  fetch:   ["webfetch", "web_fetch", "websearch", "web_search", "fetch", "google_web_search", "fetch_url"],
};
const KIND_OF = new Map(Object.entries(KINDS).flatMap(([k, names]) => names.map((n) => [n, k as ToolKind])));

export function toolKind(tool: string): ToolKind {
  return KIND_OF.get(tool.toLowerCase()) ?? "other";
}

const FIELDS: Record<ToolKind, string[]> = {
  command: ["command", "cmd", "commandLine", "script"],
  read: ["file_path", "path", "filePath", "notebook_path", "absolute_path", "target_file", "file"],
  edit: ["file_path", "path", "filePath", "notebook_path", "absolute_path", "target_file", "file"],
  search: ["pattern", "query", "regex", "glob", "path"],
  fetch: ["url", "query"],
  other: [],
};

const text = (v: unknown): string | undefined =>
  typeof v === "string" && v !== ""
    ? v
    : Array.isArray(v) && v.length > 0 && v.every((w) => typeof w === "string")
      ? v.join(" ")
      : undefined;

/** Keep `max` characters: the head and the tail, with an ellipsis between. */
export function cap(s: string, max: number): string {
  if (s.length <= max) return s;
  const head = Math.ceil((max - 1) / 2);
  return `${s.slice(0, head)}…${s.slice(s.length - (max - 1 - head))}`;
}

/** `s` capped to `max` and redacted: cut to a bounded size first (the regexes see at most 4×max). */
function kept(s: string, max: number): string {
  return cap(redactForHook(cap(s, max * 4)), max);
}

/** What the call was about: the command, path, search (and where) or URL; else its arguments as JSON. */
export function toolTarget(kind: ToolKind, input: unknown): string | undefined {
  if (typeof input === "string") return input || undefined;
  if (typeof input !== "object" || input === null) return undefined;
  const o = input as Record<string, unknown>;
  if (kind === "search") {
    const what = text(o.pattern) ?? text(o.query) ?? text(o.regex) ?? text(o.glob);
    const where = text(o.path) ?? text(o.dir_path) ?? text(o.directory);
    if (what) return where ? `${what} in ${where}` : what;
  }
  for (const k of FIELDS[kind]) {
    const v = text(o[k]);
    if (v) return v;
  }
  const json = JSON.stringify(input);
  return json === "{}" ? undefined : json;
}

/** The exit code a failure message names ("Exit code 2", "exited with code 1", "exit status 127"). */
export function exitCodeIn(text: string | undefined): number | undefined {
  const m = text
    ? /\bexit(?:ed with)?(?: non-zero)? (?:code|status)(?: code)?:? *(-?\d{1,3})\b/i.exec(text)
    : null;
  return m ? Number(m[1]) : undefined;
}

export interface ToolEventContext {
  host: string;
  session?: string;
  cwd: string;
  project: string;
  at: Date;
  /** The host's id of the call. */
  id?: string;
}

export function toolEventOf(
  call: ToolCall,
  c: ToolEventContext,
  caps: Pick<HookSettings, "toolTargetChars" | "toolErrorChars"> &
    Partial<Pick<HookSettings, "toolChangeChars">>,
): ToolEvent {
  const kind = toolKind(call.tool);
  // A todo list is kept as compact lines (src/core/todo.ts): the agent's plan, whole within the cap.
  // Claude Code 2.1's task tools change one task a call: the change, with the id the response gave a new one.
  const todos = isTodoTool(call.tool) ? todosOf(call.input) : undefined;
  const task = isTaskTool(call.tool) ? taskChangeOf(call.tool, call.input, call.response) : undefined;
  const target = todos ? formatTodos(todos) : task ? formatTaskChange(task) : toolTarget(kind, call.input);
  const error = call.error?.trim();
  const change = kind === "edit" ? toolChange(call.input, caps.toolChangeChars ?? 0) : undefined;
  return {
    at: c.at.toISOString(),
    host: c.host,
    ...(c.session ? { session: c.session } : {}),
    cwd: c.cwd,
    project: c.project,
    tool: cap(call.tool, caps.toolTargetChars),
    kind,
    ...(target ? { target: kept(target, caps.toolTargetChars) } : {}),
    outcome: call.outcome,
    ...(call.exit !== undefined ? { exit: call.exit } : {}),
    ...(error ? { error: kept(error, caps.toolErrorChars) } : {}),
    ...(c.id ? { id: cap(c.id, 200) } : {}),
    ...(call.ms !== undefined ? { ms: call.ms } : {}),
    ...(change?.before !== undefined ? { before: change.before } : {}),
    ...(change?.after !== undefined ? { after: change.after } : {}),
  };
}
