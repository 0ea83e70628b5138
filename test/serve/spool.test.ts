/**
 * The resident server's spool (src/serve/spool*.ts): the same requests as its socket, through files in a
 * directory of this user's own, so a hook needs no node:net. The real `brain serve` and the installed bin.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { ask } from "../../src/serve/ask.ts";
import { ask as askSocket } from "../../src/serve/client.ts";
import { ownSpool, requestName, spoolFor } from "../../src/serve/spool.ts";
import { askSpool } from "../../src/serve/spool-client.ts";
import { listenSpool, sweepStale } from "../../src/serve/spool-server.ts";
import { common, INSTALLED, writeClaudeProject } from "../hooks/_support.ts";
import { brainOk, freshSandbox, run } from "../support/cli.ts";
import { fc } from "../support/fc.ts";
import { spawnProcess } from "../support/spawn.ts";
import { startServe } from "./_support.ts";

const env = { BRAIN_NOW: "2026-03-01T12:00:00.000Z", BRAIN_HOOK_TIMING: "1" };
const mode = (p: string) => fs.lstatSync(p).mode & 0o777;

/** A private directory of this test's own (0700, in a 0700 parent), removed after it. */
function privateRoot(t: { after: (fn: () => void) => void }): string {
  const root = fs.mkdtempSync("/tmp/brain-spool-");
  fs.chmodSync(root, 0o700);
  t.after(() => fs.rmSync(root, { recursive: true, force: true }));
  return root;
}

test("the served prompt hook goes through the spool: same answer as in process, no node:net loaded, nothing left behind", async (t) => {
  const sb = freshSandbox(t, "brain-spool-");
  const project = writeClaudeProject(sb);
  await brainOk(sb, ["add", "type=learning", "text=This repo uses pnpm not npm"], { env });
  const input = JSON.stringify({
    ...common(sb, project, "UserPromptSubmit"),
    prompt: "does this repo use pnpm or npm?",
  });
  const modules = join(sb.dir, "modules.cjs");
  fs.writeFileSync(
    modules,
    'process.on("exit", () => require("fs").writeFileSync(process.env.MODULES_OUT, process.moduleLoadList.join("\\n")));',
  );
  const hook = (out: string, session: string) =>
    run(process.execPath, ["-r", modules, INSTALLED, "hook", "user-prompt-submit"], sb, {
      env: { ...env, MODULES_OUT: join(sb.dir, out) },
      stdin: input.replace(common(sb, project, "x").session_id, session),
    });
  const direct = await hook("direct.txt", "s-direct");
  assert.match(direct.stderr, /ms in process/);

  const s = await startServe(sb, t, { env });
  assert.equal(s.info.spool, spoolFor(s.info.socket as string));
  const spool = s.info.spool as string;
  assert.equal(mode(spool), 0o700);
  const served = await hook("served.txt", "s-served");
  assert.match(served.stderr, /answered by the server/);
  assert.equal(served.stdout, direct.stdout);
  assert.match(served.stdout, /This repo uses pnpm not npm/);
  const loaded = fs.readFileSync(join(sb.dir, "served.txt"), "utf8").split("\n");
  assert.equal(loaded.includes("NativeModule net"), false, "the served hook loaded node:net");
  assert.deepEqual(fs.readdirSync(spool), [], "no request or answer left in the spool");
  await s.stop();
  assert.equal(fs.existsSync(spool), false, "the spool is removed on stop");
});

test("through the spool and through the socket: the same status and body, a wrong token refused alike; a spool others may enter is not used", async (t) => {
  const sb = freshSandbox(t, "brain-spool-");
  await brainOk(sb, ["add", "type=learning", "text=The deploy script lives in ops/deploy.sh"], { env });
  const s = await startServe(sb, t, { env });
  const viaSocket = { ...s.info, spool: undefined };
  const hook = {
    session_id: "a",
    hook_event_name: "UserPromptSubmit",
    cwd: sb.dir,
    prompt: "where is the deploy script?",
  };
  for (const [method, path, body] of [
    ["GET", "/api/health", undefined],
    ["POST", "/api/hook/user-prompt-submit", hook],
    ["GET", "/api/entries?type=learning", undefined],
  ] as const) {
    const a = await ask(s.info, method, path, body);
    const b = await askSocket(viaSocket, method, path, body);
    assert.ok(a && b, path);
    assert.equal(a.status, b.status, path);
    if (path !== "/api/health") assert.deepEqual(a.body, b.body, path);
  }
  const spooled = askSpool(s.info.spool, { method: "GET", path: "/api/health", token: "wrong" });
  const socketed = await askSocket({ ...viaSocket, token: "wrong" }, "GET", "/api/health");
  assert.ok(spooled && spooled !== "unavailable" && socketed);
  assert.equal(spooled.status, socketed.status);
  assert.ok(spooled.status === 401 || spooled.status === 403, String(spooled.status));

  fs.chmodSync(s.info.spool as string, 0o755);
  assert.equal(
    askSpool(s.info.spool, { method: "GET", path: "/api/health", token: s.info.token }),
    "unavailable",
  );
  const fallback = await ask(s.info, "GET", "/api/health");
  assert.equal(fallback?.status, 200, "answered through the socket instead");
  assert.deepEqual(fs.readdirSync(s.info.spool as string), []);
});

