import { z } from "zod";
import { checkCadence } from "./cadence.ts";
import { BrainError } from "./errors.ts";
import type { BaseEntry } from "./types.ts";

/**
 * The schema registry (seed 000): required fields and enums per entry type, checked before every write.
 * Objects are loose: fields we do not know are kept. Reads never go through here — a log written by Rho
 * loads as it is — so this module (and zod) is imported only by write paths.
 */
const text = z.string().trim().min(1, "must not be empty");
const iso = z.string().refine((s) => !Number.isNaN(Date.parse(s)), "must be an ISO 8601 date");
const nullableIso = iso.nullable();
const priority = z.enum(["urgent", "high", "normal", "low"]);
const base = { id: z.string().min(1), created: iso };
/** How much a memory matters (seed 002): counts in its score; `high` never decays. */
const memory = { importance: z.enum(["low", "medium", "high"]).optional(), pinned: z.boolean().optional() };

export const SCHEMAS = {
  behavior: z.looseObject({
    ...base,
    type: z.literal("behavior"),
    category: z.enum(["do", "dont", "value"]),
    text,
  }),
  identity: z.looseObject({ ...base, type: z.literal("identity"), key: text, value: text }),
  user: z.looseObject({ ...base, type: z.literal("user"), key: text, value: text }),
  learning: z.looseObject({
    ...base,
    type: z.literal("learning"),
    text,
    source: z.string().optional(),
    scope: z.enum(["global", "project", "personal"]).optional(),
    projectPath: z.string().optional(),
    ...memory,
  }),
  preference: z.looseObject({ ...base, type: z.literal("preference"), text, category: text, ...memory }),
  context: z.looseObject({ ...base, type: z.literal("context"), project: text, path: text, content: text }),
  task: z.looseObject({
    ...base,
    type: z.literal("task"),
    description: text,
    status: z.enum(["pending", "done"]).optional(),
    priority: priority.optional(),
    tags: z.array(z.string()).optional(),
    due: nullableIso.optional(),
    completedAt: nullableIso.optional(),
  }),
  reminder: z.looseObject({
    ...base,
    type: z.literal("reminder"),
    text,
    cadence: z.unknown(),
    enabled: z.boolean(),
    priority: priority.optional(),
    tags: z.array(z.string()).optional(),
    last_run: nullableIso.optional(),
    next_due: nullableIso.optional(),
    last_result: z.enum(["ok", "error", "skipped"]).nullable().optional(),
    last_error: z.string().nullable().optional(),
  }),
  tombstone: z.looseObject({
    ...base,
    type: z.literal("tombstone"),
    target_id: text,
    target_type: text,
    reason: text,
  }),
  meta: z.looseObject({ ...base, type: z.literal("meta"), key: text, value: z.string() }),
  /** A conversation turn; lives in episodes.jsonl only (brain.jsonl's writers never accept it). */
  episode: z.looseObject({
    ...base,
    type: z.literal("episode"),
    session: text,
    turn: text,
    speaker: text,
    text,
    date: iso,
    source: text,
    role: z.string().optional(),
  }),
} as const;

/** An entry of one type as the schema registry accepts it (derived from the schema, never written twice). */
export type EntryOf<T extends keyof typeof SCHEMAS> = z.infer<(typeof SCHEMAS)[T]>;

/** Validate an entry about to be written; the error names the type and the field. */
export function validateEntry(entry: Record<string, unknown>): BaseEntry {
  const type = entry.type;
  if (typeof type !== "string" || !type) throw new BrainError("INVALID", "entry requires type");
  const schema = (SCHEMAS as Record<string, z.ZodType>)[type];
  if (!schema) {
    throw new BrainError("INVALID", `unknown type "${type}" (valid: ${Object.keys(SCHEMAS).join(", ")})`, {
      field: "type",
    });
  }
  const r = schema.safeParse(entry);
  if (!r.success) {
    const issue = r.error.issues[0] as z.core.$ZodIssue;
    const field = String(issue.path[0] ?? "");
    const value = entry[field];
    if (value === undefined || value === null) {
      throw new BrainError("INVALID", `${type} requires ${field}`, { type, field });
    }
    if (issue.code === "invalid_value" && "values" in issue) {
      throw new BrainError(
        "INVALID",
        `${type} field "${field}" must be one of: ${(issue.values as unknown[]).join(", ")} (got ${JSON.stringify(value)})`,
        { type, field },
      );
    }
    throw new BrainError(
      "INVALID",
      `${type} field "${field}" ${issue.message.charAt(0).toLowerCase()}${issue.message.slice(1)} (got ${JSON.stringify(value)})`,
      {
        type,
        field,
      },
    );
  }
  if (type === "reminder") {
    try {
      checkCadence(entry.cadence);
    } catch (e) {
      throw new BrainError("INVALID", `reminder field "cadence": ${(e as Error).message}`, {
        type,
        field: "cadence",
      });
    }
  }
  return entry as BaseEntry;
}
