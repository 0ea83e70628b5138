/**
 * The resident server's channel of its user's own (src/serve/socket-listen.ts, own-socket.ts): where the
 * socket goes, its modes, the same API through it, and which sockets a client accepts as its own.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { request } from "node:http";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { test } from "node:test";
import { ownSocket, SOCKET_PATH_MAX } from "../../src/serve/own-socket.ts";
import { common, runHook, writeClaudeProject } from "../hooks/_support.ts";
import { brainOk, freshSandbox, type Sandbox } from "../support/cli.ts";
import { fc } from "../support/fc.ts";
import { noSecondUser } from "./_impostor.ts";
import { type Json, readInfo, type ServeInfo, startServe } from "./_support.ts";

const env = { BRAIN_NOW: "2026-03-01T12:00:00.000Z", BRAIN_HOOK_TIMING: "1" };
const NOBODY = 65534;

/** GET over the server's socket (Host and token as every client sends them). */
function overSocket(info: ServeInfo, path: string): Promise<{ status: number; body: Json }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        socketPath: info.socket,
        path,
        headers: { host: `127.0.0.1:${info.port}`, authorization: `Bearer ${info.token}` },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8").on("data", (d: string) => {
          text += d;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

const mode = (p: string) => fs.lstatSync(p).mode & 0o777;

test("serve.json records the server's own socket: .brain/ 0700 (narrowed when wider), the socket 0600, the same API; removed on stop", async (t) => {
  const sb = freshSandbox(t, "brain-own-socket-");
  await brainOk(sb, ["init"]);
  const dir = join(sb.dir, "brain", ".brain");
  fs.mkdirSync(dir, { recursive: true });
  fs.chmodSync(dir, 0o755);
  const s = await startServe(sb, t, { env });
  assert.equal(s.info.socket, join(fs.realpathSync(dir), "serve.sock"));
  const socket = s.info.socket as string;
  assert.equal(mode(dir), 0o700);
  assert.equal(fs.lstatSync(socket).isSocket(), true);
  assert.equal(mode(socket), 0o600);
  const health = await overSocket(s.info, "/api/health");
  assert.equal(health.status, 200);
  assert.equal(health.body.pid, s.info.pid);
  await s.stop();
  assert.equal(fs.existsSync(socket), false, "the socket is removed on stop");
});

/** A sandbox whose `.brain/serve.sock` is longer than a socket address may be, and a short TMPDIR. */
function longPathed(t: Parameters<typeof freshSandbox>[0]): { sb: Sandbox; tmp: string } {
  const sb = freshSandbox(t, "brain-long-");
  const deep = join(sb.dir, "d".repeat(60), "e".repeat(60));
  sb.brainPath = join(deep, "brain.jsonl");
  assert.ok(Buffer.byteLength(join(deep, ".brain", "serve.sock")) > SOCKET_PATH_MAX);
  const tmp = join(sb.dir, "t");
  fs.mkdirSync(tmp);
  return { sb, tmp };
}

test("a brain path too long for a socket address: the socket goes to the user's runtime directory (0700) and the hooks are answered by the server", async (t) => {
  const { sb, tmp } = longPathed(t);
  const project = writeClaudeProject(sb);
  await brainOk(sb, ["add", "type=learning", "text=This repo uses pnpm not npm"], { env });
  const s = await startServe(sb, t, { env: { ...env, TMPDIR: tmp } });
  const runtime = join(tmp, `brain-${process.getuid?.()}`);
  assert.equal(s.info.socket?.startsWith(`${runtime}/`), true, s.info.socket);
  assert.equal(mode(runtime), 0o700);
  assert.equal(mode(s.info.socket as string), 0o600);
  const r = await runHook(
    sb,
    "user-prompt-submit",
    { ...common(sb, project, "UserPromptSubmit"), prompt: "does this repo use pnpm or npm?" },
    { env },
  );
  assert.match(r.stderr, /answered by the server/);
  assert.match(r.stdout, /This repo uses pnpm not npm/);
});

