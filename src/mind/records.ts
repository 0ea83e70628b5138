import { EMOTIONS, HORMONES } from "./affect.ts";

/**
 * One line of the agent's mind log (`.brain/mind.jsonl`): a generic, labelled record — `{ n, at, label, …}`
 * — in the habit DESIGN.md asks for (pi's custom entries, Letta's labelled blocks) instead of one entry type
 * per concept. `n` numbers the records of the log (given under the log's lock: strictly increasing in file
 * order), so caps and compaction never depend on a clock. The table below is every label, its fields, and
 * the check every line passes (parse, don't cast: a line that fails is reported, never fatal).
 */
export const OUTCOMES = ["success", "failure", "neutral"] as const;
export type Outcome = (typeof OUTCOMES)[number];
export const ROLES = ["user", "assistant", "system"] as const;
export type Role = (typeof ROLES)[number];

type Kind = "text" | "id" | "int" | "bool" | "texts" | "emotions" | "hormones" | "json" | "role" | "outcome";

/** label → field → [kind, required]. */
// biome-ignore format: a table reads best as one
export const LABELS = {
  thought:     { text: ["text", true] },
  inner:       { text: ["text", true] },
  action:      { type: ["id", true], what: ["text", false], summary: ["text", false], where: ["text", false],
                 outcome: ["outcome", false] },
  log:         { kind: ["id", true], text: ["text", true] },
  path:        { path: ["id", true], summary: ["text", false], project: ["text", false] },
  url:         { url: ["id", true], summary: ["text", false] },
  chat:        { role: ["id", true], text: ["text", true] },
  fact:        { text: ["text", true], source: ["text", false] },
  goal:        { id: ["id", true], text: ["text", true], by: ["text", false], status: ["text", false] },
  goal_done:   { id: ["id", true] },
  plan:        { steps: ["texts", true], current: ["int", true], tasks: ["json", false] },
  self:        { summary: ["text", true] },
  instruction: { text: ["text", true] },
  affect:      { emotions: ["emotions", false], hormones: ["hormones", false] },
  tick:        { number: ["int", true], outcome: ["outcome", true], novel: ["bool", false], error: ["text", false],
                 emotions: ["emotions", true], hormones: ["hormones", true], step: ["int", false] },
  error:       { text: ["text", true] },
  user:        { text: ["text", true], model: ["bool", false] },
  session_last: { user: ["text", false], error: ["text", false] },
  neuron:      { id: ["id", true], data: ["json", true] },
  synapse:     { id: ["id", true], data: ["json", true] },
  extra:       { scope: ["id", true], key: ["id", true], value: ["json", true] },
} as const satisfies Record<string, Record<string, readonly [Kind, boolean]>>;

export type Label = keyof typeof LABELS;
export const LABEL_NAMES = Object.keys(LABELS) as Label[];

type KindType = {
  text: string;
  id: string;
  int: number;
  bool: boolean;
  texts: string[];
  emotions: Record<string, number>;
  hormones: Record<string, number>;
  json: unknown;
  role: Role;
  outcome: Outcome;
};
type Fields<L extends Label> = {
  -readonly [F in keyof (typeof LABELS)[L] as (typeof LABELS)[L][F] extends readonly [Kind, true]
    ? F
    : never]: KindType[(typeof LABELS)[L][F] extends readonly [infer K extends Kind, boolean] ? K : never];
} & {
  -readonly [F in keyof (typeof LABELS)[L] as (typeof LABELS)[L][F] extends readonly [Kind, false]
    ? F
    : never]?: KindType[(typeof LABELS)[L][F] extends readonly [infer K extends Kind, boolean] ? K : never];
};

/**
 * What every record has: its number in the log, when, (fed by a host) the session and host, and (imported)
 * the fields of the item it came from that the mind does not model, kept for the export.
 */
export interface RecordBase {
  n: number;
  at: string;
  session?: string;
  host?: string;
  more?: Record<string, unknown>;
}

export type RecordOf<L extends Label> = RecordBase & { label: L } & Fields<L>;
export type MindRecord = { [L in Label]: RecordOf<L> }[Label];
/** A record before the log numbers it. */
export type Unnumbered = MindRecord extends infer R ? (R extends MindRecord ? Omit<R, "n"> : never) : never;

const isStr = (v: unknown): v is string => typeof v === "string";

function unitMap(v: unknown, names: readonly string[]): boolean {
  if (v === null || typeof v !== "object" || Array.isArray(v)) return false;
  return Object.entries(v).every(
    ([k, x]) => names.includes(k) && typeof x === "number" && Number.isFinite(x) && x >= 0 && x <= 1,
  );
}

const CHECKS: Record<Kind, (v: unknown) => boolean> = {
  text: isStr,
  id: (v) => isStr(v) && v !== "",
  int: (v) => Number.isInteger(v) && (v as number) >= 0,
  bool: (v) => typeof v === "boolean",
  texts: (v) => Array.isArray(v) && v.every(isStr),
  emotions: (v) => unitMap(v, EMOTIONS),
  hormones: (v) => unitMap(v, HORMONES),
  json: (v) => v !== undefined,
  role: (v) => (ROLES as readonly unknown[]).includes(v),
  outcome: (v) => (OUTCOMES as readonly unknown[]).includes(v),
};

export function isLabel(v: unknown): v is Label {
  return typeof v === "string" && Object.hasOwn(LABELS, v);
}

/** A line's object as a mind record (known fields only), or why it is not one. */
export function checkRecord(v: Record<string, unknown>): MindRecord | { problem: string } {
  if (!Number.isInteger(v.n) || (v.n as number) < 1) return { problem: `"n" must be a whole number ≥ 1` };
  if (!isStr(v.at) || Number.isNaN(Date.parse(v.at))) return { problem: `"at" is not a time` };
  if (!isLabel(v.label)) return { problem: `unknown label ${JSON.stringify(v.label)}` };
  const out: Record<string, unknown> = { n: v.n, at: v.at, label: v.label };
  for (const k of ["session", "host"] as const) {
    if (v[k] === undefined) continue;
    if (!isStr(v[k])) return { problem: `"${k}" must be a string` };
    out[k] = v[k];
  }
  if (v.more !== undefined) {
    if (v.more === null || typeof v.more !== "object" || Array.isArray(v.more))
      return { problem: `"more" must be an object` };
    out.more = v.more;
  }
  const fields = LABELS[v.label] as Record<string, readonly [Kind, boolean]>;
  for (const [name, [kind, required]] of Object.entries(fields)) {
    const x = v[name];
    if (x === undefined) {
      if (required) return { problem: `${v.label}: "${name}" is missing` };
      continue;
    }
    if (!CHECKS[kind](x)) return { problem: `${v.label}: "${name}" is not a valid ${kind}` };
    out[name] = x;
  }
  return out as unknown as MindRecord;
}
