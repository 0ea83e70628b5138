/**
 * The `brain` CLI's own commands (init, stats, search, heartbeat, context, migrate, doctor), exit codes,
 * --json everywhere, settings and log location — through real processes and real files.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import { join } from "node:path";
import { describe, type TestContext, test } from "node:test";
import {
  brain,
  type CliResult,
  json,
  lastLine,
  readLines,
  removeSandbox,
  type Sandbox,
  sandbox,
  show,
  writeConfig,
} from "../support/cli.ts";

const NOW = "2026-02-10T12:00:00.000Z";
const FRESH_STATS = "🧠 0L 0P 0T 1R | 16beh 0id 0usr";
const sha8 = (s: string) => createHash("sha256").update(s).digest("hex").slice(0, 8);

function fresh(t: TestContext): Sandbox {
  const sb = sandbox();
  t.after(() => removeSandbox(sb));
  return sb;
}

/** Run and require an exit code; returns the result. */
async function ok(sb: Sandbox, args: string[], env?: Record<string, string | undefined>, code = 0) {
  const r = await brain(sb, args, env ? { env } : {});
  assert.equal(r.code, code, `brain ${args.join(" ")}\n${show(r)}`);
  return r;
}

interface JsonError {
  ok: false;
  error: { code: string; message: string; [k: string]: unknown };
}

function jsonError(r: CliResult, code: number, errCode: string): JsonError["error"] {
  assert.equal(r.code, code, show(r));
  const j = json<JsonError>(r);
  assert.equal(j.ok, false, show(r));
  assert.equal(j.error.code, errCode, show(r));
  assert.equal(typeof j.error.message, "string");
  assert.ok(j.error.message.length > 0);
  return j.error;
}

describe("brain init / stats", { concurrency: 2 }, () => {
  test("init creates the default brain on first run, with real timestamps, and is idempotent", async (t) => {
    const sb = fresh(t);
    assert.equal(fs.existsSync(sb.brainPath), false);
    const before = Date.now();
    const r = await ok(sb, ["init"]);
    const after = Date.now();
    assert.ok(r.stdout.startsWith(`Brain ready at ${sb.brainPath} (BRAIN_PATH)\n${FRESH_STATS}\n`), show(r));
    const lines = readLines(sb.brainPath);
    assert.equal(lines.length, 18);
    const behaviors = lines.filter((e) => e.type === "behavior");
    assert.equal(behaviors.length, 16);
    assert.deepEqual(
      behaviors.map((b) => b.id),
      Array.from({ length: 16 }, (_, i) => `b${String(i + 1).padStart(7, "0")}`),
    );
    for (const b of behaviors) {
      assert.ok(["do", "dont", "value"].includes(String(b.category)), JSON.stringify(b));
      assert.equal(typeof b.text, "string");
      assert.ok(String(b.text).length > 0);
    }
    assert.deepEqual(new Set(behaviors.map((b) => b.category)), new Set(["do", "dont", "value"]));
    const reminders = lines.filter((e) => e.type === "reminder");
    assert.equal(reminders.length, 1);
    const rem = reminders[0] as Record<string, unknown>;
    assert.equal(rem.id, "rem00001");
    assert.deepEqual(rem.cadence, { kind: "daily", at: "01:00" });
    assert.equal(rem.enabled, true);
    assert.match(String(rem.text), /memory-consolidate/);
    const metas = lines.filter((e) => e.type === "meta");
    assert.equal(metas.length, 1);
    assert.equal(metas[0]?.key, "schema_version");
    assert.equal(metas[0]?.value, "1");
    for (const e of lines) {
      const c = String(e.created);
      assert.equal(new Date(c).toISOString(), c, `created is not ISO 8601: ${c}`);
      const ms = Date.parse(c);
      assert.ok(ms >= before - 1000 && ms <= after + 1000, `created ${c} is not the time of the run`);
    }
    const bytes = fs.readFileSync(sb.brainPath);
    const again = await ok(sb, ["init"]);
    assert.match(again.stdout, /Brain ready at/);
    assert.deepEqual(fs.readFileSync(sb.brainPath), bytes, "a second init must not change the brain");
    const j = json(await ok(sb, ["init", "--json"]));
    assert.deepEqual([j.ok, j.path, j.source, j.stats], [true, sb.brainPath, "BRAIN_PATH", FRESH_STATS]);
    assert.deepEqual(fs.readFileSync(sb.brainPath), bytes);
  });

  test("stats prints exactly the Rho line, and follows adds and removes", async (t) => {
    const sb = fresh(t);
    // the first run, `brain init`, seeds the default brain
    await ok(sb, ["init"]);
    assert.equal((await ok(sb, ["stats"])).stdout, `${FRESH_STATS}\n`);
    assert.equal((await ok(sb, [])).stdout, `${FRESH_STATS}\n`, "bare `brain` shows stats");
    await ok(sb, ["add", "type=learning", "text=one learning"]);
    await ok(sb, ["add", "type=learning", "text=another learning"]);
    await ok(sb, ["add", "type=preference", "text=tabs", "category=Code"]);
    await ok(sb, ["add", "type=task", "description=do it"]);
    await ok(sb, ["add", "type=identity", "key=name", "value=rho"]);
    await ok(sb, ["add", "type=user", "key=tz", "value=UTC"]);
    await ok(sb, ["remove", `id=${lastLineOf(sb, "learning")}`]);
    assert.equal((await ok(sb, ["stats"])).stdout, "🧠 1L 1P 1T 1R | 16beh 1id 1usr\n");
    const j = json<{ ok: boolean; line: string; counts: Record<string, number> }>(
      await ok(sb, ["stats", "--json"]),
    );
    assert.equal(j.line, "🧠 1L 1P 1T 1R | 16beh 1id 1usr");
    assert.deepEqual(j.counts, {
      learning: 1,
      preference: 1,
      task: 1,
      reminder: 1,
      behavior: 16,
      identity: 1,
      user: 1,
      context: 0,
      meta: 1,
    });
  });
});

