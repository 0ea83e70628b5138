/**
 * One table per entry type: seed 000's schema registry (fields, required, enums) and what the rest of Brain
 * knows about a type (its natural key, dedup, decay, fold, search, stats letter, prompt section). Everything
 * else is derived from it, never written twice:
 *  - the zod schemas of the write path (core/schema.ts, loaded on first write: zod costs start-up);
 *  - the zod-free read-side shape check (core/entry-shape.ts);
 *  - the brain tool's parameters for MCP, pi, HTTP and the CLI (core/tool-fields.ts);
 *  - the type lists and per-type sets (core/types.ts), the fold's collections, list order, recall's indexed
 *    types and fields, the stats line.
 * test/core/entry-table.test.ts checks every derived artefact against this table. Pure data, no zod.
 *
 * The ORDER of the types is persisted: it is the listing order and the type code of fold snapshots.
 */

/**
 * A field's kind: `text` a non-empty string, `string` any string, `date` an ISO 8601 string, `enum` one of
 * `values`, `tags` a list of strings, `cadence` a reminder schedule (checked by core/cadence.ts).
 */
export type FieldKind = "text" | "string" | "date" | "enum" | "boolean" | "tags" | "cadence";

export interface FieldDef {
  readonly kind: FieldKind;
  /** Seed 000's required fields: a write without it is refused. */
  readonly required?: boolean;
  /** null is a value (Rho writes `"due": null`). */
  readonly nullable?: boolean;
  readonly values?: readonly string[];
  /** What `add` writes when the caller gives none (Rho's task and reminder tracking fields). */
  readonly default?: string | boolean | null | readonly string[];
}

export interface TypeDef {
  /** brain.jsonl (Rho's types) or episodes.jsonl (conversation turns, never in brain.jsonl). */
  readonly log: "brain" | "episodes";
  /** Fields besides id, type and created, in the registry's order (a write error names the first bad one). */
  readonly fields: Readonly<Record<string, FieldDef>>;
  /** Where the fold keeps live entries: by natural key (Rho's keyed types) or by id. Tombstones: nowhere. */
  readonly fold?: "byKey" | "byId";
  /** Keyed types: the natural key; the id is sha256("type:key"), so re-adding a key replaces it. */
  readonly key?: "key" | "path";
  /** `add` refuses a text already stored (normalised, compared against every live entry). */
  readonly dedup?: boolean;
  /** `decay` archives stale entries of this type (preferences never decay: deliberate intent). */
  readonly decays?: boolean;
  /** The field that carries its meaning: an entry without it has nothing to show. */
  readonly textField?: string;
  /** Its words: what `list query=` matches and recall indexes. */
  readonly words?: readonly string[];
  /** A grouping label recall also indexes (list's query does not look at it). */
  readonly label?: string;
  /** Its kind code in the recall index file: persisted, never renumber (bump recall's VERSION instead). */
  readonly recall?: number;
  /** Rho's stats line `🧠 5L 3P 2T 1R | 11beh 2id 1usr`: the mark after the count, before or after the bar. */
  readonly stats?: { readonly mark: string; readonly part: 0 | 1 };
  /** The title of its section in the prompt (seed 000: Identity, User, Behavior, Preferences, …). */
  readonly section?: string;
}

const text = { kind: "text", required: true } as const;
const string = { kind: "string" } as const;
const maybeDate = { kind: "date", nullable: true, default: null } as const;
const priority = { kind: "enum", values: ["urgent", "high", "normal", "low"], default: "normal" } as const;
const tags = { kind: "tags", default: [] } as const;
/**
 * How much a memory matters (seed 002): counts in its score; high or pinned never decays. Where a learned
 * memory came from (seed 002's provenance: the session, the turn and the project the learner read it in),
 * and what in the code it names (`anchors`: "file:<path>", "symbol:<name>@<path>", "script:<name>",
 * "package:<name>", checked before it is shown: src/project/anchors.ts). Written by the learner, not
 * advertised to agents.
 */
