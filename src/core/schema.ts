import { z } from "zod";
import { checkCadence } from "./cadence.ts";
import { CREATED, ENTRY_TABLE, type FieldDef, type TableType, typeDef } from "./entry-types.ts";
import { BrainError } from "./errors.ts";
import type { BaseEntry } from "./types.ts";

/**
 * The schema registry (seed 000): required fields and enums per entry type, checked before every write,
 * built from the entry table (core/entry-types.ts). Objects are loose: fields we do not know are kept. Reads
 * never go through here — a log written by Rho loads as it is — so this module (and zod) is imported only by
 * write paths.
 */
const text = z.string().trim().min(1, "must not be empty");
const iso = z.string().refine((s) => !Number.isNaN(Date.parse(s)), "must be an ISO 8601 date");

function fieldSchema(def: FieldDef): z.ZodType {
  let s: z.ZodType;
  switch (def.kind) {
    case "text":
      s = text;
      break;
    case "date":
      s = iso;
      break;
    case "enum":
      s = z.enum(def.values as [string, ...string[]]);
      break;
    case "boolean":
      s = z.boolean();
      break;
    case "tags":
      s = z.array(z.string());
      break;
    case "cadence":
      // Checked by checkCadence after the schema (its errors say what a cadence looks like).
      s = z.unknown();
      break;
    default:
      s = z.string();
  }
  if (def.nullable) s = s.nullable();
  return def.required ? s : s.optional();
}

function typeSchema(type: TableType): z.ZodObject {
  const fields = ENTRY_TABLE[type].fields as Record<string, FieldDef>;
  return z.looseObject({
    id: z.string().min(1),
    created: fieldSchema(CREATED),
    type: z.literal(type),
    ...Object.fromEntries(Object.entries(fields).map(([name, def]) => [name, fieldSchema(def)])),
  });
}

const built = new Map<TableType, z.ZodObject>();

/** The schema of a type, built on its first write. */
export function schemaOf(type: TableType): z.ZodObject {
  let s = built.get(type);
  if (!s) {
    s = typeSchema(type);
    built.set(type, s);
  }
  return s;
}

/** Every type's schema (each built when first read). */
export const SCHEMAS: Readonly<Record<TableType, z.ZodObject>> = Object.defineProperties(
  {} as Record<TableType, z.ZodObject>,
  Object.fromEntries(
    (Object.keys(ENTRY_TABLE) as TableType[]).map((t) => [t, { enumerable: true, get: () => schemaOf(t) }]),
  ),
);

/** An entry of one type as the registry accepts it (the table's type, core/entry-types.ts). */
export type { EntryOf } from "./entry-types.ts";

/** Validate an entry about to be written; the error names the type and the field. */
export function validateEntry(entry: Record<string, unknown>): BaseEntry {
  const type = entry.type;
  if (typeof type !== "string" || !type) throw new BrainError("INVALID", "entry requires type");
  if (!typeDef(type)) {
    throw new BrainError(
      "INVALID",
      `unknown type "${type}" (valid: ${Object.keys(ENTRY_TABLE).join(", ")})`,
      {
        field: "type",
      },
    );
  }
  const r = schemaOf(type as TableType).safeParse(entry);
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
  for (const [field, def] of Object.entries(
    ENTRY_TABLE[type as TableType].fields as Record<string, FieldDef>,
  )) {
    if (def.kind !== "cadence") continue;
    try {
      checkCadence(entry[field]);
    } catch (e) {
      throw new BrainError("INVALID", `${type} field "${field}": ${(e as Error).message}`, { type, field });
    }
  }
  return entry as BaseEntry;
}
