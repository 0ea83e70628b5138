import { ACTIONS } from "./action-names.ts";
import { ENTRY_TABLE, FIELD_DOCS, type FieldDef } from "./entry-types.ts";
import { LIVE_TYPES } from "./types.ts";

/**
 * The brain tool's parameters: one list for every surface (the MCP and pi tool schemas, the CLI's help and
 * coercion, and the check that refuses a parameter nobody knows). The entry fields among them are derived
 * from the entry table (core/entry-types.ts); the rest steer the action. Pure data, no zod: hooks load it
 * on their fast path.
 */
export type FieldKind = "string" | "enum" | "boolean" | "integer" | "tags" | "cadence";

export interface FieldSpec {
  name: string;
  kind: FieldKind;
  description: string;
  values?: readonly string[];
}

const HEAD: readonly FieldSpec[] = [
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
];

const CONTROL: readonly FieldSpec[] = [
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

/** Every field a caller may set, with its definition in each live type that has it (table order). */
export const CALLER_FIELDS: ReadonlyMap<string, readonly FieldDef[]> = (() => {
  const out = new Map<string, FieldDef[]>();
  for (const type of LIVE_TYPES) {
    for (const [name, def] of Object.entries(ENTRY_TABLE[type].fields as Record<string, FieldDef>)) {
      const defs = out.get(name);
      if (defs) defs.push(def);
      else out.set(name, [def]);
    }
  }
  return out;
})();

/** One parameter for a field of several types: an enum only where every type has the same values. */
function paramKind(defs: readonly FieldDef[]): Pick<FieldSpec, "kind" | "values"> {
  const [first] = defs;
  const same = (k: FieldDef["kind"]) => defs.every((d) => d.kind === k);
  if (same("boolean")) return { kind: "boolean" };
  if (same("tags")) return { kind: "tags" };
  if (same("cadence")) return { kind: "cadence" };
  const values = first?.values;
  if (values && same("enum") && defs.every((d) => d.values?.join("\0") === values.join("\0")))
    return { kind: "enum", values };
  return { kind: "string" };
}

export const BRAIN_FIELDS: readonly FieldSpec[] = [
  ...HEAD,
  ...Object.entries(FIELD_DOCS).map(([name, description]) => ({
    name,
    ...paramKind(CALLER_FIELDS.get(name) ?? []),
    description,
  })),
  ...CONTROL,
];

/**
 * Names a caller may pass to the brain tool; anything else is a typo, refused with a suggestion. Besides the
 * advertised ones: `created`, the tracking fields the actions maintain (status, last_run …), `reinforced`
 * (how often the learner met a memory again, src/learn/memory-store.ts) and `used` (how often a prompt
 * brought it back, src/learn/use.ts) — Brain's own, not in the registry, so never checked — and `json`.
 */
export const KNOWN_PARAMS: readonly string[] = [
  ...BRAIN_FIELDS.map((f) => f.name),
  "created",
  ...[...CALLER_FIELDS.keys()].filter((name) => !Object.hasOwn(FIELD_DOCS, name)),
  "reinforced",
  "used",
  "json",
];
