import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { plan } from "../../src/core/actions.ts";
import type { BaseEntry } from "../../src/core/types.ts";
import { daysAgo, learning, makeEnv, reminder, run, task, throwsBrain } from "../support/action-env.ts";

const list = (entries: BaseEntry[], params: Record<string, unknown>) =>
  plan({ action: "list", ...params }, makeEnv(entries)).result;

const five = [
  learning("l1", "uses pnpm"),
  learning("l2", "uses yarn", { created: daysAgo(3) }),
  learning("l3", "deploys on friday", { source: "manual", created: daysAgo(45) }),
  learning("l4", "four"),
  learning("l5", "five"),
];

describe("list", () => {
  test("compact format: '[type] (n)' then '  id: summary (source, age)'", () => {
    const r = list(five.slice(1, 3), { type: "learning" });
    assert.equal(
      r.message,
      "[learning] (2)\n  l2: uses yarn (auto, 3d ago)\n  l3: deploys on friday (manual, 1mo ago)",
    );
    assert.equal(r.data?.total, 2);
  });

  test("task filter pending|done selects by status", () => {
    const entries = [task("t1", "Fix CI", { priority: "high" }), task("t2", "old", { status: "done" })];
    assert.equal(
      list(entries, { type: "task", filter: "pending" }).message,
      "[task] (1)\n  t1: Fix CI [high] (26d ago)",
    );
    assert.equal(
      list(entries, { type: "task", filter: "done" }).message,
      "[task] (1)\n  t2: old ✓ (26d ago)",
    );
    assert.equal(list(entries, { type: "task", filter: "all" }).data?.total, 2);
  });

  test("reminder filter: active and enabled = enabled, disabled = disabled, all = both", () => {
    const entries = [reminder("r1", "on"), reminder("r2", "off", { enabled: false })];
    const ids = (filter: string) => {
      const { data } = list(entries, { type: "reminder", filter });
      assert.ok(data);
      return (data.groups as { entries: BaseEntry[] }[]).flatMap((g) => g.entries.map((e) => e.id));
    };
    assert.deepEqual(["active", "enabled", "disabled", "all"].map(ids), [
      ["r1"],
      ["r1"],
      ["r2"],
      ["r1", "r2"],
    ]);
    assert.match(list(entries, { type: "reminder", filter: "disabled" }).message, /r2: off \[disabled\]/);
  });

  test("an invalid filter or type is INVALID and names the allowed values", () => {
    const env = makeEnv();
    throwsBrain(
      () => plan({ action: "list", type: "task", filter: "active" }, env),
      "INVALID",
      "filter for task must be one of: pending, done, all",
    );
    throwsBrain(
      () => plan({ action: "list", type: "reminder", filter: "pending" }, env),
      "INVALID",
      "filter for reminder must be one of: active, enabled, disabled, all",
    );
    throwsBrain(
      () => plan({ action: "list", type: "learning", filter: "done" }, env),
      "INVALID",
      /no filters/,
    );
    throwsBrain(
      () => plan({ action: "list", type: "tombstone" }, env),
      "INVALID",
      /unknown type "tombstone"/,
    );
  });

  test("query matches case-insensitively across types and fields (text, description, key, value)", () => {
    const entries = [
      learning("l1", "This repo uses pnpm"),
      task("t1", "migrate to PNPM 9"),
      { id: "u1", type: "user", key: "pm", value: "pnpm", created: daysAgo(0) },
      learning("l2", "unrelated"),
    ];
    const r = list(entries, { query: "PnPm" });
    assert.equal(r.data?.total, 3);
    assert.doesNotMatch(r.message, /unrelated/);
    assert.match(r.message, /\[user\] \(1\)/);
  });

  test("verbose prints each entry as full JSON under its group header", () => {
    const r = list([learning("l1", "uses pnpm", { extra: [1, 2] })], { type: "learning", verbose: true });
    const [header, ...json] = r.message.split("\n");
    assert.equal(header, "[learning] (1)");
    assert.deepEqual(JSON.parse(json.join("\n")), learning("l1", "uses pnpm", { extra: [1, 2] }));
  });

  test("limit/offset page the listing and add a footer naming the next offset", () => {
    const r = list(five, { type: "learning", limit: 2, offset: 1 });
    assert.equal(
      r.message,
      "[learning] (5)\n  l2: uses yarn (auto, 3d ago)\n  l3: deploys on friday (manual, 1mo ago)\n\n" +
        "(showing 2–3 of 5; use offset=3 for more)",
    );
    assert.deepEqual([r.data?.shown, r.data?.total], [2, 5]);
    assert.doesNotMatch(list(five, { type: "learning", limit: 5 }).message, /showing/);
  });

  test("pagination runs across type groups in listing order", () => {
    const r = list([...five, task("t1", "a"), task("t2", "b")], { limit: 2, offset: 4 });
    assert.match(r.message, /^\[learning\] \(5\)\n {2}l5: five/);
    assert.match(r.message, /\[task\] \(2\)\n {2}t1: a/);
    assert.doesNotMatch(r.message, /t2:/);
    assert.match(r.message, /\(showing 5–6 of 7; use offset=6 for more\)$/);
  });

  test("an empty listing says so; an offset past the end says how many there are", () => {
    assert.equal(list([], { type: "meta" }).message, "No meta entries found.");
    assert.equal(list(five, { query: "zzz" }).message, "No entries found.");
    assert.equal(
      list(five, { type: "learning", offset: 9 }).message,
      "No learning entries at offset=9 (5 in total).",
    );
  });

  test("list writes nothing", () => {
    assert.deepEqual(plan({ action: "list" }, makeEnv(five)).append, []);
  });
});

