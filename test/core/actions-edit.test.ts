import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { plan } from "../../src/core/actions.ts";
import {
  keyedId,
  learning,
  makeEnv,
  NOW_ISO,
  reminder,
  run,
  task,
  throwsBrain,
} from "../support/action-env.ts";

describe("update / remove", () => {
  test("update merges fields, keeps extras, refreshes created: 'Updated learning <id>'", () => {
    const env = makeEnv([learning("a1b2c3d4", "old", { keep: 1 })]);
    const p = run(env, { action: "update", id: "a1b2c3d4", text: "new", mood: "x" });
    assert.equal(p.result.message, "Updated learning a1b2c3d4");
    assert.deepEqual(p.append[0], {
      id: "a1b2c3d4",
      type: "learning",
      text: "new",
      source: "auto",
      created: NOW_ISO,
      keep: 1,
      mood: "x",
    });
    assert.deepEqual(
      env.state.list("learning").map((r) => r.entry.text),
      ["new"],
    );
  });

  test('update of a missing id → NOT_FOUND `No entry with id "x"`; without id → INVALID', () => {
    throwsBrain(
      () => plan({ action: "update", id: "x", text: "t" }, makeEnv()),
      "NOT_FOUND",
      'No entry with id "x"',
    );
    throwsBrain(() => plan({ action: "update", text: "t" }, makeEnv()), "INVALID", "update requires id");
  });

  test("update cannot change type or natural key, and re-validates enums", () => {
    const env = makeEnv([
      learning("l1", "x"),
      { id: "b1", type: "behavior", category: "do", text: "t", created: NOW_ISO },
      { id: "i1", type: "identity", key: "name", value: "rho", created: NOW_ISO },
    ]);
    throwsBrain(
      () => plan({ action: "update", id: "l1", type: "task" }, env),
      "INVALID",
      /cannot change the type/,
    );
    throwsBrain(
      () => plan({ action: "update", id: "i1", key: "nick" }, env),
      "INVALID",
      /cannot change the key/,
    );
    throwsBrain(
      () => plan({ action: "update", id: "b1", category: "maybe" }, env),
      "INVALID",
      'behavior field "category" must be one of: do, dont, value (got "maybe")',
    );
  });

  test("remove by id echoes the entry: 'Removed learning a1b2c3d4: This repo uses pnpm not npm'", () => {
    const env = makeEnv([learning("a1b2c3d4", "This repo uses pnpm not npm")]);
    const p = run(env, { action: "remove", id: "a1b2c3d4", reason: "No longer accurate" });
    assert.equal(p.result.message, "Removed learning a1b2c3d4: This repo uses pnpm not npm");
    assert.deepEqual(p.append, [
      {
        id: "00000001",
        type: "tombstone",
        target_id: "a1b2c3d4",
        target_type: "learning",
        reason: "No longer accurate",
        created: NOW_ISO,
      },
    ]);
    assert.equal(env.state.count("learning"), 0);
    assert.equal(
      plan({ action: "remove", id: "x1" }, makeEnv([learning("x1", "t")])).append[0]?.reason,
      "manual",
    );
  });

  test('remove of a missing id → NOT_FOUND `No entry with id "x"`', () => {
    throwsBrain(() => plan({ action: "remove", id: "x" }, makeEnv()), "NOT_FOUND", 'No entry with id "x"');
  });

  test("remove by natural key (identity key, context path) tombstones the keyed entry", () => {
    const idId = keyedId("identity", "name");
    const ctxId = keyedId("context", "/p");
    const env = makeEnv([
      { id: idId, type: "identity", key: "name", value: "rho", created: NOW_ISO },
      { id: ctxId, type: "context", project: "p", path: "/p", content: "c", created: NOW_ISO },
    ]);
    assert.equal(
      run(env, { action: "remove", type: "identity", key: "name" }).result.message,
      `Removed identity ${idId}: name = rho`,
    );
    assert.equal(
      run(env, { action: "remove", type: "context", path: "/p" }).result.message,
      `Removed context ${ctxId}: p (/p)`,
    );
    assert.equal(env.state.count("identity") + env.state.count("context"), 0);
  });

  test("remove by natural key with no match → NOT_FOUND (Rho silently wrote a tombstone)", () => {
    throwsBrain(
      () => plan({ action: "remove", type: "user", key: "nope" }, makeEnv()),
      "NOT_FOUND",
      'No user with key "nope"',
    );
    throwsBrain(
      () => plan({ action: "remove", type: "identity" }, makeEnv()),
      "INVALID",
      /requires key for type identity/,
    );
    throwsBrain(
      () => plan({ action: "remove", type: "learning", text: "x" }, makeEnv()),
      "INVALID",
      /remove requires id/,
    );
  });
});

