import { CREATED, ENTRY_TABLE, type FieldDef } from "./entry-types.ts";

/**
 * What every reader may assume about a loaded entry: each field the entry table (core/entry-types.ts) knows
 * is, when present and not null, of the JSON type the table gives it. The scanner checks every line of a
 * known type against this when it parses it; a line that does not match is a reported bad line, so no
 * reader (scoring, rendering, recall, export) ever meets an object where it expects text — an object like
 * {"toString":1} makes String(), template literals and `+` throw.
 *
 * Only JSON types are checked, not the registry's stricter write rules (non-empty, enums, ISO dates):
 * a missing field, an empty string or a status a newer Rho invented still loads, as it does in Rho.
 * Derived from the same table as the write path's zod schemas; pure and zod-free (it runs on every line
 * of every read).
 */
type Kind = "string" | "boolean" | "strings" | "any";

/** The JSON type a field of this kind holds. Readers check a cadence themselves (checkCadence) before use. */
function readKind(def: FieldDef): Kind {
  switch (def.kind) {
    case "boolean":
      return "boolean";
    case "tags":
      return "strings";
    case "cadence":
      return "any";
    default:
      return "string";
  }
}

type FieldKinds = Readonly<Record<string, Readonly<Record<string, Kind>>>>;
let kindsByType: FieldKinds | undefined;

/**
 * Each type's fields and the JSON type each holds, derived from the table on first use: the hooks' bundle
 * reaches this module through the log scanner without ever scanning entries, and building it when the module
 * loads cost every hook ~1 M instructions (cachegrind, bench/hooks.ts's stop and session-end).
 */
export function fieldKinds(): FieldKinds {
  kindsByType ??= Object.fromEntries(
    Object.entries(ENTRY_TABLE).map(([type, def]) => [
      type,
      Object.fromEntries(
        Object.entries({ created: CREATED, ...def.fields }).map(([f, d]) => [f, readKind(d as FieldDef)]),
      ),
    ]),
  );
  return kindsByType;
}

function jsonKind(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  return typeof v === "object" ? "an object" : `a ${typeof v}`;
}

function fits(kind: Kind, v: unknown): boolean {
  switch (kind) {
    case "string":
      return typeof v === "string";
    case "boolean":
      return typeof v === "boolean";
    case "strings":
      return Array.isArray(v) && v.every((x) => typeof x === "string");
    default:
      return true;
  }
}

const WANT: Record<Kind, string> = {
  string: "a string",
  boolean: "true or false",
  strings: "a list of strings",
  any: "anything",
};

/**
 * Why a parsed entry of a known type cannot be handed to readers (e.g. `field "category" is an object,
 * not a string`), or null when it can. Types outside the table (unknown ones) are not checked here.
 */
export function shapeProblem(entry: Record<string, unknown>): string | null {
  const type = entry.type as string;
  const all = fieldKinds();
  if (!Object.hasOwn(all, type)) return null;
  const kinds = all[type] as Record<string, Kind>;
  for (const field in kinds) {
    const v = entry[field];
    if (v === undefined || v === null) continue;
    const kind = kinds[field] as Kind;
    if (fits(kind, v)) continue;
    if (kind === "strings" && Array.isArray(v)) {
      return `field "${field}" holds ${jsonKind(v.find((x) => typeof x !== "string"))}, not only strings`;
    }
    return `field "${field}" is ${jsonKind(v)}, not ${WANT[kind]}`;
  }
  return null;
}
