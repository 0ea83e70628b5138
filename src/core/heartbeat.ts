import { missingText, withText } from "./entry-text.ts";
import type { FoldState } from "./fold.ts";
import type { BaseEntry } from "./types.ts";

export interface DueReminder {
  id: string;
  text: string;
  priority: string;
  cadence: unknown;
  next_due: string | null;
  last_run: string | null;
  /** Why it is due now: it never ran, or its next_due has passed. */
  reason: "never-run" | "due";
}

export interface PendingTask {
  id: string;
  description: string;
  priority: string;
  due: string | null;
  tags: string[];
  overdue: boolean;
}

export interface Heartbeat {
  now: string;
  reminders: DueReminder[];
  tasks: PendingTask[];
}

const PRIORITY = ["urgent", "high", "normal", "low"];
const rank = (p: unknown) => {
  const i = PRIORITY.indexOf(String(p));
  return i < 0 ? 2 : i;
};

function localDate(d: Date): string {
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** A task is overdue when its due day (local time) is before today; full timestamps compare exactly. */
function isOverdue(due: unknown, now: Date): boolean {
  if (typeof due !== "string" || !due) return false;
  if (/^\d{4}-\d{2}-\d{2}$/.test(due)) return due < localDate(now);
  const t = Date.parse(due);
  return Number.isFinite(t) && t < now.getTime();
}

/** What a heartbeat check-in must act on: enabled reminders that are due, and pending tasks. */
export function heartbeat(state: FoldState, now: Date): Heartbeat {
  const nowMs = now.getTime();
  const reminders: DueReminder[] = [];
  for (const r of withText(state.list("reminder"))) {
    const e = r.entry;
    if (e.enabled !== true) continue;
    const next = typeof e.next_due === "string" ? Date.parse(e.next_due) : Number.NaN;
    if (Number.isFinite(next) && next > nowMs) continue;
    reminders.push({
      id: r.id,
      text: String(e.text),
      priority: String(e.priority ?? "normal"),
      cadence: e.cadence,
      next_due: typeof e.next_due === "string" ? e.next_due : null,
      last_run: typeof e.last_run === "string" ? e.last_run : null,
      reason: Number.isFinite(next) ? "due" : "never-run",
    });
  }
  const tasks: PendingTask[] = state
    .list("task")
    .filter((r) => missingText("task", r.entry as Record<string, unknown>) === null)
    .map((r) => r.entry as BaseEntry)
    .filter((e) => (e.status ?? "pending") === "pending")
    .map((e) => ({
      id: e.id,
      description: String(e.description),
      priority: String(e.priority ?? "normal"),
      due: typeof e.due === "string" ? e.due : null,
      tags: Array.isArray(e.tags) ? e.tags.map(String) : [],
      overdue: isOverdue(e.due, now),
    }))
    .sort(
      (a, b) =>
        Number(b.overdue) - Number(a.overdue) ||
        rank(a.priority) - rank(b.priority) ||
        (a.due ?? "\uffff").localeCompare(b.due ?? "\uffff"),
    );
  reminders.sort((a, b) => rank(a.priority) - rank(b.priority));
  return { now: now.toISOString(), reminders, tasks };
}

export function formatHeartbeat(h: Heartbeat): string {
  if (h.reminders.length === 0 && h.tasks.length === 0)
    return "Nothing due: no reminders due and no pending tasks.";
  const out: string[] = [];
  if (h.reminders.length > 0) {
    out.push(`Reminders due (${h.reminders.length}):`);
    for (const r of h.reminders) {
      const when = r.reason === "never-run" ? "never run" : `due since ${r.next_due}`;
      const pri = r.priority !== "normal" ? ` [${r.priority}]` : "";
      out.push(`  ${r.id}: ${r.text}${pri} (${when})`);
    }
  }
  if (h.tasks.length > 0) {
    if (out.length > 0) out.push("");
    out.push(`Pending tasks (${h.tasks.length}):`);
    for (const t of h.tasks) {
      const pri = t.priority !== "normal" ? ` [${t.priority}]` : "";
      const due = t.due ? ` (due ${t.due}${t.overdue ? ", OVERDUE" : ""})` : "";
      out.push(`  ${t.overdue ? "!" : "-"} ${t.id}: ${t.description}${pri}${due}`);
    }
  }
  return out.join("\n");
}
