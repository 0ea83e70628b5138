/** `brain serve` as a process: serve.json, one server per brain, --status, --stop, stale files, idle exit, open. */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { test } from "node:test";
import { brain, brainOk, freshSandbox, json } from "../support/cli.ts";
import { deadPid } from "../support/spawn.ts";
import { alive, http, ok, readInfo, serveJson, startServe, until } from "./_support.ts";

test("serve.json: 0600, the live server's pid, port and a fresh token; removed on stop", async (t) => {
  const sb = freshSandbox(t, "brain-serve-life-");
  const s = await startServe(sb, t);
  assert.equal(fs.statSync(serveJson(sb)).mode & 0o777, 0o600);
  assert.equal(s.info.pid, s.proc.child.pid);
  assert.match(s.info.token, /^[A-Za-z0-9_-]{32}$/);
  assert.ok(!Number.isNaN(Date.parse(s.info.startedAt)));
  const status = json<Record<string, unknown>>(await brainOk(sb, ["serve", "--status", "--json"]));
  assert.equal(status.running, true);
  assert.equal(status.pid, s.info.pid);
  assert.equal(status.port, s.info.port);
  assert.equal(status.answering, true);
  assert.ok(!JSON.stringify(status).includes(s.info.token), "status does not print the token");

  const stop = await brainOk(sb, ["serve", "--stop"]);
  assert.match(stop.stdout, new RegExp(`stopped \\(pid ${s.info.pid}\\)`));
  const exit = await s.proc.done;
  assert.equal(exit.code, 0);
  assert.match(exit.stdout, /stopped \(signal SIGTERM\)/);
  assert.equal(fs.existsSync(serveJson(sb)), false);
  assert.equal(json<{ running: boolean }>(await brainOk(sb, ["serve", "--status", "--json"])).running, false);
  assert.match((await brainOk(sb, ["serve", "--stop"])).stdout, /not running/);
});

test("the server takes up the derived files a command left (snapshot and recall index loaded, not rebuilt); --status says so", async (t) => {
  const sb = freshSandbox(t, "brain-serve-derived-");
  await brainOk(sb, ["init"]);
  await brainOk(sb, ["add", "type=learning", "text=The staging database listens on port 5433"]);
  await brainOk(sb, ["compact"]); // leaves the fold snapshot written
  await brainOk(sb, ["search", "staging"]); // and the recall index
  const s = await startServe(sb, t);
  await ok(s.info, "/api/search?q=staging");
  const status = json<{ derived?: { snapshot: string; recallIndex: string } }>(
    await brainOk(sb, ["serve", "--status", "--json"]),
  );
  assert.deepEqual(status.derived, { snapshot: "loaded", recallIndex: "loaded" });
  const text = await brainOk(sb, ["serve", "--status"]);
  assert.match(text.stdout, /fold snapshot: loaded; recall index: loaded/);
});

test("one server per brain: a second one is refused (quietly with --quiet); a token is never reused", async (t) => {
  const sb = freshSandbox(t, "brain-serve-one-");
  const s = await startServe(sb, t);
  const second = await brain(sb, ["serve"]);
  assert.notEqual(second.code, 0);
  assert.match(second.stderr, new RegExp(`already running for this brain \\(pid ${s.info.pid}`));
  const quiet = await brain(sb, ["serve", "--quiet"]);
  assert.deepEqual({ code: quiet.code, out: quiet.stdout, err: quiet.stderr }, { code: 0, out: "", err: "" });
  assert.equal(readInfo(sb).pid, s.info.pid, "the first server's serve.json is untouched");
  await ok(s.info, "/api/health");
  await s.stop();
  const again = await startServe(sb, t);
  assert.notEqual(again.info.token, s.info.token);
  assert.equal((await http(again.info, "/api/stats", { token: s.info.token })).status, 403);
});

test("a stale serve.json (its pid is dead) is reported and replaced by the next server", async (t) => {
  const sb = freshSandbox(t, "brain-serve-stale-");
  await brainOk(sb, ["init"]);
  const dead = deadPid();
  fs.mkdirSync(serveJson(sb).replace(/serve\.json$/, ""), { recursive: true });
  fs.writeFileSync(
    serveJson(sb),
    JSON.stringify({ pid: dead, port: 1, token: "old", startedAt: "x", version: "0" }),
  );
  const st = json<Record<string, unknown>>(await brainOk(sb, ["serve", "--status", "--json"]));
  assert.deepEqual(
    { running: st.running, stale: st.stale, pid: st.pid },
    { running: false, stale: true, pid: dead },
  );
  const s = await startServe(sb, t);
  assert.equal(readInfo(sb).pid, s.info.pid);
  assert.notEqual(s.info.token, "old");
});

test("the server exits by itself after its idle time without API requests", async (t) => {
  const sb = freshSandbox(t, "brain-serve-idle-");
  // 0.002 min = 120 ms of idleness.
  const s = await startServe(sb, t, { args: ["--idle-minutes", "0.002"] });
  const exit = await s.proc.done;
  assert.equal(exit.code, 0);
  assert.match(exit.stdout, /stopped \(idle\)/);
  assert.equal(fs.existsSync(serveJson(sb)), false);
  assert.equal(alive(s.info.pid), false);
});

test("an idle time from the settings file (serve.idleMinutes) applies too; 0 means never", async (t) => {
  const sb = freshSandbox(t, "brain-serve-idle-cfg-");
  const { writeConfig } = await import("../support/cli.ts");
  writeConfig(sb, { serve: { idleMinutes: 0.002 } });
  const s = await startServe(sb, t);
  assert.match((await s.proc.done).stdout, /stopped \(idle\)/);
  writeConfig(sb, { serve: { idleMinutes: "soon" } });
  const bad = await brain(sb, ["serve"]);
  assert.notEqual(bad.code, 0);
  assert.match(bad.stderr, /serve\.idleMinutes/);
});

test("brain open prints the viewer URL with the token, starting the server when none runs", async (t) => {
  const sb = freshSandbox(t, "brain-serve-open-");
  await brainOk(sb, ["init"]);
  t.after(() => {
    // Runs after the sandbox is gone: signal the server directly if the test did not stop it.
    if (started && alive(started)) process.kill(started, "SIGTERM");
  });
  let started = 0;
  const out = (await brainOk(sb, ["open"])).stdout.trim();
  const info = readInfo(sb);
  started = info.pid;
  // The token in the fragment: a browser never sends it to a server, nor does it reach a log.
  assert.equal(out, `http://127.0.0.1:${info.port}/#token=${info.token}`);
  assert.equal(alive(info.pid), true);
  const landing = await http(info, "/", { token: null });
  assert.equal(landing.status, 200);
  assert.equal((await brainOk(sb, ["open"])).stdout.trim(), out, "the running server is reused");
  await brainOk(sb, ["serve", "--stop"]);
  await until(() => !alive(info.pid), "the server exits");
});
