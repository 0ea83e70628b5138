/**
 * The commands main.ts runs without commander (`brain`, `brain stats`, `brain <action> …`, `brain hook
 * <event>`, `brain --version`) behave exactly as through commander: each pair below is one command, once in
 * the plain form the direct path takes and once in a form only commander parses (an option after the command).
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { BIN, brain, freshSandbox, run, type Sandbox, writeConfig } from "../support/cli.ts";

const NOW = { BRAIN_NOW: "2026-02-10T12:00:00.000Z" };

/**
 * The hook tests below fire one payload twice on purpose (once per path) and compare: a host firing the same
 * event twice would have the second skipped (src/hooks/seen.ts), so the repeat check is off here.
 */
const everyFiring = (sb: Sandbox) => writeConfig(sb, { hooks: { dedupSeconds: 0 } });

test("stats, actions and --version: the direct path and commander print the same", async (t) => {
  const sb = freshSandbox(t);
  const pairs: [string[], string[]][] = [
    [
      ["--json", "stats"],
      ["stats", "--json"],
    ],
    [[], ["stats"]],
    [
      ["--brain", sb.brainPath, "--json", "list", "type=behavior"],
      ["list", "--json", "type=behavior"],
    ],
    [
      ["list", "type=nope"],
      ["list", "--", "type=nope"],
    ],
    [["--version"], ["--json", "--version"]],
  ];
  for (const [direct, viaCommander] of pairs) {
    const a = await brain(sb, direct, { env: NOW });
    const b = await brain(sb, viaCommander, { env: NOW });
    assert.deepEqual(
      { code: a.code, stdout: a.stdout, stderr: a.stderr },
      { code: b.code, stdout: b.stdout, stderr: b.stderr },
      `${direct.join(" ")} vs ${viaCommander.join(" ")}`,
    );
    assert.ok(a.stdout.length > 0 || a.stderr.length > 0);
  }
  // A write through the direct path lands in the log, as through commander.
  const added = await brain(sb, ["--json", "add", "type=learning", "text=use pnpm in the api project"], {
    env: NOW,
  });
  assert.equal(added.code, 0, added.stderr);
  const listed = await brain(sb, ["list", "type=learning", "--json"], { env: NOW });
  assert.match(listed.stdout, /use pnpm in the api project/);
});

test("hook: the direct path and commander give the same answer and the same error", async (t) => {
  const sb = freshSandbox(t);
  everyFiring(sb);
  await brain(sb, ["add", "type=learning", "text=run the api tests with pnpm test"], { env: NOW });
  const input = JSON.stringify({ prompt: "how do I run the api tests with pnpm", cwd: sb.dir });
  for (const event of ["user-prompt-submit", "no-such-event"]) {
    const a = await brain(sb, ["hook", event], { env: NOW, stdin: input });
    const b = await brain(sb, ["hook", "--", event], { env: NOW, stdin: input });
    assert.deepEqual(
      { code: a.code, stdout: a.stdout, stderr: a.stderr },
      { code: b.code, stdout: b.stdout, stderr: b.stderr },
      event,
    );
  }
  const answered = await brain(sb, ["hook", "user-prompt-submit"], { env: NOW, stdin: input });
  assert.match(answered.stdout, /pnpm test/);
});

test("queue hooks: the direct path queues the same record as commander, and nothing with autoMemory off", async (t) => {
  const sb = freshSandbox(t);
  everyFiring(sb);
  const queue = join(dirname(sb.brainPath), ".brain", "transcripts.jsonl");
  const transcript = join(sb.dir, "t.jsonl");
  fs.writeFileSync(transcript, `${JSON.stringify({ type: "user", message: { content: "hi" } })}\n`);
  const lines = () =>
    fs.existsSync(queue) ? fs.readFileSync(queue, "utf8").split("\n").filter(Boolean) : [];
  for (const [event, extra] of [
    ["stop", {}],
    ["PreCompact", { trigger: "auto" }],
    ["session-end", { reason: "exit" }],
  ] as const) {
    const input = JSON.stringify({ session_id: "s1", transcript_path: transcript, cwd: sb.dir, ...extra });
    const before = lines().length;
    const a = await brain(sb, ["hook", event], { env: NOW, stdin: input });
    const b = await brain(sb, ["hook", "--", event], { env: NOW, stdin: input });
    assert.deepEqual(
      { code: a.code, stdout: a.stdout, stderr: a.stderr },
      { code: b.code, stdout: b.stdout, stderr: b.stderr },
      event,
    );
    assert.equal(a.code, 0, a.stderr);
    const added = lines().slice(before);
    assert.equal(added.length, 2, event);
    assert.deepEqual(JSON.parse(added[0] as string), JSON.parse(added[1] as string), event);
    assert.equal(JSON.parse(added[0] as string).transcript_path, transcript);
  }
  const before = lines().length;
  const input = JSON.stringify({ session_id: "s2", transcript_path: transcript, cwd: sb.dir });
  for (const args of [
    ["hook", "stop"],
    ["hook", "--", "stop"],
  ]) {
    const r = await brain(sb, args, { env: { ...NOW, RHO_AUTO_MEMORY: "0" }, stdin: input });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, "");
  }
  assert.equal(lines().length, before, "autoMemory off: nothing queued on either path");
  // The plain form takes the bin's fast path (src/hooks/entry.ts), not the CLI's.
  const timed = await brain(sb, ["hook", "stop"], { env: { ...NOW, BRAIN_HOOK_TIMING: "1" }, stdin: input });
  assert.match(timed.stderr, /^brain hook stop: [\d.]+ ms queued$/m);
});

test("the installed bin (dist/cli/brain.cjs, CommonJS) prints what dist/cli/main.js prints, hooks included", async (t) => {
  const sb = freshSandbox(t);
  everyFiring(sb);
  const cjs = BIN; // what every other test runs too
  const esm = join(dirname(BIN), "main.js");
  const both = async (args: string[], stdin?: string) => {
    const opts = { env: NOW, ...(stdin === undefined ? {} : { stdin }) };
    const a = await run(process.execPath, [cjs, ...args], sb, opts);
    const b = await run(process.execPath, [esm, ...args], sb, opts);
    assert.deepEqual(
      { code: a.code, stdout: a.stdout, stderr: a.stderr },
      { code: b.code, stdout: b.stdout, stderr: b.stderr },
      args.join(" "),
    );
    return a;
  };
  await both(["--version"]);
  const added = await run(
    process.execPath,
    [cjs, "add", "type=learning", "text=run the api tests with pnpm test"],
    sb,
    {
      env: NOW,
    },
  );
  assert.equal(added.code, 0, added.stderr);
  await both(["stats"]);
  const prompt = await both(
    ["hook", "user-prompt-submit"],
    JSON.stringify({ prompt: "how do I run the api tests with pnpm", cwd: sb.dir }),
  );
  assert.match(prompt.stdout, /pnpm test/);
  await both(["hook", "user-prompt-submit"], "not json");
  await both(["hook", "stop"], JSON.stringify({ session_id: "s1", cwd: sb.dir }));
  const queued = fs.readFileSync(join(dirname(sb.brainPath), ".brain", "transcripts.jsonl"), "utf8");
  assert.equal(queued.trim().split("\n").length, 2, "one record per bin");
});