test("a runtime directory another user made first is not used: the server runs without a socket, the hooks answer in process", async (t) => {
  const why = noSecondUser();
  if (why) return t.skip(why);
  const { sb, tmp } = longPathed(t);
  const project = writeClaudeProject(sb);
  await brainOk(sb, ["add", "type=learning", "text=This repo uses pnpm not npm"], { env });
  const squatted = join(tmp, `brain-${process.getuid?.()}`);
  fs.mkdirSync(squatted, { mode: 0o777 });
  fs.chmodSync(squatted, 0o777);
  fs.chownSync(squatted, NOBODY, NOBODY);
  const s = await startServe(sb, t, { env: { ...env, TMPDIR: tmp } });
  assert.equal(readInfo(sb).socket, undefined);
  assert.deepEqual(
    fs.readdirSync(squatted),
    [],
    "nothing of the server's went into another user's directory",
  );
  assert.equal(fs.lstatSync(squatted).uid, NOBODY);
  const r = await runHook(
    sb,
    "user-prompt-submit",
    { ...common(sb, project, "UserPromptSubmit"), prompt: "does this repo use pnpm or npm?" },
    { env },
  );
  assert.match(r.stderr, /ms in process/);
  assert.match(r.stdout, /This repo uses pnpm not npm/);
  await s.stop();
});

function listening(path: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const s = createServer().listen(path, () => resolve(s));
    s.on("error", reject);
  });
}

test("a client takes a socket as its own only when it and its directory are this user's with no access for others, neither a symlink", async (t) => {
  const root = fs.mkdtempSync("/tmp/brain-own-");
  const servers: Server[] = [];
  t.after(() => {
    for (const s of servers) s.close();
    fs.rmSync(root, { recursive: true, force: true });
  });
  const dir = join(root, "d");
  fs.mkdirSync(dir, { mode: 0o700 });
  const sock = join(dir, "s.sock");
  servers.push(await listening(sock));
  fs.chmodSync(sock, 0o600);
  assert.equal(ownSocket(sock), sock);

  // Any access for group or others, on the socket or on its directory: not ours.
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 0o77 }), fc.integer({ min: 0, max: 0o77 }), (dirBits, sockBits) => {
      fs.chmodSync(dir, 0o700 | dirBits);
      fs.chmodSync(sock, 0o600 | sockBits);
      assert.equal(ownSocket(sock), dirBits === 0 && sockBits === 0 ? sock : null);
    }),
    { numRuns: 60 },
  );
  fs.chmodSync(dir, 0o700);
  fs.chmodSync(sock, 0o600);

  const link = join(dir, "link.sock");
  fs.symlinkSync(sock, link);
  const file = join(dir, "file.sock");
  fs.writeFileSync(file, "", { mode: 0o600 });
  const linkedDir = join(root, "linked");
  fs.symlinkSync(dir, linkedDir);
  for (const [what, p] of [
    ["a symlink to our socket", link],
    ["a regular file", file],
    ["a socket in a symlinked directory", join(linkedDir, "s.sock")],
    ["a missing file", join(dir, "none.sock")],
    ["a relative path", "d/s.sock"],
    ["a path longer than a socket address", join(dir, "x".repeat(SOCKET_PATH_MAX))],
    ["nothing", undefined],
  ] as const)
    assert.equal(ownSocket(p), null, what);

  if (noSecondUser()) return t.diagnostic(`${noSecondUser()}: the other-owner cases are not run`);
  fs.chownSync(sock, NOBODY, NOBODY);
  assert.equal(ownSocket(sock), null, "a socket another user owns");
  fs.chownSync(sock, 0, 0);
  fs.chownSync(dir, NOBODY, NOBODY);
  assert.equal(ownSocket(sock), null, "our socket in a directory another user owns");
  fs.chownSync(dir, 0, 0);
  assert.equal(ownSocket(sock), sock);
});
