import { openTwin, typed } from "./action-lookup.ts";
import { ACTIONS, type Action } from "./action-names.ts";
import { nextDue } from "./cadence.ts";
import { selectDecay } from "./decay.ts";
import { ENTRY_TABLE, type FieldDef } from "./entry-types.ts";
import { BrainError } from "./errors.ts";
import type { FoldState, KeyedType } from "./fold.ts";
import { describeValue, oneLiner } from "./format.ts";
import { isKeyedType, newId, type RandomHex, type Sha256Hex } from "./ids.ts";
import { listEntries } from "./list.ts";
import type { Params } from "./params.ts";
import type { Rec } from "./rec.ts";
import { didYouMean } from "./suggest.ts";
import { dedupText } from "./text.ts";
import {
  type BaseEntry,
  DECAY_TYPES,
  DEDUP_TYPES,
  isEntryType,
  KEY_FIELD,
  LIVE_TYPES,
  type LiveType,
} from "./types.ts";

export { ACTIONS, type Action };

export interface ActionEnv {
  state: FoldState;
  now: Date;
  sha256: Sha256Hex;
  random: RandomHex;
  cwd: string;
  decayAfterDays: number;
  decayMinScore: number;
  validate: (e: Record<string, unknown>) => BaseEntry;
}

export interface ActionResult {
  ok: true;
  action: Action;
  message: string;
  /** Entries written by this action (empty for reads). */
  written: BaseEntry[];
  data?: Record<string, unknown>;
}

export interface Plan {
  append: BaseEntry[];
  result: ActionResult;
}

const CONTROL = new Set([
  "action",
  "verbose",
  "filter",
  "query",
  "limit",
  "offset",
  "reason",
  "json",
  "all",
  "dry_run",
  "purge",
]);
/** Actions that take dry_run: the ones that tombstone. */
const DRY_RUN_ACTIONS: readonly Action[] = ["remove", "decay", "task_clear"];

export function isAction(a: unknown): a is Action {
  return typeof a === "string" && (ACTIONS as readonly string[]).includes(a);
}

/** Which actions write (and so run under the lock). */
export function writes(action: Action): boolean {
  return action !== "list";
}

/** Actions whose `type` names an entry type (required for add, a filter or a key's type for the others). */
const TYPED_ACTIONS: ReadonlySet<string> = new Set(["add", "list", "remove", "update"]);

/**
 * The head of a call, checked before anything else looks at its parameters: the action, then the entry type.
 * `add type=alien data=foo` is about the type, not the parameter (Rho answers `unknown type "alien"`); every
 * surface calls this before parameter checks, guards and coercion.
 */
export function checkHead(params: Params): Action {
  const action = params.action;
  if (!isAction(action)) {
    throw new BrainError(
      "INVALID",
      `Unknown action: "${describeValue(action)}"${didYouMean(describeValue(action), ACTIONS) || ` (valid: ${ACTIONS.join(", ")})`}`,
      {
        field: "action",
      },
    );
  }
  const type = params.type;
  if (!TYPED_ACTIONS.has(action) || type === undefined || type === null) {
    if (action === "add") throw new BrainError("INVALID", "add requires type", { field: "type" });
    return action;
  }
  if (typeof type !== "string" || !isEntryType(type) || type === "tombstone") {
    if (action === "add" && type === "")
      throw new BrainError("INVALID", "add requires type", { field: "type" });
    throw new BrainError(
      "INVALID",
      `unknown type "${describeValue(type)}"${didYouMean(describeValue(type), LIVE_TYPES) || ` (valid: ${LIVE_TYPES.join(", ")})`}`,
      { field: "type" },
    );
  }
  return action;
}

export function plan(params: Params, env: ActionEnv): Plan {
  const action = checkHead(params);
  if (params.dry_run === true && !DRY_RUN_ACTIONS.includes(action)) {
    throw new BrainError("INVALID", `dry_run applies to ${DRY_RUN_ACTIONS.join(", ")}, not ${action}`, {
      field: "dry_run",
    });
  }
  const p = planAction(action, params, env);
  if (params.dry_run !== true) return p;
  // A preview: the same plan, nothing appended, worded as what would happen.
  const verb = { Removed: "Would remove", Decayed: "Would decay", Cleared: "Would clear" };
  const head = p.result.message.replace(/^(Removed|Decayed|Cleared)/, (w) => verb[w as keyof typeof verb]);
  const items =
    action === "remove" ? [] : p.append.map((t) => `\n- ${String(t.target_id)}: ${targetText(t, env)}`);
  const message = `${head}${items.join("")}\n(dry run: nothing was written)`;
  return done(action, message, [], { ...p.result.data, dryRun: true });
}

