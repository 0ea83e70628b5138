/**
 * Every example of the seed's "The brain Tool → Examples" section, typed into bash exactly as written
 * (with `brain` on PATH), in the seed's `action=` form and the short `brain add …` form; then what each one
 * wrote to brain.jsonl.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import { dirname } from "node:path";
import { describe, type TestContext, test } from "node:test";
import {
  bashBrain,
  brain,
  type CliResult,
  json,
  lastLine,
  readLines,
  removeSandbox,
  type Sandbox,
  sandbox,
  show,
} from "../support/cli.ts";

const NOW = "2026-02-10T12:00:00.000Z";
const ENV = { BRAIN_NOW: NOW };
const HEX8 = /^[0-9a-f]{8}$/;
const sha8 = (s: string) => createHash("sha256").update(s).digest("hex").slice(0, 8);

/** The seed's examples, verbatim. */
const EX = {
  addLearning: 'brain action=add type=learning text="This repo uses pnpm not npm"',
  addPreference: 'brain action=add type=preference text="User prefers early returns" category=Code',
  addBehavior: 'brain action=add type=behavior text="Be direct" category=do',
  addIdentity: "brain action=add type=identity key=name value=rho",
  addUser: 'brain action=add type=user key=timezone value="US/Central"',
  addTask:
    'brain action=add type=task description="Fix the flaky CI test" priority=high due=2026-02-15 tags=code,ci',
  addReminder:
    'brain action=add type=reminder text="Run backup script" cadence={"kind":"interval","every":"6h"} enabled=true',
  update: 'brain action=update id=a1b2c3d4 text="This repo uses pnpm (not npm or yarn)"',
  removeById: 'brain action=remove id=a1b2c3d4 reason="No longer accurate"',
  removeIdentity: "brain action=remove type=identity key=name",
  removeContext: "brain action=remove type=context path=/home/user/projects/rho",
  listLearnings: "brain action=list type=learning",
  search: "brain action=list query=pnpm",
  listVerbose: "brain action=list type=learning verbose=true",
  listPending: "brain action=list type=task filter=pending",
  listActive: "brain action=list type=reminder filter=active",
  decay: "brain action=decay",
  taskDone: "brain action=task_done id=t-abc123",
  taskClear: "brain action=task_clear",
  reminderOk: "brain action=reminder_run id=rem00001 result=ok",
  reminderError: 'brain action=reminder_run id=rem00001 result=error error="Script exited with code 1"',
} as const;

type Form = "action=" | "short";

/** The same command line in the requested form: `brain action=add …` or `brain add …`. */
function inForm(line: string, form: Form): string {
  if (form === "action=") return line;
  const short = line.replace(/^brain action=(\w+)/, "brain $1");
  assert.notEqual(short, line, `not an action example: ${line}`);
  return short;
}

function fresh(t: TestContext): Sandbox {
  const sb = sandbox();
  t.after(() => removeSandbox(sb));
  return sb;
}

function lineCount(path: string): number {
  return fs.existsSync(path) ? readLines(path).length : 0;
}

/** Run a command line in bash and check exit code and output; returns the lines it appended. */
async function step(
  sb: Sandbox,
  line: string,
  want: {
    code?: number;
    stdout?: string | RegExp;
    stderr?: RegExp;
    appended?: number;
    env?: Record<string, string | undefined>;
  },
): Promise<{ r: CliResult; added: Record<string, unknown>[] }> {
  const before = lineCount(sb.brainPath);
  const r = await bashBrain(sb, line, { env: want.env ?? ENV });
  const ctx = `${line}\n${show(r)}`;
  assert.equal(r.code, want.code ?? 0, ctx);
  if (typeof want.stdout === "string") assert.equal(r.stdout, want.stdout, ctx);
  else if (want.stdout) assert.match(r.stdout, want.stdout, ctx);
  if (want.stderr) assert.match(r.stderr, want.stderr, ctx);
  const all = readLines(sb.brainPath);
  const added = all.slice(before);
  if (want.appended !== undefined) assert.equal(added.length, want.appended, `lines appended by: ${line}`);
  return { r, added };
}

function only(added: Record<string, unknown>[]): Record<string, unknown> {
  assert.equal(added.length, 1, `expected exactly one appended line, got ${JSON.stringify(added)}`);
  return added[0] as Record<string, unknown>;
}