describe("task_done / task_clear / reminder_run / unknown action", () => {
  test("task_done: 'Completed: <description>', status done, completedAt = now", () => {
    const env = makeEnv([task("t-abc123", "Fix the flaky CI test", { extra: true })]);
    const p = run(env, { action: "task_done", id: "t-abc123" });
    assert.equal(p.result.message, "Completed: Fix the flaky CI test");
    assert.deepEqual(
      [p.append[0]?.status, p.append[0]?.completedAt, p.append[0]?.extra],
      ["done", NOW_ISO, true],
    );
    throwsBrain(() => plan({ action: "task_done", id: "nope" }, env), "NOT_FOUND", 'No task with id "nope"');
    throwsBrain(() => plan({ action: "task_done" }, env), "INVALID", "task_done requires id");
  });

  test("task_clear: 'Cleared N done task(s).' with one tombstone per done task; then 'No done tasks to clear.'", () => {
    const env = makeEnv([
      task("t1", "a", { status: "done" }),
      task("t2", "b"),
      task("t3", "c", { status: "done" }),
    ]);
    const p = run(env, { action: "task_clear" });
    assert.equal(p.result.message, "Cleared 2 done task(s).");
    assert.deepEqual(
      p.append.map((e) => [e.type, e.target_id, e.target_type]),
      [
        ["tombstone", "t1", "task"],
        ["tombstone", "t3", "task"],
      ],
    );
    assert.deepEqual(
      env.state.list("task").map((r) => r.id),
      ["t2"],
    );
    const again = run(env, { action: "task_clear" });
    assert.equal(again.result.message, "No done tasks to clear.");
    assert.equal(again.append.length, 0);
  });

  test("reminder_run: 'Reminder run recorded: <text> → ok', last_run = now, next_due from cadence", () => {
    const env = makeEnv([reminder("rem00001", "Run backup script")]);
    const p = run(env, { action: "reminder_run", id: "rem00001", result: "ok" });
    assert.equal(p.result.message, "Reminder run recorded: Run backup script → ok");
    const e = p.append[0];
    assert.deepEqual(
      [e?.last_run, e?.last_result, e?.last_error, e?.next_due],
      [NOW_ISO, "ok", null, "2026-02-10T18:00:00.000Z"],
    );
  });

  test("reminder_run with result=error records the error text", () => {
    const env = makeEnv([reminder("r1", "Backup")]);
    const p = run(env, {
      action: "reminder_run",
      id: "r1",
      result: "error",
      error: "Script exited with code 1",
    });
    assert.equal(p.result.message, "Reminder run recorded: Backup → error");
    assert.equal(p.append[0]?.last_error, "Script exited with code 1");
  });

  test("reminder_run errors: bad result INVALID, unknown id NOT_FOUND, malformed stored cadence INVALID", () => {
    const env = makeEnv([
      reminder("r1", "x"),
      reminder("bad", "y", { cadence: { kind: "interval", every: "6x" } }),
    ]);
    throwsBrain(
      () => plan({ action: "reminder_run", id: "r1", result: "meh" }, env),
      "INVALID",
      /ok\|error\|skipped/,
    );
    throwsBrain(
      () => plan({ action: "reminder_run", id: "zz", result: "ok" }, env),
      "NOT_FOUND",
      'No reminder with id "zz"',
    );
    throwsBrain(
      () => plan({ action: "reminder_run", id: "bad", result: "ok" }, env),
      "INVALID",
      /^reminder bad has a malformed cadence: Invalid interval "6x"/,
    );
  });

  test("an unknown action → INVALID listing the valid actions", () => {
    throwsBrain(
      () => plan({ action: "explode" }, makeEnv()),
      "INVALID",
      /Unknown action: "explode" \(valid: add, update/,
    );
  });
});
