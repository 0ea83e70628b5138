/**
 * What every reader may assume about a loaded entry: each field the schema registry (schema.ts) knows is,
 * when present and not null, of the JSON type the registry gives it. The scanner checks every line of a
 * known type against this table when it parses it; a line that does not match is a reported bad line, so
 * no reader (scoring, rendering, recall, export) ever meets an object where it expects text — an object
 * like {"toString":1} makes String(), template literals and `+` throw.
 *
 * Only JSON types are checked, not the registry's stricter write rules (non-empty, enums, ISO dates):
 * a missing field, an empty string or a status a newer Rho invented still loads, as it does in Rho. The
 * table lists the same fields as the registry; a test keeps the two in step. Pure and zod-free (it runs
 * on every line of every read).
 */
type Kind = "string" | "boolean" | "strings" | "any";

const S = "string" as const;
const common = { created: S } as const;
const memory = { importance: S, pinned: "boolean" } as const;

export const FIELD_KINDS: Readonly<Record<string, Readonly<Record<string, Kind>>>> = {
  behavior: { ...common, category: S, text: S },
  identity: { ...common, key: S, value: S },
  user: { ...common, key: S, value: S },
  learning: { ...common, text: S, source: S, scope: S, projectPath: S, ...memory },
  preference: { ...common, text: S, category: S, ...memory },
  context: { ...common, project: S, path: S, content: S },
  task: {
    ...common,
    description: S,
    status: S,
    priority: S,
    tags: "strings",
    due: S,
    completedAt: S,
  },
  reminder: {
    ...common,
    text: S,
    // Readers check a cadence themselves (checkCadence) before using it.
    cadence: "any",
    enabled: "boolean",
    priority: S,
    tags: "strings",
    last_run: S,
    next_due: S,
    last_result: S,
    last_error: S,
  },
  tombstone: { ...common, target_id: S, target_type: S, reason: S },
  meta: { ...common, key: S, value: S },
  episode: { ...common, session: S, turn: S, speaker: S, text: S, date: S, source: S, role: S },
};

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
  if (!Object.hasOwn(FIELD_KINDS, type)) return null;
  const kinds = FIELD_KINDS[type] as Record<string, Kind>;
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
