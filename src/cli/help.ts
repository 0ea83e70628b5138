import type { Action } from "../core/action-names.ts";
import { ENTRY_TABLE, type FieldDef } from "../core/entry-types.ts";
import { BRAIN_FIELDS } from "../core/tool-fields.ts";
import { LIVE_TYPES } from "../core/types.ts";

/**
 * `brain help <action>` / `brain <action> --help`: that action's own parameters (described once, in
 * src/core/tool-fields.ts), the fields of each entry type (from the entry table, src/core/entry-types.ts)
 * and examples. Loaded only when help is asked for.
 */
const PARAMS: Record<Action, readonly string[]> = {
  add: ["type"],
  update: ["id"],
  remove: ["id", "type", "key", "path", "all", "dry_run", "reason"],
  list: ["type", "id", "query", "filter", "verbose", "limit", "offset"],
  decay: ["dry_run"],
  task_done: ["id"],
  task_clear: ["dry_run"],
  reminder_run: ["id", "result", "error"],
};

const EXAMPLES: Record<Action, readonly string[]> = {
  add: [
    'brain add type=learning text="This repo uses pnpm, not npm"',
    'brain add type=task description="Ship the release" priority=high due=2026-02-15 tags=release,ci',
    'brain add type=reminder text="Check the backups" cadence=08:00 enabled=true',
  ],
  update: [
    'brain update id=3f2a9c1e text="This repo uses pnpm 9"',
    "brain update id=3f2a9c1e priority=urgent",
  ],
  remove: [
    "brain remove id=3f2a9c1e reason=outdated",
    "brain remove type=user key=timezone",
    "brain remove type=behavior --all --dry-run",
  ],
  list: [
    "brain list type=task filter=pending",
    "brain list query=pnpm limit=20",
    "brain list id=3f2a9c1e",
    "brain list type=episode session=claude:5f0c2b1e before=2026-01-01   # conversation turns",
  ],
  decay: ["brain decay --dry-run", "brain decay"],
  task_done: ["brain task_done id=3f2a9c1e"],
  task_clear: ["brain task_clear --dry-run", "brain task_clear"],
  reminder_run: [
    "brain reminder_run id=rem00001 result=ok",
    'brain reminder_run id=rem00001 result=error error="disk full"',
  ],
};

/** `learning   text  (optional: source, scope, projectPath …)` — each type's fields from the entry table. */
function typeFields(): string[] {
  return LIVE_TYPES.map((t) => {
    const fields = Object.entries(ENTRY_TABLE[t].fields as Record<string, FieldDef>);
    // A required field `add` fills in itself (a reminder's enabled) is optional to the caller.
    const needed = (d: FieldDef) => d.required === true && d.default === undefined;
    const required = fields.filter(([, d]) => needed(d)).map(([name]) => name);
    const optional = fields.filter(([, d]) => !needed(d)).map(([name]) => name);
    return `  ${t.padEnd(11)}${required.join(" + ")}${optional.length ? `  (optional: ${optional.join(", ")})` : ""}`;
  });
}

function describe(name: string): string {
  const f = BRAIN_FIELDS.find((x) => x.name === name);
  const values = f?.values ? ` (${f.values.join(" | ")})` : "";
  return `  ${name.padEnd(11)}${f?.description ?? ""}${values}`;
}

/** The text shown after the usage line of `brain <action> --help`. */
export function actionHelp(action: Action): string {
  const parts = [`\nParameters (key=value):\n${PARAMS[action].map(describe).join("\n")}`];
  if (action === "add" || action === "update") {
    parts.push(
      `\nFields by type (${action === "add" ? "required + optional" : "any of them can be changed, except a key or the type"}):\n${typeFields().join("\n")}`,
    );
  }
  parts.push(`\nExamples:\n${EXAMPLES[action].map((e) => `  ${e}`).join("\n")}`);
  return `${parts.join("\n")}\n`;
}
