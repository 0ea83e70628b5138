/**
 * The CLI behaves like a tool people already know (issue 13): --version, get, per-command help, one-line
 * "did you mean" for unknown commands and parameters, list id=, empty updates refused, .md-only brain files,
 * init --empty, bulk remove and dry runs, no colour or escapes from stored text, quiet on a closed pipe.
 * Every case runs the built CLI in a child process on real files.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { bashBrain, brain, brainOk, freshSandbox, json, readLines, show } from "../support/cli.ts";

const ESC = /[\u001b\u0007\u009b]/;

test("--version prints the package version", async (t) => {
  const sb = freshSandbox(t);
  const { version } = JSON.parse(
    fs.readFileSync(join(import.meta.dirname, "..", "..", "package.json"), "utf8"),
  );
  assert.equal((await brainOk(sb, ["--version"])).stdout, `${version}\n`);
});

test("get <id> shows any entry, episodes included, and --json gives the entry", async (t) => {
  const sb = freshSandbox(t);
  await brainOk(sb, ["init"]);
  const added = json<{ data: { id: string } }>(
    await brainOk(sb, ["--json", "add", "type=learning", "text=This repo uses pnpm"]),
  );
  const r = await brainOk(sb, ["get", added.data.id]);
  assert.match(r.stdout, /^id: [0-9a-f]{8}\ntype: learning\ntext: This repo uses pnpm\n/);
  const rem = json<{ entry: { type: string; cadence: unknown } }>(
    await brainOk(sb, ["get", "rem00001", "--json"]),
  );
  assert.equal(rem.entry.type, "reminder");
  assert.deepEqual(rem.entry.cadence, { kind: "daily", at: "01:00" });
  const transcript = join(sb.dir, "chat.jsonl");
  fs.writeFileSync(
    transcript,
    `${JSON.stringify({ role: "user", content: "we deploy on fridays" })}\n${JSON.stringify({ role: "assistant", content: "noted" })}\n`,
  );
  await brainOk(sb, ["ingest", transcript, "--format", "openai"]);
  const episodes = readLines(join(dirname(sb.brainPath), "episodes.jsonl"));
  const ep = episodes[0] as { id: string; text: string };
  const got = json<{ entry: { type: string; text: string } }>(await brainOk(sb, ["--json", "get", ep.id]));
  assert.equal(got.entry.type, "episode");
  assert.equal(got.entry.text, ep.text);
  const missing = await brain(sb, ["get", "ffffffff"]);
  assert.equal(missing.code, 3, show(missing));
});

test("help <command> and <command> --help show that command's own fields and examples", async (t) => {
  const sb = freshSandbox(t);
  const add = await brainOk(sb, ["help", "add"]);
  assert.match(add.stdout, /Usage: brain add/);
  assert.match(add.stdout, /task +description {2}\(optional: .*priority/);
  assert.match(add.stdout, /brain add type=learning/);
  const remove = await brainOk(sb, ["remove", "--help"]);
  assert.match(remove.stdout, /--dry-run/);
  assert.match(remove.stdout, /brain remove type=behavior --all --dry-run/);
  assert.doesNotMatch(remove.stdout, /Fields by type/);
  const list = await brainOk(sb, ["list", "-h"]);
  assert.match(list.stdout, /filter +list: task pending\|done\|all/);
  assert.notEqual(list.stdout, remove.stdout.replace(/remove/g, "list"));
});

test("an unknown command, action, option or help topic is one line with a suggestion", async (t) => {
  const sb = freshSandbox(t);
  for (const args of [["lst"], ["action=lst"], ["help", "lst"]]) {
    const r = await brain(sb, args);
    assert.equal(r.code, 2, show(r));
    assert.equal(r.stderr, "brain: unknown command 'lst' (did you mean list?)\n");
    assert.equal(r.stdout, "");
  }
  const none = await brain(sb, ["xyzzy"]);
  assert.equal(none.stderr, "brain: unknown command 'xyzzy' (see brain --help)\n");
  const opt = await brain(sb, ["remove", "type=behavior", "--dryrun"]);
  assert.equal(opt.code, 2, show(opt));
  assert.equal(opt.stderr.trim().split("\n").length, 1, opt.stderr);
  assert.match(opt.stderr, /did you mean --dry-run\?/);
});

test("an unknown parameter is refused with the closest known name, and nothing is written", async (t) => {
  const sb = freshSandbox(t);
  await brainOk(sb, ["init"]);
  const before = fs.readFileSync(sb.brainPath, "utf8");
  const r = await brain(sb, ["add", "type=task", "description=x", "priorty=urgent"]);
  assert.equal(r.code, 2, show(r));
  assert.equal(r.stderr, "brain: unknown parameter priorty (did you mean priority?)\n");
  assert.equal(fs.readFileSync(sb.brainPath, "utf8"), before);
  const far = await brain(sb, ["list", "colour=red"]);
  assert.equal(far.code, 2, show(far));
  assert.equal(far.stderr, "brain: unknown parameter colour\n");
  // Extra fields already in the log (Rho, a newer version) are kept: only what a caller types is checked.
  fs.appendFileSync(
    sb.brainPath,
    `${JSON.stringify({ id: "abcd0001", type: "learning", text: "kept", origin: "rho", created: "2026-01-01T00:00:00.000Z" })}\n`,
  );
  await brainOk(sb, ["update", "id=abcd0001", "text=kept and updated"]);
  const last = readLines(sb.brainPath).at(-1);
  assert.equal(last?.origin, "rho");
});

test("list id= filters by id; update with no fields is refused and writes nothing", async (t) => {
  const sb = freshSandbox(t);
  await brainOk(sb, ["init"]);
  const r = await brainOk(sb, ["list", "id=b0000002"]);
  assert.equal(r.stdout.trim().split("\n").length, 2, r.stdout);
  assert.match(r.stdout, /^\[behavior\] \(1\)\n {2}b0000002: /);
  assert.match((await brainOk(sb, ["list", "id=nope0000"])).stdout, /No entries with id "nope0000" found/);
  const before = fs.readFileSync(sb.brainPath, "utf8");
  const u = await brain(sb, ["update", "id=b0000002"]);
  assert.equal(u.code, 2, show(u));
  assert.match(u.stderr, /update needs a field to change/);
  assert.equal(fs.readFileSync(sb.brainPath, "utf8"), before);
});

test("search reports its real total beyond 1 000 hits", async (t) => {
  const sb = freshSandbox(t);
  await brainOk(sb, ["init"]);
  const lines = Array.from({ length: 1203 }, (_, i) =>
    JSON.stringify({
      id: `f${String(i).padStart(7, "0")}`,
      type: "learning",
      text: `zebra fact ${i}`,
      created: "2026-01-01T00:00:00.000Z",
    }),
  );
  fs.appendFileSync(sb.brainPath, `${lines.join("\n")}\n`);
  const r = json<{ data: { total: number; shown: number } }>(
    await brainOk(sb, ["--json", "search", "zebra", "--limit", "5"]),
  );
  assert.equal(r.data.total, 1203);
  assert.equal(r.data.shown, 5);
});

test("file NAME --append refuses a name that is not .md instead of creating NAME.txt.md", async (t) => {
  const sb = freshSandbox(t);
  await brainOk(sb, ["init"]);
  const r = await brain(sb, ["file", "CODE.txt", "--append", "hello"]);
  assert.equal(r.code, 2, show(r));
  assert.match(r.stderr, /"CODE\.txt" is not a brain file name: brain files are Markdown/);
  assert.equal(fs.existsSync(join(dirname(sb.brainPath), "CODE.txt.md")), false);
  await brainOk(sb, ["file", "CODE", "--append", "hello"]);
  assert.ok(fs.existsSync(join(dirname(sb.brainPath), "CODE.md")));
});

test("init --empty writes only the schema_version marker", async (t) => {
  const sb = freshSandbox(t);
  await brainOk(sb, ["init", "--empty"]);
  const lines = readLines(sb.brainPath);
  assert.deepEqual(
    lines.map((l) => [l.type, l.key, l.value]),
    [["meta", "schema_version", "1"]],
  );
  assert.deepEqual(
    fs.readdirSync(dirname(sb.brainPath)).filter((f) => f.endsWith(".md")),
    [],
  );
  assert.equal((await brainOk(sb, ["stats"])).stdout, "🧠 0L 0P 0T 0R | 0beh 0id 0usr\n");
});

test("remove type=… --all previews with --dry-run, then tombstones each entry, one line each", async (t) => {
  const sb = freshSandbox(t);
  await brainOk(sb, ["init"]);
  const before = fs.readFileSync(sb.brainPath, "utf8");
  const dry = await brainOk(sb, ["remove", "type=behavior", "--all", "--dry-run"]);
  assert.match(dry.stdout, /^Would remove 16 behavior entries:\n- b0000001: \[do\] /);
  assert.match(dry.stdout, /\(dry run: nothing was written\)\n$/);
  assert.equal(fs.readFileSync(sb.brainPath, "utf8"), before);
  const kv = json<{ written: unknown[]; data: { removed: string[]; dryRun: boolean } }>(
    await brainOk(sb, ["--json", "remove", "type=behavior", "all=true", "dry_run=true"]),
  );
  assert.equal(kv.data.removed.length, 16);
  assert.equal(kv.written.length, 0);
  await brainOk(sb, ["remove", "type=behavior", "--all", "reason=fresh start"]);
  const added = readLines(sb.brainPath).slice(before.split("\n").length - 1);
  assert.equal(added.length, 16);
  assert.ok(
    added.every((l) => l.type === "tombstone" && l.target_type === "behavior" && l.reason === "fresh start"),
  );
  assert.match((await brainOk(sb, ["stats"])).stdout, /\| 0beh /);
  const noType = await brain(sb, ["remove", "--all"]);
  assert.equal(noType.code, 2, show(noType));
  const notHere = await brain(sb, ["add", "type=learning", "text=x", "dry_run=true"]);
  assert.equal(notHere.code, 2, show(notHere));
});

test("decay and task_clear --dry-run list what they would remove and write nothing", async (t) => {
  const sb = freshSandbox(t);
  await brainOk(sb, ["init"]);
  const old = "2020-01-01T00:00:00.000Z";
  fs.appendFileSync(
    sb.brainPath,
    [
      { id: "dec00001", type: "learning", text: "stale and unused", created: old },
      { id: "tsk00001", type: "task", description: "finished thing", status: "done", created: old },
    ]
      .map((e) => `${JSON.stringify(e)}\n`)
      .join(""),
  );
  const before = fs.readFileSync(sb.brainPath, "utf8");
  const d = await brainOk(sb, ["decay", "--dry-run"]);
  assert.match(d.stdout, /^Would decay 1 stale learning\(s\)\.\n- dec00001: stale and unused\n\(dry run/);
  const c = await brainOk(sb, ["task_clear", "--dry-run"]);
  assert.match(c.stdout, /^Would clear 1 done task\(s\)\.\n- tsk00001: .*finished thing/);
  assert.equal(fs.readFileSync(sb.brainPath, "utf8"), before);
  await brainOk(sb, ["task_clear"]);
  assert.notEqual(fs.readFileSync(sb.brainPath, "utf8"), before);
});

test("stored escapes and control characters never reach the terminal; no colour, NO_COLOR or not", async (t) => {
  const sb = freshSandbox(t);
  await brainOk(sb, ["init"]);
  const hostile = "evil \u001b]0;pwned\u0007title \u001b[31mred\u001b[0m \u009b2J gone\rover";
  fs.appendFileSync(
    sb.brainPath,
    `${JSON.stringify({ id: "bad00001", type: "learning", text: hostile, created: "2026-01-01T00:00:00.000Z" })}\n`,
  );
  const runs = [
    ["list"],
    ["list", "verbose=true"],
    ["search", "evil"],
    ["get", "bad00001"],
    ["context"],
    ["help", "add"],
    ["lst"],
  ];
  for (const env of [{}, { NO_COLOR: "1" }, { FORCE_COLOR: "3" }]) {
    for (const args of runs) {
      const r = await brain(sb, args, { env });
      assert.doesNotMatch(r.stdout + r.stderr, ESC, `${args.join(" ")} ${JSON.stringify(env)}\n${show(r)}`);
      assert.doesNotMatch(r.stdout, /\r/, args.join(" "));
    }
  }
  const got = await brainOk(sb, ["get", "bad00001"]);
  assert.match(got.stdout, /text: evil title red {2}gone\nover\n/);
  // JSON keeps the stored text exactly (escaped by JSON itself).
  assert.equal(
    json<{ entry: { text: string } }>(await brainOk(sb, ["--json", "get", "bad00001"])).entry.text,
    hostile,
  );
});

test("brain list | head -1 on a brain with 500 entries exits 0 without a stack", async (t) => {
  const sb = freshSandbox(t);
  await brainOk(sb, ["init"]);
  const lines = Array.from({ length: 500 }, (_, i) =>
    JSON.stringify({
      id: `p${String(i).padStart(7, "0")}`,
      type: "learning",
      text: `learning number ${i} ${"x".repeat(200)}`,
      created: "2026-01-01T00:00:00.000Z",
    }),
  );
  fs.appendFileSync(sb.brainPath, `${lines.join("\n")}\n`);
  for (const cmd of [
    "brain list limit=1000",
    "brain --json list limit=1000",
    "brain list verbose=true limit=1000",
  ]) {
    const r = await bashBrain(sb, `${cmd} | head -1; echo "status=\${PIPESTATUS[0]}" >&2`);
    assert.equal(r.stdout.split("\n").length, 2, r.stdout.slice(0, 200));
    assert.equal(r.stderr, "status=0\n", `${cmd}\n${show(r)}`);
  }
});
