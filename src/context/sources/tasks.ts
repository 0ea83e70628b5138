import type { Item } from "../../core/budget/types.ts";
import { storedColumns } from "../../core/cold.ts";
import type { FoldState } from "../../core/fold.ts";
import { dueReminders, pendingTasks } from "../../core/heartbeat.ts";
import { oneLine } from "../../core/one-line.ts";
import type { SourceOutput, SourceRequest } from "../request.ts";
import { listSection, ORDER } from "../sections.ts";
import { coldReminders, coldTasks } from "./cold.ts";

/** Due reminders and pending tasks (the heartbeat), volatile and capped. */
export function tasks(state: FoldState, req: SourceRequest): SourceOutput {
  // On a snapshot, from its stored columns (sources/cold.ts): only the records a line is made of are read.
  const storedR = storedColumns(state, "reminder");
  const storedT = storedColumns(state, "task");
  const due = storedR ? coldReminders(storedR, req.now) : listed(dueReminders(state, req.now));
  const tasks = storedT ? coldTasks(storedT, req.now) : pendingTasks(state, req.now);
  const total = due.total + tasks.total;
  // Lazy (and re-iterable): thousands of pending tasks, of which the capped section shows the first few.
  const items = function* (): Generator<Item> {
    for (const r of due.items())
      yield {
        text: `- reminder ${oneLine(r.id)}: ${oneLine(r.text)} (${r.reason === "never-run" ? "never run" : "due"})`,
        entryIds: [r.id],
      };
    for (const t of tasks)
      yield {
        text: `- task ${oneLine(t.id)}: ${oneLine(t.description)}${t.priority !== "normal" ? ` [${oneLine(t.priority)}]` : ""}${t.due ? ` (due ${oneLine(t.due)}${t.overdue ? ", overdue" : ""})` : ""}`,
        entryIds: [t.id],
      };
  };
  const opts = { order: ORDER.tasks, priority: 90, cacheable: false, cap: 0.1 };
  return {
    sections: total
      ? [listSection("tasks", "## Tasks and reminders", opts, { [Symbol.iterator]: items }, total)]
      : [],
    problems: [],
  };
}

const listed = <T>(items: T[]) => ({ total: items.length, items: () => items });