/** Id of the last entry of this type in the log. */
function lastLineOf(sb: Sandbox, type: string): string {
  const all = readLines(sb.brainPath).filter((e) => e.type === type);
  const last = all[all.length - 1];
  assert.ok(last, `no ${type} in the log`);
  return String(last.id);
}

describe("brain search / heartbeat", { concurrency: 2 }, () => {
  test("search pnpm finds the learning across types; no match is not an error", async (t) => {
    const sb = fresh(t);
    const env = { BRAIN_NOW: NOW };
    await ok(sb, ["add", "type=learning", "text=This repo uses pnpm not npm"], env);
    const L = lastLineOf(sb, "learning");
    await ok(
      sb,
      ["add", "type=context", "project=web", "path=/srv/web", "content=Built with PNPM workspaces"],
      env,
    );
    await ok(sb, ["add", "type=learning", "text=API uses snake_case"], env);
    const r = await ok(sb, ["search", "pnpm"], env);
    assert.equal(
      r.stdout,
      `[learning] (1)\n  ${L}: This repo uses pnpm not npm (today)\n\n` +
        `[context] (1)\n  ${sha8("context:/srv/web")}: web (/srv/web) (today)\n`,
    );
    assert.doesNotMatch(r.stdout, /snake_case/);
    const multi = await ok(sb, ["search", "uses", "pnpm"], env);
    assert.match(multi.stdout, new RegExp(`${L}: This repo uses pnpm not npm`));
    const none = await ok(sb, ["search", "kubernetes"], env);
    assert.equal(none.stdout, "No entries found.\n");
    const j = json<{ ok: boolean; data: { total: number; groups: { type: string }[] } }>(
      await ok(sb, ["search", "pnpm", "--json"], env),
    );
    assert.equal(j.ok, true);
    assert.equal(j.data.total, 2);
    assert.deepEqual(
      j.data.groups.map((g) => g.type),
      ["learning", "context"],
    );
    const missing = await brain(sb, ["search"]);
    assert.equal(missing.code, 2, show(missing));
  });

  test("heartbeat: the never-run default reminder is due; after reminder_run, 'Nothing due'", async (t) => {
    const sb = fresh(t);
    const env = { BRAIN_NOW: NOW };
    await ok(sb, ["init"], env);
    const first = await ok(sb, ["heartbeat"], env);
    assert.match(
      first.stdout,
      /^Reminders due \(1\):\n {2}rem00001: Run memory-consolidate.* \(never run\)\n$/,
    );
    const fj = json<{ ok: boolean; reminders: { id: string; reason: string }[]; tasks: unknown[] }>(
      await ok(sb, ["heartbeat", "--json"], env),
    );
    assert.equal(fj.ok, true);
    assert.deepEqual(
      fj.reminders.map((r) => [r.id, r.reason]),
      [["rem00001", "never-run"]],
    );
    assert.deepEqual(fj.tasks, []);
    await ok(sb, ["reminder_run", "id=rem00001", "result=ok"], env);
    const r = await ok(sb, ["heartbeat"], env);
    assert.equal(r.stdout, "Nothing due: no reminders due and no pending tasks.\n");
    const j = json(await ok(sb, ["heartbeat", "--json"], env));
    assert.deepEqual(j, { ok: true, now: NOW, reminders: [], tasks: [] });
    // next_due is 01:00 the next day (TZ=UTC): due again once the clock passes it
    const later = await ok(sb, ["heartbeat"], { BRAIN_NOW: "2026-02-11T01:00:00.000Z" });
    assert.match(later.stdout, /rem00001: .* \(due since 2026-02-11T01:00:00\.000Z\)/);
  });

  test("heartbeat lists a due reminder and an overdue task first", async (t) => {
    const sb = fresh(t);
    await ok(sb, ["init"], { BRAIN_NOW: NOW });
    await ok(sb, ["reminder_run", "id=rem00001", "result=ok"], { BRAIN_NOW: NOW }); // not due until tomorrow
    const early = { BRAIN_NOW: "2026-02-10T08:00:00.000Z" };
    await ok(sb, ["add", "type=reminder", "text=Check the queue", "cadence=1h", "enabled=true"], early);
    const R = lastLineOf(sb, "reminder");
    await ok(sb, ["reminder_run", `id=${R}`, "result=ok"], early); // next due 09:00
    await ok(sb, ["add", "type=reminder", "text=Disabled one", "cadence=1m", "enabled=false"], early);
    await ok(sb, ["add", "type=task", "description=Someday task", "priority=low"], early);
    const someday = lastLineOf(sb, "task");
    await ok(
      sb,
      ["add", "type=task", "description=Fix the flaky CI test", "priority=high", "due=2026-02-01"],
      early,
    );
    const overdue = lastLineOf(sb, "task");
    await ok(sb, ["add", "type=task", "description=Done already"], early);
    await ok(sb, ["task_done", `id=${lastLineOf(sb, "task")}`], early);
    const env = { BRAIN_NOW: NOW };
    const r = await ok(sb, ["heartbeat"], env);
    assert.equal(
      r.stdout,
      [
        "Reminders due (1):",
        `  ${R}: Check the queue (due since 2026-02-10T09:00:00.000Z)`,
        "",
        "Pending tasks (2):",
        `  ! ${overdue}: Fix the flaky CI test [high] (due 2026-02-01, OVERDUE)`,
        `  - ${someday}: Someday task [low]`,
        "",
      ].join("\n"),
    );
    const j = json<{
      reminders: { id: string; reason: string; next_due: string }[];
      tasks: { id: string; overdue: boolean; priority: string; due: string | null }[];
    }>(await ok(sb, ["heartbeat", "--json"], env));
    assert.deepEqual(
      j.reminders.map((x) => [x.id, x.reason, x.next_due]),
      [[R, "due", "2026-02-10T09:00:00.000Z"]],
    );
    assert.deepEqual(
      j.tasks.map((x) => [x.id, x.overdue, x.priority, x.due]),
      [
        [overdue, true, "high", "2026-02-01"],
        [someday, false, "low", null],
      ],
    );
  });

  test("heartbeat --decay tombstones stale learnings, never preferences", async (t) => {
    const sb = fresh(t);
    const old = { BRAIN_NOW: "2025-06-01T00:00:00.000Z" };
    await ok(sb, ["init"], old);
    await ok(sb, ["add", "type=learning", "text=Stale fact from last year"], old);
    const stale = lastLineOf(sb, "learning");
    await ok(sb, ["add", "type=preference", "text=Old but deliberate choice", "category=Code"], old);
    const env = { BRAIN_NOW: NOW };
    await ok(sb, ["add", "type=learning", "text=Fresh fact"], env);
    const plain = await ok(sb, ["heartbeat"], env);
    assert.doesNotMatch(plain.stdout, /Decayed/);
    assert.equal((await ok(sb, ["stats"], env)).stdout.split(" |")[0], "🧠 2L 1P 0T 1R");
    const r = await ok(sb, ["heartbeat", "--decay"], env);
    assert.match(r.stdout, /Decayed 1 stale learning\(s\)\.\n$/);
    assert.match(r.stdout, /rem00001/, "the heartbeat itself is still printed");
    const tomb = lastLine(sb.brainPath);
    assert.deepEqual(
      [tomb.type, tomb.target_id, tomb.target_type, tomb.reason],
      ["tombstone", stale, "learning", "decay"],
    );
    assert.equal((await ok(sb, ["stats"], env)).stdout.split(" |")[0], "🧠 1L 1P 0T 1R");
    const again = json<{ ok: boolean; decay: { decayed: string[] } }>(
      await ok(sb, ["heartbeat", "--decay", "--json"], env),
    );
    assert.equal(again.ok, true);
    assert.deepEqual(again.decay.decayed, []);
  });
});

