/**
 * Hooks with the resident server: the prompt and session-start hooks get the server's answer (the same
 * text the in-process path prints), fall back to in-process work when the server is dead or serve.json is
 * stale, start the server when serve.autoStart is on, and hand queued work to the server's learner.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { common, runHook, writeClaudeProject } from "../hooks/_support.ts";
import { BIN, brainOk, freshSandbox, readLines, run, type Sandbox, writeConfig } from "../support/cli.ts";
import { learnFiles, waitSettled } from "../support/learner.ts";
import { deadPid } from "../support/spawn.ts";
import { alive, readInfo, serveJson, startServe, until } from "./_support.ts";

const env = { BRAIN_NOW: "2026-03-01T12:00:00.000Z", BRAIN_HOOK_TIMING: "1" };
const CLAUDE = join(fileURLToPath(import.meta.url), "..", "..", "recall", "fixtures", "claude.jsonl");

/**
 * These tests fire one prompt again and again on purpose (in process, then served), against a transcript
 * that does not grow: not repeats of one firing here (src/hooks/seen.ts), so the check is off.
 */
const EVERY_FIRING = { hooks: { dedupSeconds: 0 } };

async function seeded(t: Parameters<typeof freshSandbox>[0]): Promise<{ sb: Sandbox; project: string }> {
  const sb = freshSandbox(t, "brain-serve-hooks-");
  writeConfig(sb, EVERY_FIRING);
  const project = writeClaudeProject(sb);
  for (const text of ["The staging cluster is called kite", "This repo uses pnpm not npm"])
    await brainOk(sb, ["add", "type=learning", `text=${text}`], { env });
  fs.writeFileSync(join(sb.dir, "transcript.jsonl"), '{"type":"user"}\n');
  return { sb, project };
}

const prompt = (sb: Sandbox, project: string) => ({
  ...common(sb, project, "UserPromptSubmit"),
  prompt: "which package manager does this repo use, pnpm or npm?",
});

test("the prompt and session-start hooks print the server's answer: the same text as in process", async (t) => {
  const { sb, project } = await seeded(t);
  const start = { ...common(sb, project, "SessionStart"), source: "startup" };
  const direct = await runHook(sb, "user-prompt-submit", prompt(sb, project), { env });
  const directStart = await runHook(sb, "session-start", start, { env });
  assert.match(direct.stderr, /ms in process/);
  assert.match(direct.stdout, /This repo uses pnpm not npm/);
  assert.match(directStart.stdout, /staging cluster is called kite/);

  await startServe(sb, t, { env });
  const served = await runHook(sb, "user-prompt-submit", prompt(sb, project), { env });
  assert.match(served.stderr, /ms answered by the server/);
  assert.equal(served.stdout, direct.stdout);
  assert.equal(served.code, 0);
  const servedStart = await runHook(sb, "session-start", start, { env });
  assert.match(servedStart.stderr, /answered by the server/);
  assert.equal(servedStart.stdout, directStart.stdout);

  // Claude Code's own event name and an explicit --brain take the same path.
  const named = await run(process.execPath, [BIN, "--brain", sb.brainPath, "hook", "UserPromptSubmit"], sb, {
    env: { ...env, BRAIN_PATH: undefined },
    stdin: JSON.stringify(prompt(sb, project)),
  });
  assert.match(named.stderr, /answered by the server/);
  assert.equal(named.stdout, direct.stdout);

  // Nothing relevant, or a slash command: nothing printed, by either path.
  const quiet = await runHook(
    sb,
    "user-prompt-submit",
    { ...prompt(sb, project), prompt: "/compact" },
    { env },
  );
  assert.deepEqual({ out: quiet.stdout, code: quiet.code }, { out: "", code: 0 });
  assert.match(quiet.stderr, /answered by the server/);
});

test("a dead server (stale serve.json) or a wrong token: the hook falls back to in-process work", async (t) => {
  const { sb, project } = await seeded(t);
  const direct = await runHook(sb, "user-prompt-submit", prompt(sb, project), { env });
  const s = await startServe(sb, t, { env });
  s.proc.child.kill("SIGKILL"); // no cleanup: serve.json stays behind with a dead pid
  await s.proc.done;
  assert.equal(fs.existsSync(serveJson(sb)), true);
  const stale = await runHook(sb, "user-prompt-submit", prompt(sb, project), { env });
  assert.match(stale.stderr, /ms in process/);
  assert.equal(stale.stdout, direct.stdout);

  fs.writeFileSync(serveJson(sb), JSON.stringify({ ...readInfo(sb), pid: deadPid() }));
  assert.equal((await runHook(sb, "user-prompt-submit", prompt(sb, project), { env })).stdout, direct.stdout);

  const live = await startServe(sb, t, { env });
  fs.writeFileSync(serveJson(sb), JSON.stringify({ ...live.info, token: "not-the-token" }));
  const refused = await runHook(sb, "user-prompt-submit", prompt(sb, project), { env });
  assert.match(refused.stderr, /ms in process/);
  assert.equal(refused.stdout, direct.stdout);
});

