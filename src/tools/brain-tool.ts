import { BRAIN_FIELDS, type FieldSpec } from "../core/tool-fields.ts";

export { BRAIN_FIELDS, type FieldKind, type FieldSpec } from "../core/tool-fields.ts";

/**
 * The seed's `brain` tool as hosts see it: one description and one field list shared by every surface (MCP
 * builds zod from it, pi a JSON Schema), so a prompt written for Rho works unchanged everywhere.
 * No zod here: the pi extension and the hooks load this module on their fast path.
 */

export const BRAIN_TOOL_TITLE = "Brain memory (add, update, remove, list, decay, tasks, reminders)";

export const BRAIN_TOOL_DESCRIPTION = [
  "Persistent memory that survives sessions and compaction (a Rho-compatible brain.jsonl).",
  "Pick an `action`:",
  "- add: store an entry; needs `type` plus its fields — learning: text; preference: text + category;",
  "  behavior: text + category (do|dont|value); identity/user: key + value; context: project + path + content;",
  "  task: description (priority, due, tags); reminder: text + cadence + enabled.",
  "- update: change fields of an entry by `id`. remove: tombstone by `id`, or by type + key (identity, user,",
  "  meta) or type + path (context), or every entry of a `type` with `all`; `reason` is optional. These are",
  "  destructive; remove, decay and task_clear take `dry_run` to preview.",
  "- list: entries, optionally by `type`, `id`, a `query` substring, `filter` (task: pending|done|all; reminder:",
  "  active|enabled|disabled|all), `verbose`, `limit`, `offset`. Read-only.",
  "- decay: tombstone stale learnings (destructive). task_done: complete task `id`. task_clear: remove all",
  "  done tasks (destructive). reminder_run: record a run of reminder `id` with `result` ok|error|skipped.",
  "Store learnings that are specific and useful across sessions (e.g. 'This repo uses pnpm not npm');",
  "duplicates are rejected, so adding freely is safe.",
].join("\n");

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