describe("decay (decayAfterDays 90, decayMinScore 3)", () => {
  test("age exactly decayAfterDays is NOT decayed; decayAfterDays + 1 is", () => {
    const env = makeEnv([
      learning("d90", "ninety", { created: daysAgo(90) }),
      learning("d91", "old", { created: daysAgo(91) }),
    ]);
    const p = run(env, { action: "decay" });
    assert.equal(p.result.message, "Decayed 1 stale learning(s).");
    assert.deepEqual(
      p.append.map((e) => [e.type, e.target_id, e.target_type, e.reason]),
      [["tombstone", "d91", "learning", "decay"]],
    );
    assert.deepEqual(
      env.state.list("learning").map((r) => r.id),
      ["d90"],
    );
  });

  test("age counts whole days: 90 days and 23 hours is still 90", () => {
    const created = new Date(Date.parse(daysAgo(90)) - 23 * 3_600_000).toISOString();
    assert.equal(
      plan({ action: "decay" }, makeEnv([learning("x", "t", { created })])).result.message,
      "No learnings to decay.",
    );
  });

  test("score >= decayMinScore is exempt: project scope under cwd (+5) never decays", () => {
    const old = daysAgo(400);
    const env = makeEnv([
      learning("proj", "a", { created: old, scope: "project", projectPath: "/home/u" }),
      learning("elsewhere", "b", { created: old, scope: "project", projectPath: "/srv/other" }),
    ]);
    assert.deepEqual(plan({ action: "decay" }, env).result.data?.decayed, ["elsewhere"]);
  });

  test("manual (+2) is below the default threshold 3, but exactly at a threshold of 2 it is exempt", () => {
    const entries = [learning("m", "manual", { created: daysAgo(200), source: "manual" })];
    assert.deepEqual(plan({ action: "decay" }, makeEnv(entries)).result.data?.decayed, ["m"]);
    assert.deepEqual(
      plan({ action: "decay" }, makeEnv(entries, { decayMinScore: 2 })).result.data?.decayed,
      [],
    );
  });

  test("preferences never decay, whatever their age", () => {
    const pref = {
      id: "p",
      type: "preference",
      category: "Code",
      text: "early returns",
      created: daysAgo(1000),
    };
    const p = plan({ action: "decay" }, makeEnv([pref]));
    assert.equal(p.result.message, "No learnings to decay.");
    assert.deepEqual(p.append, []);
  });

  test("thresholds come from the env (decayAfterDays 60: a 71-day, score-0 learning decays)", () => {
    const env = makeEnv([learning("w", "old", { created: daysAgo(71) })], { decayAfterDays: 60 });
    assert.equal(plan({ action: "decay" }, env).result.message, "Decayed 1 stale learning(s).");
  });
});
