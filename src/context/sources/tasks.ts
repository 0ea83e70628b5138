import type { Item } from "../../core/budget/types.ts";
import type { FoldState } from "../../core/fold.ts";
import { heartbeat } from "../../core/heartbeat.ts";
import { oneLine } from "../../core/one-line.ts";
import type { SourceOutput, SourceRequest } from "../request.ts";
import { listSection, ORDER } from "../sections.ts";

/** Due reminders and pending tasks (the heartbeat), volatile and capped. */
export function tasks(state: FoldState, req: SourceRequest): SourceOutput {
  const hb = heartbeat(state, req.now);
  const items: Item[] = [
    ...hb.reminders.map((r) => ({
      text: `- reminder ${oneLine(r.id)}: ${oneLine(r.text)} (${r.reason === "never-run" ? "never run" : "due"})`,
      entryIds: [r.id],
    })),
    ...hb.tasks.map((t) => ({
      text: `- task ${oneLine(t.id)}: ${oneLine(t.description)}${t.priority !== "normal" ? ` [${oneLine(t.priority)}]` : ""}${t.due ? ` (due ${oneLine(t.due)}${t.overdue ? ", overdue" : ""})` : ""}`,
      entryIds: [t.id],
    })),
  ];
  const opts = { order: ORDER.tasks, priority: 90, cacheable: false, cap: 0.1 };
  return {
    sections: items.length ? [listSection("tasks", "## Tasks and reminders", opts, items)] : [],
    problems: [],
  };
}
