import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { defaultBrain } from "../../src/core/defaults.ts";
import { foldEntries } from "../../src/core/fold.ts";
import { formatHeartbeat, heartbeat } from "../../src/core/heartbeat.ts";
import { Rec } from "../../src/core/rec.ts";
import { statsLine } from "../../src/core/stats.ts";
import type { BaseEntry } from "../../src/core/types.ts";
import { learning, NOW, NOW_ISO, reminder, task } from "../support/action-env.ts";
import { fc } from "../support/fc.ts";

const savedTz = process.env.TZ;
before(() => {
  process.env.TZ = "UTC";
});
after(() => {
  if (savedTz === undefined) delete process.env.TZ;
  else process.env.TZ = savedTz;
});

describe("stats line", () => {
  test("default brain + 1 learning, preference and task: '🧠 1L 1P 1T 1R | 16beh 0id 0usr'", () => {
    const s = foldEntries([
      ...defaultBrain(NOW),
      learning("l1", "x"),
      { id: "p1", type: "preference", category: "Code", text: "y", created: NOW_ISO },
      task("t1", "z"),
    ]);
    assert.equal(statsLine(s), "🧠 1L 1P 1T 1R | 16beh 0id 0usr");
  });

  test("counts only live entries: tombstoned and superseded versions are not counted", () => {
    const s = foldEntries([
      learning("l1", "a"),
      learning("l1", "a v2"),
      learning("l2", "b"),
      { id: "x", type: "tombstone", target_id: "l2", target_type: "learning", reason: "r", created: NOW_ISO },
      { id: "i1", type: "identity", key: "name", value: "rho", created: NOW_ISO },
      { id: "i2", type: "identity", key: "name", value: "brain", created: NOW_ISO },
      { id: "u1", type: "user", key: "tz", value: "UTC", created: NOW_ISO },
    ]);
    assert.equal(statsLine(s), "🧠 1L 0P 0T 0R | 0beh 1id 1usr");
  });
});

const hb = (entries: BaseEntry[]) => heartbeat(foldEntries(entries), NOW);
const later = new Date(NOW.getTime() + 60_000).toISOString();
const earlier = new Date(NOW.getTime() - 60_000).toISOString();

describe("heartbeat", () => {
  test("due = enabled and (next_due missing or <= now); the reason says which", () => {
    const h = hb([
      reminder("never", "never ran"),
      reminder("past", "overdue", { next_due: earlier }),
      reminder("exact", "due right now", { next_due: NOW_ISO }),
      reminder("future", "not yet", { next_due: later }),
    ]);
    assert.deepEqual(
      h.reminders.map((r) => [r.id, r.reason]),
      [
        ["never", "never-run"],
        ["past", "due"],
        ["exact", "due"],
      ],
    );
  });

  test("disabled reminders are never due, even when never run or long past due", () => {
    const h = hb([
      reminder("off1", "a", { enabled: false }),
      reminder("off2", "b", { enabled: false, next_due: earlier }),
      reminder("str", "c", { enabled: "true" }),
    ]);
    assert.deepEqual(h.reminders, []);
  });

  test("reminders are ordered by priority (urgent first)", () => {
    const h = hb([
      reminder("n", "n"),
      reminder("l", "l", { priority: "low" }),
      reminder("u", "u", { priority: "urgent" }),
    ]);
    assert.deepEqual(
      h.reminders.map((r) => r.id),
      ["u", "n", "l"],
    );
  });

  test("only pending tasks; a due date before today (local) is flagged overdue and sorts first", () => {
    const h = hb([
      task("soon", "later", { due: "2026-02-11", priority: "urgent" }),
      task("late", "was due", { due: "2026-02-09" }),
      task("today", "due today", { due: "2026-02-10" }),
      task("done", "finished", { status: "done", due: "2026-01-01" }),
      task("stamp", "timestamp past", { due: earlier, priority: "low" }),
    ]);
    assert.deepEqual(
      h.tasks.map((t) => [t.id, t.overdue]),
      [
        ["late", true],
        ["stamp", true],
        ["soon", false],
        ["today", false],
      ],
    );
  });

  test("formatHeartbeat: 'Nothing due' text when there is nothing to act on", () => {
    const h = hb([reminder("f", "later", { next_due: later }), task("d", "x", { status: "done" })]);
    assert.deepEqual([h.reminders, h.tasks], [[], []]);
    assert.equal(formatHeartbeat(h), "Nothing due: no reminders due and no pending tasks.");
  });

  test("formatHeartbeat lists due reminders and pending tasks with OVERDUE marks", () => {
    const text = formatHeartbeat(
      hb([
        reminder("rem00001", "Run backup script"),
        reminder("r2", "Check mail", { next_due: earlier, priority: "high" }),
        task("t-abc123", "Fix the flaky test in CI", { due: "2026-02-01", priority: "high" }),
      ]),
    );
    assert.equal(
      text,
      [
        "Reminders due (2):",
        `  r2: Check mail [high] (due since ${earlier})`,
        "  rem00001: Run backup script (never run)",
        "",
        "Pending tasks (1):",
        "  ! t-abc123: Fix the flaky test in CI [high] (due 2026-02-01, OVERDUE)",
      ].join("\n"),
    );
  });

  test("the default brain's consolidate reminder is due on a fresh install", () => {
    const h = heartbeat(foldEntries(defaultBrain(NOW)), NOW);
    assert.deepEqual(
      h.reminders.map((r) => [r.id, r.reason]),
      [["rem00001", "never-run"]],
    );
  });
});

