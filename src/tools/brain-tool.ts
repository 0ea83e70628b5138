import { ACTIONS } from "../core/actions.ts";
import { LIVE_TYPES } from "../core/types.ts";

/**
 * The seed's `brain` tool as hosts see it: one description and one field list shared by every surface (MCP
 * builds zod from it, pi a JSON Schema), so a prompt written for Rho works unchanged everywhere.
 * No zod here: the pi extension and the hooks load this module on their fast path.
 */
export type FieldKind = "string" | "enum" | "boolean" | "integer" | "tags" | "cadence";

export interface FieldSpec {
  name: string;
  kind: FieldKind;
  description: string;
  values?: readonly string[];
}

export const BRAIN_TOOL_TITLE = "Brain memory (add, update, remove, list, decay, tasks, reminders)";

export const BRAIN_TOOL_DESCRIPTION = [
  "Persistent memory that survives sessions and compaction (a Rho-compatible brain.jsonl).",
  "Pick an `action`:",
  "- add: store an entry; needs `type` plus its fields — learning: text; preference: text + category;",
  "  behavior: text + category (do|dont|value); identity/user: key + value; context: project + path + content;",
  "  task: description (priority, due, tags); reminder: text + cadence + enabled.",
  "- update: change fields of an entry by `id`. remove: tombstone by `id`, or by type + key (identity, user,",
  "  meta) or type + path (context); `reason` is optional. These are destructive.",
  "- list: entries, optionally by `type`, a `query` substring, `filter` (task: pending|done|all; reminder:",
  "  active|enabled|disabled|all), `verbose`, `limit`, `offset`. Read-only.",
  "- decay: tombstone stale learnings (destructive). task_done: complete task `id`. task_clear: remove all",
  "  done tasks (destructive). reminder_run: record a run of reminder `id` with `result` ok|error|skipped.",
  "Store learnings that are specific and useful across sessions (e.g. 'This repo uses pnpm not npm');",
  "duplicates are rejected, so adding freely is safe.",
].join("\n");

export const BRAIN_FIELDS: readonly FieldSpec[] = [
  { name: "action", kind: "enum", values: ACTIONS, description: "What to do (see the tool description)." },
  {
    name: "type",
    kind: "enum",
    values: LIVE_TYPES,
    description: "Entry type: required for add; narrows list; with key/path removes a keyed entry.",
  },
  {
    name: "id",
    kind: "string",
    description: "Entry id (8 hex characters) for update, remove, task_done, reminder_run.",
  },
  { name: "text", kind: "string", description: "The text of a learning, preference, behavior or reminder." },
  {
    name: "category",
    kind: "string",
    description:
      "behavior: do | dont | value. preference: Communication, Code, Tools, Workflow, General or any.",
  },
  { name: "key", kind: "string", description: "identity / user / meta key, e.g. name, timezone." },
  { name: "value", kind: "string", description: "identity / user / meta value." },
  { name: "project", kind: "string", description: "context: project name." },
  { name: "path", kind: "string", description: "context: absolute project directory it applies to." },
  { name: "content", kind: "string", description: "context: what to know when working in that directory." },
  { name: "description", kind: "string", description: "task: what needs doing." },
  {
    name: "priority",
    kind: "string",
    description: "task / reminder priority: urgent | high | normal | low.",
  },
  { name: "due", kind: "string", description: "task due date, ISO 8601 (e.g. 2026-02-15)." },
  { name: "tags", kind: "tags", description: "task / reminder tags: a list or comma-separated string." },
  {
    name: "cadence",
    kind: "cadence",
    description:
      'reminder schedule: {"kind":"interval","every":"6h"} or {"kind":"daily","at":"08:00"}, or 6h / 08:00.',
  },
  { name: "enabled", kind: "boolean", description: "reminder: whether it runs." },
  { name: "source", kind: "string", description: "learning: auto | manual." },
  { name: "scope", kind: "string", description: "learning: global | project." },
  { name: "projectPath", kind: "string", description: "learning with scope project: the project directory." },
  { name: "reason", kind: "string", description: "remove: why (kept in the tombstone)." },
  { name: "query", kind: "string", description: "list: case-insensitive substring to search for." },
  {
    name: "filter",
    kind: "string",
    description: "list: task pending|done|all; reminder active|enabled|disabled|all.",
  },
  { name: "verbose", kind: "boolean", description: "list: full JSON of each entry." },
  { name: "limit", kind: "integer", description: "list: at most this many entries." },
  { name: "offset", kind: "integer", description: "list: skip this many entries (paging)." },
  {
    name: "result",
    kind: "enum",
    values: ["ok", "error", "skipped"],
    description: "reminder_run: the outcome.",
  },
  { name: "error", kind: "string", description: "reminder_run with result=error: the error message." },
];

type JsonSchema = Record<string, unknown>;

function fieldSchema(f: FieldSpec): JsonSchema {
  const d = { description: f.description };
  switch (f.kind) {
    case "enum":
      return { type: "string", enum: [...(f.values ?? [])], ...d };
    case "boolean":
      return { type: "boolean", ...d };
    case "integer":
      return { type: "integer", minimum: 0, ...d };
    case "tags":
      return { anyOf: [{ type: "array", items: { type: "string" } }, { type: "string" }], ...d };
    case "cadence":
      return { anyOf: [{ type: "object" }, { type: "string" }], ...d };
    default:
      return { type: "string", ...d };
  }
}

/** The tool's parameters as JSON Schema (pi validates and coerces plain JSON Schema). */
export function brainToolJsonSchema(): JsonSchema {
  return {
    type: "object",
    properties: Object.fromEntries(BRAIN_FIELDS.map((f) => [f.name, fieldSchema(f)])),
    required: ["action"],
    additionalProperties: true,
  };
}