/** All the examples in a sensible order; placeholder ids (a1b2c3d4, t-abc123) become the ids just added. */
async function runAllExamples(sb: Sandbox, form: Form): Promise<void> {
  const ex = (k: keyof typeof EX) => inForm(EX[k], form);
  // The default brain is created on first run; create it first so every example appends only its own line.
  const init = await brain(sb, ["init"], { env: ENV });
  assert.equal(init.code, 0, show(init));
  assert.equal(lineCount(sb.brainPath), 18);

  const learning = only(
    (await step(sb, ex("addLearning"), { stdout: "Added learning: This repo uses pnpm not npm\n" })).added,
  );
  assert.match(String(learning.id), HEX8);
  assert.deepEqual(learning, {
    id: learning.id,
    type: "learning",
    text: "This repo uses pnpm not npm",
    created: NOW,
  });
  const L = String(learning.id);

  await step(sb, ex("addLearning"), {
    code: 4,
    stderr: /Duplicate learning: already stored/,
    appended: 0,
  });

  const pref = only(
    (await step(sb, ex("addPreference"), { stdout: "Added preference: [Code] User prefers early returns\n" }))
      .added,
  );
  assert.deepEqual(pref, {
    id: pref.id,
    type: "preference",
    text: "User prefers early returns",
    category: "Code",
    created: NOW,
  });
  assert.match(String(pref.id), HEX8);

  const beh = only((await step(sb, ex("addBehavior"), { stdout: "Added behavior: [do] Be direct\n" })).added);
  assert.deepEqual(beh, { id: beh.id, type: "behavior", text: "Be direct", category: "do", created: NOW });
  assert.match(String(beh.id), HEX8);

  const ident = only((await step(sb, ex("addIdentity"), { stdout: "Added identity: name = rho\n" })).added);
  assert.deepEqual(ident, {
    id: sha8("identity:name"),
    type: "identity",
    key: "name",
    value: "rho",
    created: NOW,
  });

  const user = only((await step(sb, ex("addUser"), { stdout: "Added user: timezone = US/Central\n" })).added);
  assert.deepEqual(user, {
    id: sha8("user:timezone"),
    type: "user",
    key: "timezone",
    value: "US/Central",
    created: NOW,
  });

  const task = only(
    (await step(sb, ex("addTask"), { stdout: "Added task: Fix the flaky CI test [high]\n" })).added,
  );
  assert.match(String(task.id), HEX8);
  assert.deepEqual(task, {
    id: task.id,
    type: "task",
    description: "Fix the flaky CI test",
    status: "pending",
    priority: "high",
    due: "2026-02-15",
    tags: ["code", "ci"],
    completedAt: null,
    created: NOW,
  });
  const T = String(task.id);

  // Unquoted in bash, the cadence is brace-expanded into cadence=kind:interval cadence=every:6h.
  const rem = only(
    (await step(sb, ex("addReminder"), { stdout: "Added reminder: Run backup script\n" })).added,
  );
  assert.match(String(rem.id), HEX8);
  assert.deepEqual(rem, {
    id: rem.id,
    type: "reminder",
    text: "Run backup script",
    cadence: { kind: "interval", every: "6h" },
    enabled: true,
    priority: "normal",
    tags: [],
    last_run: null,
    next_due: null,
    last_result: null,
    last_error: null,
    created: NOW,
  });

  await step(sb, ex("listLearnings"), {
    stdout: `[learning] (1)\n  ${L}: This repo uses pnpm not npm (today)\n`,
    appended: 0,
  });
  await step(sb, ex("search"), {
    stdout: `[learning] (1)\n  ${L}: This repo uses pnpm not npm (today)\n`,
    appended: 0,
  });
  const verbose = (await step(sb, ex("listVerbose"), { stdout: /^\[learning\] \(1\)\n\{/, appended: 0 })).r;
  assert.deepEqual(JSON.parse(verbose.stdout.slice(verbose.stdout.indexOf("{"))), learning);
  await step(sb, ex("listPending"), {
    stdout: `[task] (1)\n  ${T}: Fix the flaky CI test [high] (today)\n`,
    appended: 0,
  });
  const active = (await step(sb, ex("listActive"), { stdout: /^\[reminder\] \(2\)\n/, appended: 0 })).r;
  assert.match(active.stdout, /\n {2}rem00001: Run memory-consolidate/);
  assert.match(active.stdout, new RegExp(`\\n  ${rem.id}: Run backup script \\(today\\)\\n`));

  const upd = only(
    (await step(sb, ex("update").replace("a1b2c3d4", L), { stdout: `Updated learning ${L}\n` })).added,
  );
  assert.deepEqual(upd, {
    id: L,
    type: "learning",
    text: "This repo uses pnpm (not npm or yarn)",
    created: NOW,
  });
  await step(sb, ex("listLearnings"), {
    stdout: `[learning] (1)\n  ${L}: This repo uses pnpm (not npm or yarn) (today)\n`,
  });

  const tomb = only(
    (
      await step(sb, ex("removeById").replace("a1b2c3d4", L), {
        stdout: `Removed learning ${L}: This repo uses pnpm (not npm or yarn)\n`,
      })
    ).added,
  );
  assert.match(String(tomb.id), HEX8);
  assert.notEqual(tomb.id, L);
  assert.deepEqual(tomb, {
    id: tomb.id,
    type: "tombstone",
    target_id: L,
    target_type: "learning",
    reason: "No longer accurate",
    created: NOW,
  });
  await step(sb, ex("listLearnings"), { stdout: "No learning entries found.\n" });

  const idTomb = only(
    (
      await step(sb, ex("removeIdentity"), {
        stdout: `Removed identity ${sha8("identity:name")}: name = rho\n`,
      })
    ).added,
  );
  assert.equal(idTomb.target_id, sha8("identity:name"));
  assert.equal(idTomb.target_type, "identity");
  await step(sb, ex("removeIdentity"), { code: 3, stderr: /No identity with key "name"/, appended: 0 });

  // (setup: the seed has no add-context example, but its remove-context example needs one)
  await step(
    sb,
    inForm(
      'brain action=add type=context project=rho path=/home/user/projects/rho content="Use pnpm."',
      form,
    ),
    { stdout: "Added context: rho (/home/user/projects/rho)\n" },
  );
  const ctxTomb = only(
    (
      await step(sb, ex("removeContext"), {
        stdout: `Removed context ${sha8("context:/home/user/projects/rho")}: rho (/home/user/projects/rho)\n`,
      })
    ).added,
  );
  assert.equal(ctxTomb.target_id, sha8("context:/home/user/projects/rho"));
  await step(sb, ex("removeContext"), { code: 3, stderr: /No context with path/, appended: 0 });

  await step(sb, ex("decay"), { stdout: "No learnings to decay.\n", appended: 0 });

  const doneTask = only(
    (
      await step(sb, ex("taskDone").replace("t-abc123", T), {
        stdout: "Completed: Fix the flaky CI test\n",
      })
    ).added,
  );
  assert.deepEqual(doneTask, { ...task, status: "done", completedAt: NOW, created: NOW });
  await step(sb, ex("listPending"), { stdout: "No task entries found.\n" });
  const cleared = only((await step(sb, ex("taskClear"), { stdout: "Cleared 1 done task(s).\n" })).added);
  assert.deepEqual(
    { type: cleared.type, target_id: cleared.target_id, target_type: cleared.target_type },
    { type: "tombstone", target_id: T, target_type: "task" },
  );
  await step(sb, ex("taskClear"), { stdout: "No done tasks to clear.\n", appended: 0 });

  // rem00001 is the default brain's daily 01:00 reminder (TZ=UTC in the child).
  const ok = only(
    (await step(sb, ex("reminderOk"), { stdout: /^Reminder run recorded: Run memory-consolidate.* → ok\n$/ }))
      .added,
  );
  assert.equal(ok.id, "rem00001");
  assert.equal(ok.last_run, NOW);
  assert.equal(ok.last_result, "ok");
  assert.equal(ok.last_error, null);
  assert.equal(ok.next_due, "2026-02-11T01:00:00.000Z");
  assert.deepEqual(ok.cadence, { kind: "daily", at: "01:00" });

  const err = only((await step(sb, ex("reminderError"), { stdout: / → error\n$/ })).added);
  assert.equal(err.id, "rem00001");
  assert.equal(err.last_result, "error");
  assert.equal(err.last_error, "Script exited with code 1");
  assert.equal(err.next_due, "2026-02-11T01:00:00.000Z");

  const stats = await brain(sb, ["stats"], { env: ENV });
  assert.equal(stats.stdout, "🧠 0L 1P 0T 2R | 17beh 0id 1usr\n", show(stats));
  // Nothing we wrote is anything but one JSON object per line.
  const raw = fs.readFileSync(sb.brainPath, "utf8");
  assert.ok(raw.endsWith("\n"));
  assert.equal(raw.split("\n").filter(Boolean).length, readLines(sb.brainPath).length);
}

describe("seed examples (The brain Tool → Examples)", { concurrency: 2 }, () => {
  test("all examples, as written: brain action=<action> …", async (t) => {
    await runAllExamples(fresh(t), "action=");
  });

  test("all examples, short form: brain <action> …", async (t) => {
    await runAllExamples(fresh(t), "short");
  });

  test("placeholder ids verbatim, against the seed's own example entries (fsync on)", async (t) => {
    const sb = fresh(t);
    const env = { ...ENV, BRAIN_FSYNC: undefined };
    const vstep = (line: string, want: Parameters<typeof step>[2]) => step(sb, line, { ...want, env });
    // The seed's entry-type examples for the ids its tool examples use.
    fs.mkdirSync(dirname(sb.brainPath), { recursive: true });
    fs.writeFileSync(
      sb.brainPath,
      [
        '{"id":"a1b2c3d4","type":"learning","text":"This repo uses pnpm not npm","source":"auto","created":"2026-01-15T00:00:00.000Z"}',
        '{"id":"t-abc123","type":"task","description":"Fix the flaky test in CI","status":"pending","priority":"high","due":"2026-02-15","tags":["code","ci"],"completedAt":null,"created":"2026-02-10T00:00:00.000Z"}',
        '{"id":"rem00001","type":"reminder","text":"Run backup script","cadence":{"kind":"interval","every":"6h"},"enabled":true,"priority":"normal","tags":[],"last_run":null,"next_due":null,"last_result":null,"last_error":null,"created":"2026-02-01T00:00:00.000Z"}',
        "",
      ].join("\n"),
    );
    await vstep(EX.addLearning, { code: 4, stderr: /Duplicate learning: already stored/, appended: 0 });
    const upd = only((await vstep(EX.update, { stdout: "Updated learning a1b2c3d4\n" })).added);
    // update merges: the fields it was not given (source) are kept
    assert.deepEqual(upd, {
      id: "a1b2c3d4",
      type: "learning",
      text: "This repo uses pnpm (not npm or yarn)",
      source: "auto",
      created: NOW,
    });
    await vstep(EX.removeById, {
      stdout: "Removed learning a1b2c3d4: This repo uses pnpm (not npm or yarn)\n",
      appended: 1,
    });
    await vstep(EX.removeById, { code: 3, stderr: /No entry with id "a1b2c3d4"/, appended: 0 });
    await vstep(EX.listPending, { stdout: /t-abc123: Fix the flaky test in CI \[high\]/ });
    const done = only((await vstep(EX.taskDone, { stdout: "Completed: Fix the flaky test in CI\n" })).added);
    assert.equal(done.id, "t-abc123");
    assert.equal(done.status, "done");
    assert.equal(done.completedAt, NOW);
    assert.deepEqual(done.tags, ["code", "ci"]);
    await vstep(EX.taskClear, { stdout: "Cleared 1 done task(s).\n", appended: 1 });
    const ok = only(
      (await vstep(EX.reminderOk, { stdout: "Reminder run recorded: Run backup script → ok\n" })).added,
    );
    assert.equal(ok.next_due, "2026-02-10T18:00:00.000Z"); // NOW + 6h
    assert.equal(ok.last_run, NOW);
    const err = only(
      (await vstep(EX.reminderError, { stdout: "Reminder run recorded: Run backup script → error\n" })).added,
    );
    assert.equal(err.last_result, "error");
    assert.equal(err.last_error, "Script exited with code 1");
    // a later successful run clears the error
    const again = only((await vstep(EX.reminderOk, {})).added);
    assert.equal(again.last_error, null);
    assert.equal(again.last_result, "ok");
  });

  test('remove echoes the content: "Removed learning <id>: This repo uses pnpm not npm"', async (t) => {
    const sb = fresh(t);
    const added = await brain(sb, ["add", "type=learning", "text=This repo uses pnpm not npm", "--json"], {
      env: ENV,
    });
    assert.equal(added.code, 0, show(added));
    const id = (json(added).data as { id: string }).id;
    assert.match(id, HEX8);
    assert.equal(lastLine(sb.brainPath).id, id);
    const r = await bashBrain(sb, `brain action=remove id=${id} reason="No longer accurate"`, { env: ENV });
    assert.equal(r.code, 0, show(r));
    assert.equal(r.stdout, `Removed learning ${id}: This repo uses pnpm not npm\n`);
    const again = await bashBrain(sb, `brain remove id=${id}`, { env: ENV });
    assert.equal(again.code, 3, show(again));
    assert.match(again.stderr, /No entry with id/);
  });

  test("dedup: normalised text, preferences too, and a rejected add writes nothing", async (t) => {
    const sb = fresh(t);
    assert.equal((await bashBrain(sb, EX.addLearning, { env: ENV })).code, 0);
    assert.equal((await bashBrain(sb, EX.addPreference, { env: ENV })).code, 0);
    const before = fs.readFileSync(sb.brainPath);
    for (const line of [
      EX.addLearning,
      "brain add type=learning text='THIS repo uses   PNPM, not npm!'",
      "brain add type=learning text='this-repo-uses-pnpm-not-npm'",
    ]) {
      const r = await bashBrain(sb, line, { env: ENV });
      assert.equal(r.code, 4, `${line}\n${show(r)}`);
      assert.equal(r.stderr, "brain: Duplicate learning: already stored\n");
      assert.equal(r.stdout, "");
    }
    const p = await bashBrain(
      sb,
      "brain add type=preference text='user prefers EARLY returns.' category=Code",
    );
    assert.equal(p.code, 4, show(p));
    assert.match(p.stderr, /Duplicate preference: already stored/);
    assert.deepEqual(fs.readFileSync(sb.brainPath), before, "a rejected add must not write");
    const j = await bashBrain(sb, `${EX.addLearning} --json`, { env: ENV });
    assert.equal(j.code, 4);
    assert.deepEqual(json(j), {
      ok: false,
      error: { code: "DUPLICATE", message: "Duplicate learning: already stored" },
    });
    // different text is not a duplicate
    const other = await bashBrain(sb, 'brain add type=learning text="This repo uses npm not pnpm"', {
      env: ENV,
    });
    assert.equal(other.code, 0, show(other));
  });

  test("keyed types: id is sha256(type:key)[0..8]; re-adding the key overwrites in the fold", async (t) => {
    const sb = fresh(t);
    const id = sha8("identity:name");
    assert.equal(id, "75dd7234");
    await brain(sb, ["init"], { env: ENV });
    assert.equal((await bashBrain(sb, EX.addIdentity, { env: ENV })).code, 0);
    const r = await bashBrain(sb, "brain add type=identity key=name value=rho-2", { env: ENV });
    assert.equal(r.code, 0, show(r));
    assert.equal(lastLine(sb.brainPath).id, id);
    const list = await brain(sb, ["list", "type=identity"], { env: ENV });
    assert.equal(list.stdout, `[identity] (1)\n  ${id}: name = rho-2 (today)\n`, show(list));
    const stats = await brain(sb, ["stats"]);
    assert.equal(stats.stdout, "🧠 0L 0P 0T 1R | 16beh 1id 0usr\n");
    const u = await bashBrain(sb, "brain add type=user key=editor value=Neovim", { env: ENV });
    assert.equal(u.code, 0, show(u));
    assert.equal(lastLine(sb.brainPath).id, sha8("user:editor"));
    const m = await bashBrain(sb, "brain add type=meta key=last_consolidation value=2026-02-01", {
      env: ENV,
    });
    assert.equal(m.code, 0, show(m));
    assert.equal(lastLine(sb.brainPath).id, sha8("meta:last_consolidation"));
  });

  test("task defaults and tag normalisation", async (t) => {
    const sb = fresh(t);
    const r = await bashBrain(sb, 'brain add type=task description="Write the release notes"', { env: ENV });
    assert.equal(r.code, 0, show(r));
    const task = lastLine(sb.brainPath);
    assert.match(String(task.id), HEX8);
    assert.deepEqual(task, {
      id: task.id,
      type: "task",
      description: "Write the release notes",
      status: "pending",
      priority: "normal",
      tags: [],
      due: null,
      completedAt: null,
      created: NOW,
    });
    const r2 = await bashBrain(sb, 'brain add type=task description="Tag me" tags="Code, CI ,,Infra"', {
      env: ENV,
    });
    assert.equal(r2.code, 0, show(r2));
    assert.deepEqual(lastLine(sb.brainPath).tags, ["code", "ci", "infra"]);
    const bad = await bashBrain(sb, 'brain add type=task description="x" priority=someday');
    assert.equal(bad.code, 2, show(bad));
    assert.match(bad.stderr, /priority/);
  });

  test("reminder cadence: one argv element, brace-expanded into two, quoted, and shorthand", async (t) => {
    const sb = fresh(t);
    // What bash makes of the seed's unquoted example:
    const echo = await bashBrain(sb, `printf '<%s>\\n' cadence={"kind":"interval","every":"6h"}`);
    assert.equal(echo.stdout, "<cadence=kind:interval>\n<cadence=every:6h>\n");

    const want = (text: string) => ({
      type: "reminder",
      text,
      cadence: { kind: "interval", every: "6h" },
      enabled: true,
      priority: "normal",
      tags: [],
      last_run: null,
      next_due: null,
      last_result: null,
      last_error: null,
      created: NOW,
    });
    const forms: [string, string[]][] = [
      ["one element", ['cadence={"kind":"interval","every":"6h"}']],
      ["two elements", ["cadence=kind:interval", "cadence=every:6h"]],
      ["shorthand", ["cadence=6h"]],
    ];
    for (const [name, cadence] of forms) {
      const r = await brain(
        sb,
        ["action=add", "type=reminder", `text=Backup (${name})`, ...cadence, "enabled=true"],
        { env: ENV },
      );
      assert.equal(r.code, 0, `${name}: ${show(r)}`);
      const { id, ...rest } = lastLine(sb.brainPath);
      assert.match(String(id), HEX8);
      assert.deepEqual(rest, want(`Backup (${name})`), name);
    }
    const quoted = await bashBrain(
      sb,
      `brain add type=reminder text="Backup (quoted)" cadence='{"kind":"interval","every":"6h"}' enabled=true`,
      { env: ENV },
    );
    assert.equal(quoted.code, 0, show(quoted));
    assert.deepEqual(lastLine(sb.brainPath).cadence, { kind: "interval", every: "6h" });

    // a daily cadence unquoted in bash: brace expansion splits at the commas, not at the time's colon
    const dailyBash = await bashBrain(
      sb,
      'brain add type=reminder text="Standup (bash)" cadence={"kind":"daily","at":"08:00"} enabled=true',
      { env: ENV },
    );
    assert.equal(dailyBash.code, 0, show(dailyBash));
    assert.deepEqual(lastLine(sb.brainPath).cadence, { kind: "daily", at: "08:00" });

    const daily = await brain(sb, [
      "add",
      "type=reminder",
      "text=Standup",
      'cadence={"kind":"daily","at":"08:00"}',
      "enabled=false",
    ]);
    assert.equal(daily.code, 0, show(daily));
    assert.deepEqual(lastLine(sb.brainPath).cadence, { kind: "daily", at: "08:00" });
    assert.equal(lastLine(sb.brainPath).enabled, false);

    for (const bad of [
      ['cadence={"kind":"interval","every":"6 hours"}'],
      ['cadence={"kind":"weekly"}'],
      ["cadence={not json"],
    ]) {
      const r = await brain(sb, ["add", "type=reminder", "text=Bad", ...bad, "enabled=true"]);
      assert.equal(r.code, 2, `${bad.join(" ")}: ${show(r)}`);
      assert.match(r.stderr, /cadence|interval/);
    }
    // Without enabled, add stores the reminder enabled (the seed's registry still holds: it is on the entry).
    const noEnabled = await brain(sb, ["add", "type=reminder", "text=No flag", "cadence=6h"]);
    assert.equal(noEnabled.code, 0, show(noEnabled));
    const stored = readLines(sb.brainPath).filter((e) => e.text === "No flag");
    assert.deepEqual(
      stored.map((e) => e.enabled),
      [true],
    );
  });
});
