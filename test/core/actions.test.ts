import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { plan } from "../../src/core/actions.ts";
import { keyedId, learning, makeEnv, NOW_ISO, run, throwsBrain } from "../support/action-env.ts";

describe("add", () => {
  test("learning: message 'Added learning: <text>', random 8-hex id, created = now, extra fields kept", () => {
    const env = makeEnv();
    const p = run(env, { action: "add", type: "learning", text: "This repo uses pnpm not npm", foo: "bar" });
    assert.equal(p.result.message, "Added learning: This repo uses pnpm not npm");
    assert.deepEqual(p.append, [
      { id: "00000001", type: "learning", text: "This repo uses pnpm not npm", foo: "bar", created: NOW_ISO },
    ]);
    assert.equal(p.result.data?.id, "00000001");
    assert.equal(env.state.count("learning"), 1);
  });

  test("caller-supplied id and created are ignored on add", () => {
    const p = plan(
      { action: "add", type: "learning", text: "t", id: "mine", created: "1999-01-01" },
      makeEnv(),
    );
    assert.equal(p.append[0]?.id, "00000001");
    assert.equal(p.append[0]?.created, NOW_ISO);
  });

  test("preference and behavior messages show [category] text", () => {
    const env = makeEnv();
    const pref = { action: "add", type: "preference", text: "User prefers early returns", category: "Code" };
    assert.equal(run(env, pref).result.message, "Added preference: [Code] User prefers early returns");
    const beh = run(env, { action: "add", type: "behavior", text: "Be direct", category: "do" });
    assert.equal(beh.result.message, "Added behavior: [do] Be direct");
  });

  for (const [type, field, key, extra, msg] of [
    ["identity", "key", "name", { value: "rho" }, "Added identity: name = rho"],
    ["user", "key", "timezone", { value: "US/Central" }, "Added user: timezone = US/Central"],
    ["meta", "key", "schema_version", { value: "1" }, "Added meta: schema_version = 1"],
    [
      "context",
      "path",
      "/home/u/proj",
      { project: "proj", content: "Use pnpm" },
      "Added context: proj (/home/u/proj)",
    ],
  ] as const) {
    test(`${type}: id is sha256("${type}:<${field}>").slice(0, 8)`, () => {
      const p = plan({ action: "add", type, [field]: key, ...extra }, makeEnv());
      assert.equal(p.result.message, msg);
      assert.equal(p.append[0]?.id, keyedId(type, key));
      assert.match(p.append[0]?.id ?? "", /^[0-9a-f]{8}$/);
    });
  }

  test("re-adding an identity key overwrites it in the fold (same deterministic id)", () => {
    const env = makeEnv();
    run(env, { action: "add", type: "identity", key: "name", value: "rho" });
    run(env, { action: "add", type: "identity", key: "name", value: "brain" });
    assert.deepEqual(
      env.state.list("identity").map((r) => r.entry.value),
      ["brain"],
    );
  });

  test("task: defaults status pending, priority normal, tags [], due null, completedAt null", () => {
    const p = plan(
      { action: "add", type: "task", description: "Fix the flaky CI test", priority: "high", tags: ["ci"] },
      makeEnv(),
    );
    assert.equal(p.result.message, "Added task: Fix the flaky CI test [high]");
    const e = p.append[0];
    assert.deepEqual(
      [e?.status, e?.priority, e?.tags, e?.due, e?.completedAt],
      ["pending", "high", ["ci"], null, null],
    );
  });

  test("reminder: tracking fields start null, priority normal, cadence kept", () => {
    const cadence = { kind: "interval", every: "6h" };
    const p = plan(
      { action: "add", type: "reminder", text: "Run backup script", cadence, enabled: true },
      makeEnv(),
    );
    assert.equal(p.result.message, "Added reminder: Run backup script");
    const e = p.append[0];
    assert.deepEqual(e?.cadence, cadence);
    assert.deepEqual(
      [e?.last_run, e?.next_due, e?.last_result, e?.last_error, e?.priority],
      [null, null, null, null, "normal"],
    );
  });

  test("duplicate learning (normalised text) → DUPLICATE 'Duplicate learning: already stored', nothing written", () => {
    const env = makeEnv([learning("a1b2c3d4", "This repo uses pnpm not npm")]);
    throwsBrain(
      () => plan({ action: "add", type: "learning", text: "this repo uses PNPM, not npm!" }, env),
      "DUPLICATE",
      "Duplicate learning: already stored",
    );
    throwsBrain(
      () =>
        plan(
          { action: "add", type: "preference", text: "This repo uses pnpm not npm", category: "Tools" },
          env,
        ),
      "DUPLICATE",
      "Duplicate preference: already stored",
    );
  });

  test("a removed learning is no longer a duplicate", () => {
    const env = makeEnv([learning("a1", "uses pnpm")]);
    run(env, { action: "remove", id: "a1" });
    assert.equal(run(env, { action: "add", type: "learning", text: "uses pnpm" }).append.length, 1);
  });

  test("emoji-only learnings are never duplicates of each other", () => {
    const env = makeEnv([learning("e1", "🎉")]);
    assert.equal(run(env, { action: "add", type: "learning", text: "🎉" }).append.length, 1);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ["no type", { text: "x" }, "add requires type"],
    ["learning without text", { type: "learning" }, "learning requires text"],
    [
      "learning with blank text",
      { type: "learning", text: "  " },
      'learning field "text" must not be empty (got "  ")',
    ],
    [
      "bad behavior category",
      { type: "behavior", text: "x", category: "maybe" },
      'behavior field "category" must be one of: do, dont, value (got "maybe")',
    ],
    ["preference without category", { type: "preference", text: "x" }, "preference requires category"],
    ["identity without key", { type: "identity", value: "v" }, "identity requires key"],
    ["identity without value", { type: "identity", key: "k" }, "identity requires value"],
    ["context without path", { type: "context", project: "p", content: "c" }, "context requires path"],
    ["reminder without cadence", { type: "reminder", text: "x", enabled: true }, "reminder requires cadence"],
    [
      "bad task priority",
      { type: "task", description: "x", priority: "asap" },
      'task field "priority" must be one of: urgent, high, normal, low (got "asap")',
    ],
  ];
  for (const [name, params, msg] of invalid) {
    test(`${name} → INVALID "${msg}"`, () => {
      throwsBrain(() => plan({ action: "add", ...params }, makeEnv()), "INVALID", msg);
    });
  }

  for (const type of ["bogus", "tombstone"]) {
    test(`type "${type}" cannot be added (INVALID, lists the valid types)`, () => {
      throwsBrain(
        () => plan({ action: "add", type, text: "x" }, makeEnv()),
        "INVALID",
        /unknown type .*behavior/,
      );
    });
  }

  test("a malformed reminder cadence is INVALID and names the cadence field", () => {
    throwsBrain(
      () =>
        plan(
          { action: "add", type: "reminder", text: "x", enabled: true, cadence: { kind: "daily" } },
          makeEnv(),
        ),
      "INVALID",
      /^reminder field "cadence": daily cadence requires "at"/,
    );
  });
});
