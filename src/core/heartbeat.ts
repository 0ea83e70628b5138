import { liveWithText, missingText } from "./entry-text.ts";
import type { FoldState } from "./fold.ts";
import type { Rec } from "./rec.ts";
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

/**
 * A task is overdue when its due day (local time) is before today; full timestamps compare exactly. Decided
 * from what its `due` says (dueDay or dueMs, derived once per state), against today's date made once per call.
 */
function isOverdue(t: { dueDay: string | null; dueMs: number }, today: string, nowMs: number): boolean {
  if (t.dueDay !== null) return t.dueDay < today;
  return Number.isFinite(t.dueMs) && t.dueMs < nowMs;
}

/**
 * What a heartbeat check-in must act on: enabled reminders that are due, and pending tasks. What depends on
 * the fold alone (the enabled reminders and the pending tasks, each in priority order) is derived once per
 * state (FoldState.derived); only the clock's part — which reminders are due, which tasks overdue — is
 * decided per call. Overdue tasks come first: a stable partition of the list ordered by priority and due
 * date, the same order a sort by (overdue, priority, due) gives.
 */
export function heartbeat(state: FoldState, now: Date): Heartbeat {
  return {
    now: now.toISOString(),
    reminders: dueReminders(state, now),
    tasks: [...pendingTasks(state, now)],
  };
}

/** The enabled reminders due at `now`, in priority order (heartbeat's `reminders`). */
export function dueReminders(state: FoldState, now: Date): DueReminder[] {
  const nowMs = now.getTime();
  return state
    .derived("heartbeat:reminders", () => enabledReminders(state), ["reminder"])
    .filter((r) => !(Number.isFinite(r.nextMs) && r.nextMs > nowMs))
    .map((r) => ({ ...r.reminder }));
}

/**
 * The pending tasks in heartbeat order (heartbeat's `tasks`), lazy and re-iterable: a context reads the
 * first few of thousands. `total` is how many there are.
 */
export function pendingTasks(state: FoldState, now: Date): Iterable<PendingTask> & { total: number } {
  const pending = state.derived("heartbeat:tasks", () => pendingList(state), ["task"]);
  const late = lateAt(now);
  return {
    total: pending.length,
    *[Symbol.iterator]() {
      for (const p of pending) if (late(p)) yield { ...p.task, overdue: true };
      for (const p of pending) if (!late(p)) yield { ...p.task, overdue: false };
    },
  };
}

/** Whether a pending task is overdue at `now` (its due day before today's local date, or its time past). */
export function lateAt(now: Date): (p: { dueDay: string | null; dueMs: number }) => boolean {
  const nowMs = now.getTime();
  const today = localDate(now);
  return (p) => isOverdue(p, today, nowMs);
}

/** Enabled reminders with their text, in priority order (stable: fold order otherwise). */
function enabledReminders(state: FoldState): { reminder: DueReminder; nextMs: number }[] {
  const out: { reminder: DueReminder; nextMs: number }[] = [];
  for (const r of liveWithText(state, "reminder")) if (r.entry.enabled === true) out.push(reminderOf(r));
  return out.sort((a, b) => rank(a.reminder.priority) - rank(b.reminder.priority));
}

/** An enabled reminder as the heartbeat lists it, with its next_due as a time (NaN: never run). */
export function reminderOf(r: Rec): { reminder: DueReminder; nextMs: number } {
  const e = r.entry;
  const next = typeof e.next_due === "string" ? Date.parse(e.next_due) : Number.NaN;
  return {
    nextMs: next,
    reminder: {
      id: r.id,
      text: String(e.text),
      priority: String(e.priority ?? "normal"),
      cadence: e.cadence,
      next_due: typeof e.next_due === "string" ? e.next_due : null,
      last_run: typeof e.last_run === "string" ? e.last_run : null,
      reason: Number.isFinite(next) ? "due" : "never-run",
    },
  };
}

export interface Pending {
  task: Omit<PendingTask, "overdue">;
  /** `due` when it is a plain date (compared with today's local date), else null. */
  dueDay: string | null;
  /** `due` as a timestamp otherwise (NaN when absent or unparseable: never overdue). */
  dueMs: number;
}

/** Pending tasks with their description, by priority then due date (stable: fold order otherwise). */
function pendingList(state: FoldState): Pending[] {
  return state
    .list("task")
    .filter((r) => missingText("task", r.entry as Record<string, unknown>) === null)
    .map((r) => r.entry as BaseEntry)
    .filter((e) => (e.status ?? "pending") === "pending")
    .map(pendingOf)
    .sort(
      (a, b) =>
        rank(a.task.priority) - rank(b.task.priority) ||
        (a.task.due ?? "\uffff").localeCompare(b.task.due ?? "\uffff"),
    );
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

/** A pending task as the heartbeat lists it. */
export function pendingOf(e: BaseEntry): Pending {
  return { task: taskOf(e), ...dueOf(typeof e.due === "string" ? e.due : null) };
}

/** A due string as a day (compared with today's local date) or a time. */
export function dueOf(due: string | null): { dueDay: string | null; dueMs: number } {
  const day = due !== null && /^\d{4}-\d{2}-\d{2}$/.test(due);
  return { dueDay: day ? due : null, dueMs: due && !day ? Date.parse(due) : Number.NaN };
}

export function taskOf(e: BaseEntry): Omit<PendingTask, "overdue"> {
  const due = typeof e.due === "string" ? e.due : null;
  return {
    id: e.id,
    description: String(e.description),
    priority: String(e.priority ?? "normal"),
    due,
    tags: Array.isArray(e.tags) ? e.tags.map(String) : [],
  };
}