/** The heartbeat as it was written before it derived its lists once per state: one sort of everything. */
function referenceHeartbeat(state: ReturnType<typeof foldEntries>, now: Date) {
  const PRIORITY = ["urgent", "high", "normal", "low"];
  const rank = (p: unknown) => (PRIORITY.indexOf(String(p)) < 0 ? 2 : PRIORITY.indexOf(String(p)));
  const p2 = (n: number) => String(n).padStart(2, "0");
  const today = `${now.getFullYear()}-${p2(now.getMonth() + 1)}-${p2(now.getDate())}`;
  const overdue = (due: unknown) => {
    if (typeof due !== "string" || !due) return false;
    if (/^\d{4}-\d{2}-\d{2}$/.test(due)) return due < today;
    const t = Date.parse(due);
    return Number.isFinite(t) && t < now.getTime();
  };
  const hasText = (v: unknown) => typeof v === "string" && v.trim() !== "";
  const reminders = state
    .list("reminder")
    .map((r) => r.entry)
    .filter((e) => hasText(e.text) && e.enabled === true)
    .map((e) => ({ e, next: typeof e.next_due === "string" ? Date.parse(e.next_due) : Number.NaN }))
    .filter(({ next }) => !(Number.isFinite(next) && next > now.getTime()))
    .map(({ e, next }) => ({
      id: e.id,
      text: String(e.text),
      priority: String(e.priority ?? "normal"),
      cadence: e.cadence,
      next_due: typeof e.next_due === "string" ? e.next_due : null,
      last_run: typeof e.last_run === "string" ? e.last_run : null,
      reason: Number.isFinite(next) ? "due" : "never-run",
    }))
    .sort((a, b) => rank(a.priority) - rank(b.priority));
  const tasks = state
    .list("task")
    .map((r) => r.entry)
    .filter((e) => hasText(e.description) && (e.status ?? "pending") === "pending")
    .map((e) => ({
      id: e.id,
      description: String(e.description),
      priority: String(e.priority ?? "normal"),
      due: typeof e.due === "string" ? e.due : null,
      tags: Array.isArray(e.tags) ? e.tags.map(String) : [],
      overdue: overdue(e.due),
    }))
    .sort(
      (a, b) =>
        Number(b.overdue) - Number(a.overdue) ||
        rank(a.priority) - rank(b.priority) ||
        (a.due ?? "\uffff").localeCompare(b.due ?? "\uffff"),
    );
  return { now: now.toISOString(), reminders, tasks };
}

describe("heartbeat over a kept state", () => {
  const DAY = 86_400_000;
  const when = (d: number) => new Date(NOW.getTime() + d * 3_600_000);
  const dueArb = fc.oneof(
    fc.constant(null),
    fc.constantFrom("", "soon", "2026-13-45"),
    fc.integer({ min: -72, max: 72 }).map((h) => when(h).toISOString()),
    fc.integer({ min: -3, max: 3 }).map((d) => new Date(NOW.getTime() + d * DAY).toISOString().slice(0, 10)),
  );
  const entryArb = fc.oneof(
    fc
      .record({
        id: fc.constantFrom("t1", "t2", "t3", "t4", "t5", "t6"),
        description: fc.constantFrom("a", "b", " ", ""),
        status: fc.constantFrom("pending", "done", undefined),
        priority: fc.constantFrom("urgent", "high", "normal", "low", "whenever", undefined),
        due: dueArb,
      })
      .map((t) => task(t.id, t.description, { status: t.status, priority: t.priority, due: t.due })),
    fc
      .record({
        id: fc.constantFrom("r1", "r2", "r3", "r4"),
        text: fc.constantFrom("x", "y", ""),
        enabled: fc.boolean(),
        priority: fc.constantFrom("urgent", "normal", "low", "odd"),
        next_due: dueArb,
      })
      .map((r) => reminder(r.id, r.text, { enabled: r.enabled, priority: r.priority, next_due: r.next_due })),
  );
  test("equals one sort of everything, at every clock, before and after appends (same state object)", () => {
    fc.assert(
      fc.property(
        fc.array(entryArb, { maxLength: 30 }),
        fc.array(entryArb, { maxLength: 10 }),
        fc.array(fc.integer({ min: -96, max: 96 }).map(when), { minLength: 1, maxLength: 4 }),
        (first, then, clocks) => {
          const state = foldEntries(first);
          for (const now of clocks) assert.deepEqual(heartbeat(state, now), referenceHeartbeat(state, now));
          for (const e of then) state.apply(Rec.fromEntry(e));
          for (const now of clocks) assert.deepEqual(heartbeat(state, now), referenceHeartbeat(state, now));
        },
      ),
      { numRuns: 200 },
    );
  });
});
