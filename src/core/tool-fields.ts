import { ACTIONS } from "./action-names.ts";
import { LIVE_TYPES } from "./types.ts";

/**
 * The brain tool's parameters: one list for every surface (the MCP and pi tool schemas, the CLI's help, and
 * the check that refuses a parameter nobody knows). Pure data, no zod: hooks load it on their fast path.
 */
export type FieldKind = "string" | "enum" | "boolean" | "integer" | "tags" | "cadence";

export interface FieldSpec {
  name: string;
  kind: FieldKind;
  description: string;
  values?: readonly string[];
}

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
    description:
      "Entry id (8 hex characters) for update, remove, task_done, reminder_run; update and remove also take the #id a memory line in the context ends with (a unique prefix).",
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
  { name: "scope", kind: "string", description: "learning: global | project | personal (own only)." },
  { name: "projectPath", kind: "string", description: "learning with scope project: the project directory." },
  {
    name: "importance",
    kind: "enum",
    values: ["low", "medium", "high"],
    description: "learning / preference: how much it matters (default medium); high never decays.",
  },
  {
    name: "pinned",
    kind: "boolean",
    description: "learning / preference: shown in every context (within the budget); never decays.",
  },
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
  {
    name: "all",
    kind: "boolean",
    description: "remove: every live entry of `type` (one tombstone each); try with dry_run first.",
  },
  {
    name: "dry_run",
    kind: "boolean",
    description: "remove, decay, task_clear: say what would be removed and write nothing.",
  },
  {
    name: "purge",
    kind: "boolean",
    description:
      "remove: take the entry's lines out of the log (and everything derived from them) instead of tombstoning it — for a secret stored by mistake.",
  },
];

/**
 * Stored fields a caller may also set (on update) that the tool does not advertise. Every field of the
 * schema registry (src/core/schema.ts) is either here or in BRAIN_FIELDS (test/core/params-known.test.ts).
 */
const ENTRY_FIELDS = [
  "created",
  "status",
  "completedAt",
  "last_run",
  "next_due",
  "last_result",
  "last_error",
  // How often the learner met this memory again (src/learn/memory-store.ts).
  "reinforced",
];

/** Names a caller may pass to the brain tool; anything else is a typo, refused with a suggestion. */
export const KNOWN_PARAMS: readonly string[] = [...BRAIN_FIELDS.map((f) => f.name), ...ENTRY_FIELDS, "json"];