function targetText(t: BaseEntry, env: ActionEnv): string {
  const r = env.state.find(String(t.target_id));
  return r ? oneLiner(r.entry) : "";
}

function planAction(action: Action, params: Params, env: ActionEnv): Plan {
  switch (action) {
    case "add":
      return add(params, env);
    case "update":
      return update(params, env);
    case "remove":
      return remove(params, env);
    case "list": {
      const r = listEntries(params, env.state, env.now);
      return done("list", r.message, [], r.data);
    }
    case "decay":
      return decay(env);
    case "task_done":
      return taskDone(params, env);
    case "task_clear":
      return taskClear(env);
    case "reminder_run":
      return reminderRun(params, env);
  }
}

function done(
  action: Action,
  message: string,
  append: BaseEntry[] = [],
  data?: Record<string, unknown>,
): Plan {
  return { append, result: { ok: true, action, message, written: append, ...(data ? { data } : {}) } };
}

function requireString(params: Params, field: string, action: string): string {
  const v = params[field];
  if (typeof v !== "string" || v.trim() === "")
    throw new BrainError("INVALID", `${action} requires ${field}`, { field });
  return v;
}

function tombstone(env: ActionEnv, target: Rec, reason: string): BaseEntry {
  return {
    id: env.random(4),
    type: "tombstone",
    target_id: target.id,
    target_type: target.type,
    reason,
    created: env.now.toISOString(),
  };
}

function add(params: Params, env: ActionEnv): Plan {
  const type = params.type;
  if (typeof type !== "string" || !type)
    throw new BrainError("INVALID", "add requires type", { field: "type" });
  if (!isEntryType(type) || type === "tombstone") {
    throw new BrainError("INVALID", `unknown type "${type}" (valid: ${LIVE_TYPES.join(", ")})`, {
      field: "type",
    });
  }
  const fields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params))
    if (!CONTROL.has(k) && k !== "id" && k !== "created") fields[k] = v;
  const keyField = KEY_FIELD[type];
  if (keyField && (typeof fields[keyField] !== "string" || fields[keyField] === "")) {
    throw new BrainError("INVALID", `${type} requires ${keyField}`, { field: keyField });
  }
  for (const [name, def] of Object.entries(ENTRY_TABLE[type].fields as Record<string, FieldDef>)) {
    if (def.default !== undefined)
      fields[name] ??= Array.isArray(def.default) ? [...def.default] : def.default;
  }
  let id = newId(type, fields, env.sha256, env.random);
  // 8 random hex digits collide now and then in a big brain (~1 in 500 000 per add at 8 000 entries): a new
  // entry must not silently replace another one with the same id. (Keyed ids are meant to repeat.)
  for (let i = 0; i < 16 && !isKeyedType(type) && env.state.find(id); i++) id = env.random(4);
  const entry = env.validate({
    id,
    ...fields,
    type,
    created: env.now.toISOString(),
  });
  if (DEDUP_TYPES.has(type) && env.state.hasText(dedupText(entry))) {
    throw new BrainError("DUPLICATE", `Duplicate ${type}: already stored`);
  }
  const twin = openTwin(entry, env.state);
  if (twin) {
    throw new BrainError(
      "DUPLICATE",
      `Duplicate ${type}: already open as ${twin.id} ("${oneLiner(twin.entry)}"); finish or change that one instead`,
      { id: twin.id },
    );
  }
  return done("add", `Added ${type}: ${oneLiner(entry)}`, [entry], { id: entry.id });
}

function update(params: Params, env: ActionEnv): Plan {
  const existing = env.state.resolve(requireString(params, "id", "update"));
  const id = existing.id;
  const prev = existing.entry;
  const merged: Record<string, unknown> = { ...prev };
  for (const [k, v] of Object.entries(params)) {
    if (CONTROL.has(k)) continue;
    if (k === "type" && v !== prev.type) {
      throw new BrainError("INVALID", `cannot change the type of ${prev.type} ${id}`, { field: "type" });
    }
    const keyField = KEY_FIELD[prev.type];
    if (keyField && k === keyField && v !== prev[keyField]) {
      throw new BrainError(
        "INVALID",
        `cannot change the ${keyField} of ${prev.type} ${id}: add the new ${keyField} and remove the old one`,
        { field: k },
      );
    }
    merged[k] = v;
  }
  const changes = Object.keys(params).filter((k) => !CONTROL.has(k) && k !== "id" && k !== "type");
  if (changes.length === 0) {
    throw new BrainError("INVALID", `update needs a field to change, e.g. brain update id=${id} text="…"`, {
      field: "id",
    });
  }
  merged.id = id;
  merged.created = env.now.toISOString();
  const entry = env.validate(merged);
  return done("update", `Updated ${prev.type} ${id}`, [entry], { id });
}