const memory = {
  importance: { kind: "enum", values: ["low", "medium", "high"] },
  pinned: { kind: "boolean" },
  sourceSession: string,
  sourceTurn: string,
  sourceProject: string,
  anchors: { kind: "tags" },
} as const;

export const ENTRY_TABLE = {
  behavior: {
    log: "brain",
    fields: { category: { kind: "enum", required: true, values: ["do", "dont", "value"] }, text },
    fold: "byId",
    textField: "text",
    words: ["text"],
    label: "category",
    recall: 5,
    stats: { mark: "beh", part: 1 },
    section: "Behavior",
  },
  identity: {
    log: "brain",
    fields: { key: text, value: text },
    fold: "byKey",
    key: "key",
    textField: "value",
    words: ["key", "value"],
    recall: 6,
    stats: { mark: "id", part: 1 },
    section: "Identity",
  },
  user: {
    log: "brain",
    fields: { key: text, value: text },
    fold: "byKey",
    key: "key",
    textField: "value",
    words: ["key", "value"],
    recall: 7,
    stats: { mark: "usr", part: 1 },
    section: "User",
  },
  learning: {
    log: "brain",
    fields: {
      text,
      source: string,
      scope: { kind: "enum", values: ["global", "project", "personal"] },
      projectPath: string,
      ...memory,
    },
    fold: "byId",
    dedup: true,
    decays: true,
    textField: "text",
    words: ["text"],
    recall: 0,
    stats: { mark: "L", part: 0 },
    section: "Learnings",
  },
  preference: {
    log: "brain",
    fields: { text, category: text, ...memory },
    fold: "byId",
    dedup: true,
    textField: "text",
    words: ["text"],
    label: "category",
    recall: 1,
    stats: { mark: "P", part: 0 },
    section: "Preferences",
  },
  context: {
    log: "brain",
    fields: { project: text, path: text, content: text },
    fold: "byId",
    key: "path",
    textField: "content",
    words: ["content", "project"],
    recall: 2,
    section: "Project",
  },
  task: {
    log: "brain",
    fields: {
      description: text,
      status: { kind: "enum", values: ["pending", "done"], default: "pending" },
      priority,
      tags,
      due: maybeDate,
      completedAt: maybeDate,
    },
    fold: "byId",
    textField: "description",
    words: ["description"],
    recall: 3,
    stats: { mark: "T", part: 0 },
  },
  reminder: {
    log: "brain",
    fields: {
      text,
      cadence: { kind: "cadence", required: true },
      // Stored on every reminder (seed 000 requires it); `add` writes true when the caller says nothing.
      enabled: { kind: "boolean", required: true, default: true },
      priority,
      tags,
      last_run: maybeDate,
      next_due: maybeDate,
      last_result: { kind: "enum", nullable: true, values: ["ok", "error", "skipped"], default: null },
      last_error: { kind: "string", nullable: true, default: null },
    },
    fold: "byId",
    textField: "text",
    words: ["text"],
    recall: 4,
    stats: { mark: "R", part: 0 },
  },
  tombstone: {
    log: "brain",
    fields: { target_id: text, target_type: text, reason: text },
  },
  meta: {
    log: "brain",
    // An empty value is a value (Rho's markers).
    fields: { key: text, value: { kind: "string", required: true } },
    fold: "byKey",
    key: "key",
    words: ["key", "value"],
  },
  /** A conversation turn (core/episode.ts). */
  episode: {
    log: "episodes",
    fields: {
      session: text,
      turn: text,
      speaker: text,
      text,
      date: { kind: "date", required: true },
      source: text,
      role: string,
      /** Text the user never typed, kept marked (a compaction summary): never learned from. */
      origin: string,
    },
    recall: 8,
  },
} as const satisfies Record<string, TypeDef>;

/** Every field of every type has it too: when it was written (each update writes it anew). */
export const CREATED: FieldDef = { kind: "date", required: true };

