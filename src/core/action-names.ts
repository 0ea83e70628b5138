/** The brain tool's actions (one list: the engine, the CLI and every agent tool read it from here). */
export const ACTIONS = [
  "add",
  "update",
  "remove",
  "list",
  "decay",
  "task_done",
  "task_clear",
  "reminder_run",
] as const;
export type Action = (typeof ACTIONS)[number];