describe("--json and exit codes", { concurrency: 2 }, () => {
  test("every command prints parseable JSON with --json", async (t) => {
    const sb = fresh(t);
    const env = { BRAIN_NOW: NOW };
    const cmds: string[][] = [
      ["init"],
      ["stats"],
      ["list"],
      ["list", "type=learning", "verbose=true"],
      ["search", "pnpm"],
      ["heartbeat"],
      ["heartbeat", "--decay"],
      ["context"],
      ["context", "--compat", "rho"],
      ["decay"],
      ["task_clear"],
      ["reminder_run", "id=rem00001", "result=skipped"],
      ["migrate"],
      ["doctor"],
    ];
    // --json after the command and before it (a global option)
    for (const [i, args] of cmds.entries()) {
      const argv = i % 2 === 0 ? [...args, "--json"] : ["--json", ...args];
      const j = json(await ok(sb, argv, env));
      assert.equal(typeof j, "object", argv.join(" "));
      assert.notEqual(j, null, argv.join(" "));
    }
    // writes: one form each (the second would be a duplicate)
    for (const args of [
      ["add", "type=learning", "text=This repo uses pnpm not npm", "--json"],
      ["--json", "action=add", "type=task", "description=Ship it"],
    ]) {
      const j = json<{ ok: boolean; data: { id: string }; written: { id: string }[] }>(
        await ok(sb, args, env),
      );
      assert.equal(j.ok, true);
      assert.equal(j.written[0]?.id, j.data.id);
      assert.equal(lastLine(sb.brainPath).id, j.data.id);
    }
    const T = lastLineOf(sb, "task");
    const tj = json<{ ok: boolean; message: string }>(await ok(sb, ["task_done", `id=${T}`, "--json"], env));
    assert.deepEqual([tj.ok, tj.message], [true, "Completed: Ship it"]);
    const L = lastLineOf(sb, "learning");
    const uj = json<{ ok: boolean; data: { id: string } }>(
      await ok(sb, ["update", `id=${L}`, "text=This repo uses pnpm", "--json"], env),
    );
    assert.deepEqual([uj.ok, uj.data.id], [true, L]);
    const rj = json<{ message: string }>(await ok(sb, ["remove", `id=${L}`, "--json"], env));
    assert.equal(rj.message, `Removed learning ${L}: This repo uses pnpm`);
    const cj = json<{ text: string; tokens: number; budget: number; injectedIds: string[] }>(
      await ok(sb, ["context", "--compat", "rho", "--json"], env),
    );
    assert.match(cj.text, /^## Memory/);
    assert.equal(cj.budget, 2000);
    assert.ok(cj.injectedIds.includes("b0000001"));
  });

  test("errors under --json are {ok:false,error:{code,message}} with the exit code of their kind", async (t) => {
    const sb = fresh(t);
    await ok(sb, ["init"]);
    await ok(sb, ["add", "type=learning", "text=known fact"]);
    const invalid = jsonError(
      await brain(sb, ["add", "type=behavior", "text=x", "category=maybe", "--json"]),
      2,
      "INVALID",
    );
    assert.match(invalid.message, /category/);
    assert.equal(invalid.field, "category");
    jsonError(await brain(sb, ["remove", "id=deadbeef", "--json"]), 3, "NOT_FOUND");
    jsonError(await brain(sb, ["add", "type=learning", "text=Known fact!", "--json"]), 4, "DUPLICATE");
    jsonError(await brain(sb, ["context", "--budget", "0", "--json"]), 2, "INVALID");
    jsonError(await brain(sb, ["--json", "frobnicate"]), 2, "INVALID");
    jsonError(await brain(sb, ["search", "--json"]), 2, "INVALID");
    writeConfig(sb, { decayAfterDays: "soon" });
    const cfg = jsonError(await brain(sb, ["stats", "--json"]), 6, "CONFIG");
    assert.match(cfg.message, /decayAfterDays/);
  });

  test("exit codes: 2 invalid (naming the field), 3 not found, 4 duplicate; nothing written", async (t) => {
    const sb = fresh(t);
    await ok(sb, ["init"]);
    await ok(sb, ["add", "type=learning", "text=This repo uses pnpm not npm"]);
    const bytes = fs.readFileSync(sb.brainPath);
    const cases: [string[], number, RegExp][] = [
      [["add", "type=behavior", "text=x", "category=maybe"], 2, /category.*do, dont, value/],
      [["add", "type=behavior", "text=x"], 2, /category/],
      [["add", "type=learning"], 2, /text/],
      [["add", "type=preference", "text=x"], 2, /category/],
      [["add", "type=identity", "value=rho"], 2, /key/],
      [["add", "type=spaceship", "text=x"], 2, /type/],
      [["add", "type=reminder", "text=x", "cadence=6h", "enabled=maybe"], 2, /enabled/],
      [["add", "type=task", "description=x", "due=next tuesday"], 2, /due/],
      [["add", "not-a-pair"], 2, /key=value/],
      [["list", "type=task", "filter=someday"], 2, /filter/],
      [["list", "limit=-1"], 2, /limit/],
      [["reminder_run", "id=rem00001", "result=maybe"], 2, /result/],
      [["update"], 2, /id/],
      [["remove"], 2, /remove requires/],
      [["frobnicate"], 2, /unknown command/],
      [["update", "id=deadbeef", "text=x"], 3, /deadbeef/],
      [["remove", "id=deadbeef"], 3, /deadbeef/],
      [["remove", "type=user", "key=nobody"], 3, /nobody/],
      [["task_done", "id=deadbeef"], 3, /deadbeef/],
      [["reminder_run", "id=deadbeef", "result=ok"], 3, /deadbeef/],
      [
        ["add", "type=learning", "text=this repo uses PNPM; not npm"],
        4,
        /Duplicate learning: already stored/,
      ],
    ];
    for (const [args, code, msg] of cases) {
      const r = await brain(sb, args);
      assert.equal(r.code, code, `brain ${args.join(" ")}\n${show(r)}`);
      assert.match(r.stderr, msg, `brain ${args.join(" ")}`);
      assert.equal(r.stdout, "", `brain ${args.join(" ")}: nothing on stdout`);
    }
    assert.deepEqual(fs.readFileSync(sb.brainPath), bytes, "failed commands must not write");
  });
});

describe("settings and log location", { concurrency: 2 }, () => {
  test("invalid config file → exit 6 naming the key; unknown keys are ignored", async (t) => {
    const sb = fresh(t);
    await ok(sb, ["init"]);
    const cfgPath = writeConfig(sb, { decayAfterDays: "soon" });
    for (const args of [["stats"], ["add", "type=learning", "text=x"], ["context"]]) {
      const r = await brain(sb, args);
      assert.equal(r.code, 6, show(r));
      assert.match(r.stderr, /decayAfterDays/);
      assert.match(r.stderr, new RegExp(cfgPath.replaceAll("/", "\\/")));
    }
    writeConfig(sb, "{ not json");
    const bad = await brain(sb, ["stats"]);
    assert.equal(bad.code, 6, show(bad));
    assert.match(bad.stderr, /not valid JSON/);
    writeConfig(sb, { promptBudget: 0 });
    const zero = await brain(sb, ["stats"]);
    assert.equal(zero.code, 6, show(zero));
    assert.match(zero.stderr, /promptBudget/);
    writeConfig(sb, {
      autoMemory: false,
      decayAfterDays: 90,
      heartbeat: { interval: "30m" },
      someFutureKey: [1, 2, 3],
    });
    assert.equal((await ok(sb, ["stats"])).stdout, `${FRESH_STATS}\n`);
    // a malformed BRAIN_NOW is a configuration error too
    const now = jsonError(
      await brain(sb, ["stats", "--json"], { env: { BRAIN_NOW: "yesterday" } }),
      6,
      "CONFIG",
    );
    assert.match(now.message, /BRAIN_NOW/);
    assert.equal(readLines(sb.brainPath).length, 18, "the failed runs wrote nothing");
  });

  test("settings are used: decayAfterDays/decayMinScore and promptBudget; BRAIN_CONFIG beats ~/.rho", async (t) => {
    const sb = fresh(t);
    await ok(sb, ["add", "type=learning", "text=Twenty days old"], { BRAIN_NOW: "2026-01-21T12:00:00.000Z" });
    const env = { BRAIN_NOW: NOW };
    assert.equal((await ok(sb, ["decay"], env)).stdout, "No learnings to decay.\n", "defaults: 90 days");
    writeConfig(sb, { decayAfterDays: "broken" }); // ignored: BRAIN_CONFIG names another file
    const custom = join(sb.dir, "custom-config.json");
    fs.writeFileSync(custom, JSON.stringify({ decayAfterDays: 10, decayMinScore: 100, promptBudget: 321 }));
    const cenv = { ...env, BRAIN_CONFIG: custom };
    assert.equal((await ok(sb, ["decay"], cenv)).stdout, "Decayed 1 stale learning(s).\n");
    assert.equal(
      json<{ budget: number }>(await ok(sb, ["context", "--compat", "rho", "--json"], cenv)).budget,
      321,
    );
    const doc = json<{ configPath: string }>(await ok(sb, ["doctor", "--json"], cenv));
    assert.equal(doc.configPath, custom);
  });

  test("log location: --brain > BRAIN_PATH > BRAIN_DIR > RHO_BRAIN_PATH > RHO_BRAIN_DIR > ~/.rho/brain", async (t) => {
    const sb = fresh(t);
    const p = (name: string) => join(sb.dir, name);
    const all = {
      BRAIN_PATH: p("a/brain-path.jsonl"),
      BRAIN_DIR: p("b"),
      RHO_BRAIN_PATH: p("c/rho-brain-path.jsonl"),
      RHO_BRAIN_DIR: p("d"),
    };
    const cases: [Record<string, string | undefined>, string[], string, string][] = [
      [all, ["--brain", p("e/explicit.jsonl")], p("e/explicit.jsonl"), "--brain"],
      [all, [], all.BRAIN_PATH, "BRAIN_PATH"],
      [{ ...all, BRAIN_PATH: undefined }, [], join(all.BRAIN_DIR, "brain.jsonl"), "BRAIN_DIR"],
      [{ ...all, BRAIN_PATH: undefined, BRAIN_DIR: undefined }, [], all.RHO_BRAIN_PATH, "RHO_BRAIN_PATH"],
      [
        { RHO_BRAIN_DIR: all.RHO_BRAIN_DIR, BRAIN_PATH: undefined },
        [],
        join(all.RHO_BRAIN_DIR, "brain.jsonl"),
        "RHO_BRAIN_DIR",
      ],
      [{ BRAIN_PATH: undefined }, [], join(sb.home, ".rho", "brain", "brain.jsonl"), "default"],
    ];
    const created: string[] = [];
    for (const [env, pre, path, source] of cases) {
      // init creates the brain it resolved, and says which rule chose it
      const d = json<{ path: string; source: string }>(await ok(sb, [...pre, "init", "--json"], env));
      assert.deepEqual([d.path, d.source], [path, source]);
      assert.equal(readLines(path).length, 18, `${source}: the default brain is created at ${path}`);
      created.push(path);
      for (const [, , other] of cases) {
        assert.equal(fs.existsSync(other), created.includes(other), `${source}: ${other}`);
      }
    }
  });
});

describe("brain context", { concurrency: 2 }, () => {
  test("--compat rho prints Rho's prompt: identity, behaviours, preferences, project context, learnings", async (t) => {
    const sb = fresh(t);
    const proj = join(sb.dir, "work", "rho");
    fs.mkdirSync(join(proj, "src"), { recursive: true });
    await ok(sb, ["init"]);
    await ok(sb, ["add", "type=identity", "key=name", "value=rho"]);
    await ok(sb, ["add", "type=user", "key=editor", "value=Neovim"]);
    await ok(sb, ["add", "type=preference", "text=User prefers early returns", "category=Code"]);
    await ok(sb, ["add", "type=learning", "text=This repo uses pnpm not npm"]);
    await ok(sb, ["add", "type=context", "project=rho", `path=${proj}`, "content=TypeScript monorepo."]);
    const r = await ok(sb, ["--cwd", join(proj, "src"), "context", "--compat", "rho"]);
    const text = r.stdout;
    assert.ok(text.startsWith("## Memory\n"), text);
    for (const part of [
      "## Identity\n**name:** rho\n",
      "## User\n**editor:** Neovim\n",
      "## Behavior\n**Do:** Be direct — skip filler, get to the point.",
      "**Don't:** Use performative phrases like 'Great question!'",
      "**Values:** Clarity over diplomacy.",
      "## Preferences\n**Code:** User prefers early returns\n",
      "## Project: rho\nTypeScript monorepo.\n",
      "## Learnings\n- This repo uses pnpm not npm\n",
    ]) {
      assert.ok(text.includes(part), `missing ${JSON.stringify(part)} in:\n${text}`);
    }
    const order = [
      "## Identity",
      "## User",
      "## Behavior",
      "## Preferences",
      "## Project",
      "## Learnings",
    ].map((h) => text.indexOf(h));
    assert.deepEqual(
      order,
      [...order].sort((a, b) => a - b),
      "sections in seed order",
    );
    // outside the project path, no project context
    const elsewhere = await ok(sb, ["--cwd", sb.home, "context", "--compat", "rho"]);
    assert.doesNotMatch(elsewhere.stdout, /## Project/);
    assert.match(elsewhere.stdout, /## Learnings\n- This repo uses pnpm not npm/);
    // a small budget trims and says so
    const small = await ok(sb, ["context", "--compat", "rho", "--budget", "60"]);
    assert.match(small.stdout, /more omitted/);
    assert.ok(small.stdout.length < text.length);
    // the default rendering carries the same memory
    const plain = await ok(sb, ["--cwd", join(proj, "src"), "context"]);
    for (const part of [
      "## Behavior",
      "Be direct — skip filler",
      "This repo uses pnpm not npm",
      "early returns",
    ]) {
      assert.ok(plain.stdout.includes(part), `missing ${JSON.stringify(part)} in:\n${plain.stdout}`);
    }
  });

  test("--budget must be a positive whole number", async (t) => {
    const sb = fresh(t);
    await ok(sb, ["init"]);
    for (const compat of [[], ["--compat", "rho"]]) {
      for (const b of ["0", "abc", "1.5", ""]) {
        const r = await brain(sb, ["context", ...compat, "--budget", b]);
        assert.equal(r.code, 2, `--budget ${JSON.stringify(b)}\n${show(r)}`);
        assert.match(r.stderr, /--budget/);
        assert.equal(r.stdout, "");
      }
    }
    const good = await ok(sb, ["context", "--compat", "rho", "--budget", "500"]);
    assert.match(good.stdout, /^## Memory\n/);
  });
});

describe("brain migrate", { concurrency: 2 }, () => {
  test("imports legacy core/memory/context.jsonl and ~/.rho/tasks.jsonl, leaves them byte-identical, runs once", async (t) => {
    const sb = fresh(t);
    // Rho's layout: ~/.rho/brain/{brain,core,memory,context}.jsonl and ~/.rho/tasks.jsonl
    const dir = join(sb.home, ".rho", "brain");
    fs.mkdirSync(dir, { recursive: true });
    const env = { BRAIN_PATH: undefined, BRAIN_NOW: NOW };
    const legacy: Record<string, string> = {
      [join(dir, "core.jsonl")]: [
        '{"id":"c1","type":"behavior","category":"do","text":"Write the test first","created":"2025-06-01T00:00:00.000Z"}',
        '{"id":"c2","type":"identity","key":"name","value":"legacy-rho","created":"2025-06-01T00:00:00.000Z"}',
        '{"id":"c3","type":"user","key":"editor","value":"Helix","created":"2025-06-01T00:00:00.000Z"}',
        '{"id":"c4","type":"behavior","category":"do","text":"Be direct — skip filler, get to the point","created":"2025-06-01T00:00:00.000Z"}',
        "",
      ].join("\n"),
      [join(dir, "memory.jsonl")]: [
        '{"id":"m1","type":"learning","text":"The deploy script requires AWS_PROFILE=prod","created":"2025-07-01T00:00:00.000Z"}',
        '{"id":"m2","type":"preference","category":"Tools","text":"Always use ripgrep","created":"2025-07-02T00:00:00.000Z"}',
        "this line is not JSON",
        '{"id":"m3","type":"learning","text":"the deploy script requires AWS_PROFILE prod"}',
        "",
      ].join("\n"),
      [join(dir, "context.jsonl")]:
        '{"id":"x1","type":"context","project":"web","path":"/srv/web","content":"Next.js app","created":"2025-07-01T00:00:00.000Z"}\n',
      [join(sb.home, ".rho", "tasks.jsonl")]:
        '{"id":"t-legacy1","description":"Port the old task","status":"pending","priority":"high","tags":["port"],"due":"2026-03-01","created":"2025-08-01T00:00:00.000Z"}\n',
    };
    for (const [f, text] of Object.entries(legacy)) fs.writeFileSync(f, text);
    const brainPath = join(dir, "brain.jsonl");
    await ok(sb, ["init"], env);
    const r = await ok(sb, ["migrate"], env);
    assert.match(
      r.stdout,
      /^Migrated 1 behaviors, 1 identity, 1 user, 1 learnings, 1 preferences, 1 contexts, 1 tasks \(2 skipped\)\.\n/,
    );
    for (const f of Object.keys(legacy)) assert.ok(r.stdout.includes(f), `lists ${f}`);
    const added = readLines(brainPath).slice(18);
    const byType = (type: string) => added.filter((e) => e.type === type);
    assert.deepEqual(
      byType("behavior").map((e) => [e.category, e.text]),
      [["do", "Write the test first"]],
    );
    assert.deepEqual(
      byType("identity").map((e) => [e.id, e.key, e.value]),
      [[sha8("identity:name"), "name", "legacy-rho"]],
    );
    assert.deepEqual(
      byType("user").map((e) => [e.id, e.value]),
      [[sha8("user:editor"), "Helix"]],
    );
    assert.deepEqual(
      byType("learning").map((e) => [e.text, e.created]),
      [["The deploy script requires AWS_PROFILE=prod", "2025-07-01T00:00:00.000Z"]],
    );
    assert.deepEqual(
      byType("preference").map((e) => [e.category, e.text]),
      [["Tools", "Always use ripgrep"]],
    );
    assert.deepEqual(
      byType("context").map((e) => [e.id, e.path, e.content]),
      [[sha8("context:/srv/web"), "/srv/web", "Next.js app"]],
    );
    assert.deepEqual(
      byType("task").map((e) => [e.id, e.description, e.status, e.priority, e.due, e.tags]),
      [["t-legacy1", "Port the old task", "pending", "high", "2026-03-01", ["port"]]],
    );
    const marker = added[added.length - 1] as Record<string, unknown>;
    assert.deepEqual(marker, {
      id: sha8("meta:migration.v2"),
      type: "meta",
      key: "migration.v2",
      value: "done",
      created: NOW,
    });
    for (const [f, text] of Object.entries(legacy)) {
      assert.equal(fs.readFileSync(f, "utf8"), text, `${f} must be left untouched`);
    }
    assert.equal((await ok(sb, ["stats"], env)).stdout, "🧠 1L 1P 1T 1R | 17beh 1id 1usr\n");
    const size = fs.statSync(brainPath).size;
    const second = await ok(sb, ["migrate"], env);
    assert.equal(second.stdout, "Nothing to migrate (no legacy files, or already migrated).\n");
    assert.deepEqual(json(await ok(sb, ["migrate", "--json"], env)), { ok: true, migrated: false });
    assert.equal(fs.statSync(brainPath).size, size, "a second migrate writes nothing");
    // migrated keyed entries behave like native ones
    const rm = await ok(sb, ["remove", "type=identity", "key=name"], env);
    assert.equal(rm.stdout, `Removed identity ${sha8("identity:name")}: name = legacy-rho\n`);
  });

  test("no legacy files: nothing to migrate, nothing written", async (t) => {
    const sb = fresh(t);
    await ok(sb, ["init"]);
    const bytes = fs.readFileSync(sb.brainPath);
    assert.equal(
      (await ok(sb, ["migrate"])).stdout,
      "Nothing to migrate (no legacy files, or already migrated).\n",
    );
    assert.deepEqual(fs.readFileSync(sb.brainPath), bytes);
  });
});

describe("brain doctor", { concurrency: 2 }, () => {
  test("healthy brain: exit 0", async (t) => {
    const sb = fresh(t);
    await ok(sb, ["init"]);
    const r = await ok(sb, ["doctor"]);
    assert.match(r.stdout, /bad lines: 0\n/);
    assert.match(r.stdout, /torn tail: no/);
    const j = json<{
      ok: boolean;
      badLineCount: number;
      truncatedTail: boolean;
      lines: number;
      total: number;
    }>(await ok(sb, ["doctor", "--json"]));
    assert.deepEqual([j.ok, j.badLineCount, j.truncatedTail, j.lines, j.total], [true, 0, false, 18, 18]);
  });

  test("reports bad lines with their line numbers and a torn tail, exit 1", async (t) => {
    const sb = fresh(t);
    await ok(sb, ["init"]);
    fs.appendFileSync(
      sb.brainPath,
      [
        "not json at all", // line 19
        "[1,2,3]", // line 20
        '{"id":"x1","type":"learning","text":"fine","created":"2026-01-01T00:00:00.000Z"}', // 21
        '{"type":"learning","text":"no id"}', // line 22
        '{"id":"u1","type":"hologram","created":"2026-01-01T00:00:00.000Z"}', // 23: unknown type
        '{"id":"t1","type":"learning","text":"torn wr', // line 24, no newline
      ].join("\n"),
    );
    const r = await brain(sb, ["doctor"]);
    assert.equal(r.code, 1, show(r));
    assert.match(r.stdout, /bad lines: 3\n/);
    assert.match(r.stdout, /line 19: invalid JSON: not json at all/);
    assert.match(r.stdout, /line 20: not an object \(array\)/);
    assert.match(r.stdout, /line 22: missing id/);
    assert.match(r.stdout, /line 23: "hologram"/);
    assert.match(r.stdout, /torn tail: line 24: \{"id":"t1","type":"learning","text":"torn wr/);
    const jr = await brain(sb, ["doctor", "--json"]);
    assert.equal(jr.code, 1, show(jr));
    const j = json<{
      ok: boolean;
      badLineCount: number;
      badLines: { line: number; reason: string; text: string }[];
      truncatedTail: boolean;
      tornTail: { line: number; text: string };
      unknownTypes: { line: number; type: string }[];
    }>(jr);
    assert.equal(j.ok, false);
    assert.deepEqual(
      j.badLines.map((b) => [b.line, b.reason, b.text]),
      [
        [19, "invalid JSON", "not json at all"],
        [20, "not an object (array)", "[1,2,3]"],
        [22, "missing id", '{"type":"learning","text":"no id"}'],
      ],
    );
    assert.equal(j.truncatedTail, true);
    assert.deepEqual(j.tornTail, { line: 24, text: '{"id":"t1","type":"learning","text":"torn wr' });
    assert.deepEqual(j.unknownTypes, [{ line: 23, type: "hologram" }]);
    // the good line among the bad ones still loads
    assert.equal((await ok(sb, ["stats"])).stdout, "🧠 1L 0P 0T 1R | 16beh 0id 0usr\n");
  });
});
