/**
 * A brain the user cannot write (issue 25 §2): `add` to a read-only log, or into a directory the user cannot
 * write, is an IO error naming the file (exit 1) — not "internal error (a bug)", exit 70 — and the log is left
 * as it was. Run as a user other than root (root writes to a read-only file): `runuser -u nobody`, skipped
 * with a message where that is not possible.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import { dirname } from "node:path";
import { test } from "node:test";
import { BIN, brainOk, freshSandbox, run, type Sandbox, show } from "../support/cli.ts";

function asNobody(sb: Sandbox, args: string[]) {
  const env = [
    "env",
    `HOME=${sb.home}`,
    `BRAIN_PATH=${sb.brainPath}`,
    "BRAIN_SERVE_AUTOSTART=0",
    "BRAIN_FSYNC=0",
  ];
  return run("runuser", ["-u", "nobody", "--", ...env, process.execPath, BIN, ...args], sb);
}

const why =
  typeof process.getuid !== "function" || process.getuid() !== 0
    ? "needs root to run a command as another user"
    : spawnSync("runuser", ["--help"]).error
      ? "runuser is missing"
      : undefined;

test("add to a log the user cannot write is an IO error naming the file, never a bug", {
  skip: why,
}, async (t) => {
  const sb = freshSandbox(t);
  await brainOk(sb, ["init", "--empty"]);
  const dir = dirname(sb.brainPath);
  for (const p of [sb.dir, sb.home]) fs.chmodSync(p, 0o755);
  const before = fs.readFileSync(sb.brainPath);
  // A read-only log in a directory the user may write (its lock can be taken; the append cannot).
  fs.chmodSync(dir, 0o777);
  fs.chmodSync(`${dir}/.brain`, 0o777);
  fs.chmodSync(sb.brainPath, 0o444);
  const readOnly = await asNobody(sb, ["add", "type=learning", "text=Never lost"]);
  assert.equal(readOnly.code, 1, show(readOnly));
  assert.equal(readOnly.stderr, `brain: ${sb.brainPath}: permission denied (EACCES, open)\n`);
  const json = await asNobody(sb, ["--json", "add", "type=learning", "text=Never lost"]);
  assert.equal(JSON.parse(json.stdout).error.code, "IO", show(json));
  // A directory the user cannot write: its lock cannot be made.
  fs.chmodSync(dir, 0o755);
  fs.chmodSync(`${dir}/.brain`, 0o755);
  fs.chmodSync(sb.brainPath, 0o644);
  const noDir = await asNobody(sb, ["add", "type=learning", "text=Never lost"]);
  assert.equal(noDir.code, 1, show(noDir));
  assert.doesNotMatch(noDir.stderr, /internal error|a bug/);
  assert.match(noDir.stderr, /EACCES/);
  assert.deepEqual(fs.readFileSync(sb.brainPath), before, "the log changed");
  // Reading it is fine.
  assert.equal((await asNobody(sb, ["stats"])).code, 0);
});