function removeAll(params: Params, env: ActionEnv): Plan {
  const type = params.type;
  if (typeof type !== "string" || !(LIVE_TYPES as readonly string[]).includes(type)) {
    throw new BrainError("INVALID", `remove all requires type (one of: ${LIVE_TYPES.join(", ")})`, {
      field: "type",
    });
  }
  const recs = env.state.list(type as LiveType);
  if (recs.length === 0) return done("remove", `No ${type} entries to remove.`, [], { removed: [] });
  const reason = typeof params.reason === "string" && params.reason ? params.reason : "manual";
  return done(
    "remove",
    `Removed ${recs.length} ${type} entr${recs.length === 1 ? "y" : "ies"}:\n${recs.map((r) => `- ${r.id}: ${oneLiner(r.entry)}`).join("\n")}`,
    recs.map((r) => tombstone(env, r, reason)),
    { removed: recs.map((r) => r.id) },
  );
}

function remove(params: Params, env: ActionEnv): Plan {
  if (params.all === true) {
    if (typeof params.id === "string" && params.id)
      throw new BrainError("INVALID", "remove takes id or all, not both", { field: "all" });
    return removeAll(params, env);
  }
  let target: Rec | undefined;
  if (typeof params.id === "string" && params.id) {
    target = env.state.resolve(params.id);
  } else if (typeof params.type === "string" && KEY_FIELD[params.type]) {
    const type = params.type;
    const keyField = KEY_FIELD[type] as string;
    const key = params[keyField];
    if (typeof key !== "string" || !key) {
      throw new BrainError("INVALID", `remove by natural key requires ${keyField} for type ${type}`, {
        field: keyField,
      });
    }
    target =
      type === "context"
        ? env.state.list("context").find((c) => c.entry.path === key)
        : env.state.findKeyed(type as KeyedType, key);
    if (!target) throw new BrainError("NOT_FOUND", `No ${type} with ${keyField} "${key}"`);
  } else {
    throw new BrainError(
      "INVALID",
      "remove requires id, or type + natural key (identity/user/meta: key, context: path)",
    );
  }
  const reason = typeof params.reason === "string" && params.reason ? params.reason : "manual";
  return done(
    "remove",
    `Removed ${target.type} ${target.id}: ${oneLiner(target.entry)}`,
    [tombstone(env, target, reason)],
    {
      id: target.id,
    },
  );
}

function decay(env: ActionEnv): Plan {
  const stale = selectDecay(
    DECAY_TYPES.flatMap((t) => env.state.list(t)),
    env,
  );
  if (stale.length === 0) return done("decay", "No learnings to decay.", [], { decayed: [] });
  return done(
    "decay",
    `Decayed ${stale.length} stale learning(s).`,
    stale.map((r) => tombstone(env, r, "decay")),
    { decayed: stale.map((r) => r.id) },
  );
}

function taskDone(params: Params, env: ActionEnv): Plan {
  const given = requireString(params, "id", "task_done");
  const task = typed(env.state, "task", given);
  const id = task.id;
  const now = env.now.toISOString();
  const entry = env.validate({ ...task.entry, status: "done", completedAt: now, created: now });
  return done("task_done", `Completed: ${String(task.entry.description)}`, [entry], { id });
}

function taskClear(env: ActionEnv): Plan {
  const doneTasks = env.state.list("task").filter((t) => t.entry.status === "done");
  if (doneTasks.length === 0) return done("task_clear", "No done tasks to clear.", [], { cleared: [] });
  return done(
    "task_clear",
    `Cleared ${doneTasks.length} done task(s).`,
    doneTasks.map((t) => tombstone(env, t, "manual")),
    { cleared: doneTasks.map((t) => t.id) },
  );
}

const RESULTS = ["ok", "error", "skipped"];

function reminderRun(params: Params, env: ActionEnv): Plan {
  const given = requireString(params, "id", "reminder_run");
  const result = params.result;
  if (typeof result !== "string" || !RESULTS.includes(result)) {
    throw new BrainError("INVALID", "reminder_run requires result (ok|error|skipped)", { field: "result" });
  }
  const reminder = typed(env.state, "reminder", given);
  const id = reminder.id;
  let due: string;
  try {
    due = nextDue(reminder.entry.cadence, env.now);
  } catch (e) {
    throw new BrainError("INVALID", `reminder ${id} has a malformed cadence: ${(e as Error).message}`, {
      field: "cadence",
    });
  }
  const now = env.now.toISOString();
  const entry = env.validate({
    ...reminder.entry,
    last_run: now,
    last_result: result,
    last_error: typeof params.error === "string" ? params.error : null,
    next_due: due,
    created: now,
  });
  return done("reminder_run", `Reminder run recorded: ${String(reminder.entry.text)} → ${result}`, [entry], {
    id,
    next_due: due,
  });
}