/**
 * What the brain tool tells an agent about a field (one parameter per name, whichever types have it). A
 * field a caller may set that has no line here is accepted but not advertised (tracking fields the actions
 * maintain: status, completedAt, last_run …).
 */
export const FIELD_DOCS: Readonly<Record<string, string>> = {
  text: "The text of a learning, preference, behavior or reminder.",
  category: "behavior: do | dont | value. preference: Communication, Code, Tools, Workflow, General or any.",
  key: "identity / user / meta key, e.g. name, timezone.",
  value: "identity / user / meta value.",
  project: "context: project name.",
  path: "context: absolute project directory it applies to.",
  content: "context: what to know when working in that directory.",
  description: "task: what needs doing.",
  priority: "task / reminder priority: urgent | high | normal | low.",
  due: "task due date, ISO 8601 (e.g. 2026-02-15).",
  tags: "task / reminder tags: a list or comma-separated string.",
  cadence:
    'reminder schedule: {"kind":"interval","every":"6h"} or {"kind":"daily","at":"08:00"}, or 6h / 08:00.',
  enabled: "reminder: whether it runs.",
  source: "learning: auto | manual.",
  scope: "learning: global | project | personal (own only).",
  projectPath: "learning with scope project: the project directory.",
  importance: "learning / preference: how much it matters (default medium); high never decays.",
  pinned: "learning / preference: shown in every context (within the budget); never decays.",
};

type Table = typeof ENTRY_TABLE;
/** Every type of the table, episodes included. */
export type TableType = keyof Table;
/** The types of one log. */
export type TypeOf<L extends TypeDef["log"]> = {
  [K in TableType]: Table[K]["log"] extends L ? K : never;
}[TableType];
/** The types with a collection in the fold (the live ones of brain.jsonl). */
export type FoldedType<F extends "byKey" | "byId" = "byKey" | "byId"> = {
  [K in TableType]: Table[K] extends { fold: F } ? K : never;
}[TableType];

/** The table's types in its order, narrowed by a predicate on their definitions. */
export function typesWhere<T extends string = TableType>(pick: (def: TypeDef) => boolean): readonly T[] {
  return (Object.keys(ENTRY_TABLE) as T[]).filter((t) => pick(ENTRY_TABLE[t as TableType] as TypeDef));
}

/** The definition of a type, or undefined for one the table does not know (never a prototype key). */
export function typeDef(type: string): TypeDef | undefined {
  return Object.hasOwn(ENTRY_TABLE, type) ? (ENTRY_TABLE[type as TableType] as TypeDef) : undefined;
}

/**
 * Whether `t` is a type of brain.jsonl. Here, not in core/types.ts, so the log scanner checks a line's type
 * without loading the lists that module derives when it loads (the hooks' bundle never uses them).
 */
export function isEntryType(t: unknown): t is TypeOf<"brain"> {
  return typeof t === "string" && typeDef(t)?.log === "brain";
}

type ValueOf<F> = F extends { kind: "boolean" }
  ? boolean
  : F extends { kind: "tags" }
    ? string[]
    : F extends { kind: "cadence" }
      ? unknown
      : F extends { values: readonly (infer V)[] }
        ? V
        : string;
type Value<F> = F extends { nullable: true } ? ValueOf<F> | null : ValueOf<F>;
type Fields<T extends TableType> = Table[T]["fields"];
type RequiredOf<F> = { [K in keyof F as F[K] extends { required: true } ? K : never]: Value<F[K]> };
type OptionalOf<F> = { [K in keyof F as F[K] extends { required: true } ? never : K]?: Value<F[K]> };

/** An entry of one type as the registry accepts it (extra fields are kept). */
export type EntryOf<T extends TableType> = { id: string; type: T; created: string } & RequiredOf<Fields<T>> &
  OptionalOf<Fields<T>> & { [extra: string]: unknown };
