import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { defaultBrain } from "../../src/core/defaults.ts";
import { foldEntries } from "../../src/core/fold.ts";
import { formatHeartbeat, heartbeat } from "../../src/core/heartbeat.ts";
import { statsLine } from "../../src/core/stats.ts";
import type { BaseEntry } from "../../src/core/types.ts";
import { learning, NOW, NOW_ISO, reminder, task } from "../support/action-env.ts";

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