test("a client takes a spool as its own only when it and its parent are this user's with no access for others, neither a symlink", (t) => {
  const root = privateRoot(t);
  const spool = join(root, "serve.spool");
  fs.mkdirSync(spool, { mode: 0o700 });
  assert.equal(ownSpool(spool), spool);
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 0o77 }), fc.integer({ min: 0, max: 0o77 }), (parentBits, bits) => {
      fs.chmodSync(root, 0o700 | parentBits);
      fs.chmodSync(spool, 0o700 | bits);
      assert.equal(ownSpool(spool), parentBits === 0 && bits === 0 ? spool : null);
    }),
    { numRuns: 60 },
  );
  fs.chmodSync(root, 0o700);
  fs.chmodSync(spool, 0o700);
  const link = join(root, "link.spool");
  fs.symlinkSync(spool, link);
  const file = join(root, "file.spool");
  fs.writeFileSync(file, "", { mode: 0o600 });
  for (const [what, p] of [
    ["a symlink to our spool", link],
    ["a regular file", file],
    ["a missing directory", join(root, "none.spool")],
    ["a relative path", "serve.spool"],
    ["nothing", undefined],
  ] as const)
    assert.equal(ownSpool(p), null, what);
});

test("no server watching the spool: the client gives up after its time and takes its request back", (t) => {
  const root = privateRoot(t);
  const spool = join(root, "serve.spool");
  fs.mkdirSync(spool, { mode: 0o700 });
  const a = askSpool(spool, { method: "GET", path: "/api/health", token: "x" }, { totalMs: 30 });
  assert.equal(a, null);
  assert.deepEqual(fs.readdirSync(spool), []);
});

/** askSpool in another process (it waits in its thread; the spool's server runs in this one). */
async function askElsewhere(dir: string, request: object): Promise<unknown> {
  const script = `import { askSpool } from ${JSON.stringify(CLIENT)};
process.stdout.write(JSON.stringify(askSpool(process.argv[1], JSON.parse(process.argv[2]), { totalMs: 5000 })));`;
  const r = await spawnProcess(
    process.execPath,
    ["--import", "tsx", "--input-type=module", "-e", script, dir, JSON.stringify(request)],
    { env: process.env, cwd: process.cwd() },
  );
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout);
}
const CLIENT = new URL("../../src/serve/spool-client.ts", import.meta.url).href;

test("the server's side: each request answered once, a malformed one 400, an oversized one 413 unread; stale answers swept", async (t) => {
  const root = privateRoot(t);
  const socket = join(root, "serve.sock");
  let calls = 0;
  const spool = await listenSpool(
    socket,
    async (r) => {
      calls++;
      return { status: 200, body: JSON.stringify({ echo: JSON.parse(r.body), path: r.path }) };
    },
    1000,
  );
  assert.ok(spool, "the watch works on this file system");
  t.after(() => spool.close());
  const ok = await askElsewhere(spool.dir, { method: "POST", path: "/p", token: "t", body: { n: 1 } });
  assert.deepEqual(ok, { status: 200, body: { echo: { n: 1 }, path: "/p" } });
  assert.equal(calls, 1);
  const big = (await askElsewhere(spool.dir, {
    method: "POST",
    path: "/p",
    token: "t",
    body: "x".repeat(10_000),
  })) as {
    status: number;
  };
  assert.equal(big.status, 413);
  fs.writeFileSync(join(spool.dir, `${requestName("bad")}.tmp`), "not json\n{}");
  fs.renameSync(join(spool.dir, `${requestName("bad")}.tmp`), join(spool.dir, requestName("bad")));
  const answered = join(spool.dir, "r-bad.json");
  for (let i = 0; i < 500 && !fs.existsSync(answered); i++) await new Promise((r) => setTimeout(r, 10));
  assert.equal(fs.readFileSync(answered, "utf8").split("\n")[0], "400");
  assert.equal(calls, 1, "neither the oversized nor the malformed request reached the app");

  const old = join(spool.dir, "r-old.json");
  fs.writeFileSync(old, "200\n{}");
  const past = new Date(Date.now() - 120_000);
  fs.utimesSync(old, past, past);
  fs.utimesSync(answered, past, past);
  const fresh = join(spool.dir, "r-fresh.json");
  fs.writeFileSync(fresh, "200\n{}");
  sweepStale(spool.dir, Date.now());
  assert.equal(fs.existsSync(old), false);
  assert.equal(fs.existsSync(answered), false);
  assert.equal(fs.existsSync(fresh), true, "an answer its client may still read is kept");
});