test("serve.autoStart: the session-start hook starts the server in the background (on by default)", async (t) => {
  const { sb, project } = await seeded(t);
  let pid = 0;
  t.after(() => {
    if (pid && alive(pid)) process.kill(pid, "SIGTERM");
  });
  const start = { ...common(sb, project, "SessionStart"), source: "startup" };
  const lock = join(sb.dir, "brain", ".brain", "serve.lock");
  // Off by the settings file, and by the environment over a settings file that says on.
  writeConfig(sb, { ...EVERY_FIRING, serve: { autoStart: false } });
  const off = await runHook(sb, "session-start", start, {
    env: { ...env, BRAIN_SERVE_AUTOSTART: undefined },
  });
  assert.equal(off.code, 0);
  assert.equal(fs.existsSync(lock), false, "serve.autoStart: false");
  writeConfig(sb, { ...EVERY_FIRING, serve: { autoStart: true } });
  const envOff = await runHook(sb, "session-start", start, { env: { ...env, BRAIN_SERVE_AUTOSTART: "0" } });
  assert.equal(envOff.code, 0);
  assert.equal(fs.existsSync(lock), false, "BRAIN_SERVE_AUTOSTART=0");
  writeConfig(sb, EVERY_FIRING);
  const on = await runHook(sb, "session-start", start, { env: { ...env, BRAIN_SERVE_AUTOSTART: undefined } });
  assert.equal(on.code, 0);
  assert.match(
    on.stdout,
    /staging cluster is called kite/,
    "the hook answered without waiting for the server",
  );
  await until(() => fs.existsSync(serveJson(sb)), "serve.json written by the started server");
  pid = readInfo(sb).pid;
  assert.equal(alive(pid), true);
  const next = await runHook(sb, "user-prompt-submit", prompt(sb, project), { env });
  assert.match(next.stderr, /answered by the server/);
  await brainOk(sb, ["serve", "--stop"]);
  assert.equal(alive(pid), false);
});

test("serve.autoStart: a prompt with no server (it stopped after its idle time) starts one for the next prompt", async (t) => {
  const { sb, project } = await seeded(t);
  let pid = 0;
  t.after(() => {
    if (pid && alive(pid)) process.kill(pid, "SIGTERM");
  });
  writeConfig(sb, EVERY_FIRING);
  const first = await runHook(sb, "user-prompt-submit", prompt(sb, project), {
    env: { ...env, BRAIN_SERVE_AUTOSTART: undefined },
  });
  assert.equal(first.code, 0);
  assert.match(first.stderr, /ms in process/, "no server yet: answered in process");
  assert.match(first.stdout, /pnpm/);
  await until(() => fs.existsSync(serveJson(sb)), "serve.json written by the started server");
  pid = readInfo(sb).pid;
  const next = await runHook(sb, "user-prompt-submit", prompt(sb, project), { env });
  assert.match(next.stderr, /answered by the server/);
  assert.equal(next.stdout, first.stdout, "the same answer");
  await brainOk(sb, ["serve", "--stop"]);
});

test("with a server running, queued transcripts are learned by the server's learner", async (t) => {
  const { sb, project } = await seeded(t);
  const s = await startServe(sb, t, { env });
  const transcript = join(sb.dir, "session.jsonl");
  fs.copyFileSync(CLAUDE, transcript);
  const stop = await runHook(
    sb,
    "stop",
    { ...common(sb, project, "Stop"), transcript_path: transcript },
    { env },
  );
  assert.deepEqual({ code: stop.code, out: stop.stdout }, { code: 0, out: "" });
  await waitSettled(sb.brainPath);
  const runs = readLines(learnFiles(sb.brainPath).log);
  assert.ok(runs.length > 0);
  assert.ok(
    runs.every((r) => r.pid === s.info.pid),
    "every run was the server's",
  );
  assert.ok(readLines(learnFiles(sb.brainPath).episodes).length > 0);
});
