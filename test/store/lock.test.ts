/**
 * The brain.jsonl.lock file, in Rho's format, between real processes: live locks block writers (exit 5,
 * LOCK_TIMEOUT) however old, stale ones (dead or reused pid, another host's lock older than 30 s,
 * unparseable and old) are broken.
 * No test depends on how fast a process starts: a lock that must stay live is kept fresh while the blocked
 * writer runs (as a live holder does), and the 30 s boundary itself is checked with an explicit clock.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { hostname } from "node:os";
import { dirname } from "node:path";
import { describe, type TestContext, test } from "node:test";
import { JsonlFileStore } from "../../src/store/jsonl/file-store.ts";
import {
  brain,
  freshSandbox,
  json,
  lastLine,
  readLines,
  type Sandbox,
  show,
  startScript,
} from "../support/cli.ts";
import { deadPid as exitedPid } from "../support/spawn.ts";

const FAST = { BRAIN_LOCK_TIMEOUT_MS: "300" };

const fresh = (t: TestContext): Sandbox => freshSandbox(t);

const lockPath = (sb: Sandbox) => `${sb.brainPath}.lock`;

async function init(sb: Sandbox): Promise<void> {
  const r = await brain(sb, ["init"]);
  assert.equal(r.code, 0, show(r));
}

/** The pid of a process that has exited (and, checked, is not alive again). */
function deadPid(): number {
  const pid = exitedPid();
  assert.ok(pid > 0);
  assert.throws(() => process.kill(pid, 0), { code: "ESRCH" }, "pid was reused");
  return pid;
}

function writeLock(sb: Sandbox, payload: Record<string, unknown> | string): void {
  fs.mkdirSync(dirname(sb.brainPath), { recursive: true });
  const tmp = `${lockPath(sb)}.test-tmp`;
  fs.writeFileSync(tmp, typeof payload === "string" ? payload : JSON.stringify(payload, null, 2));
  fs.renameSync(tmp, lockPath(sb));
}

/**
 * Rewrite the lock every 200 ms (a fresh refreshedAt, or a fresh mtime for an unparseable one) while `fn`
 * runs, as a live holder would: the lock stays in force however slowly the blocked writer starts.
 */
async function whileFresh<T>(
  sb: Sandbox,
  payload: () => Record<string, unknown> | string,
  fn: () => Promise<T>,
) {
  writeLock(sb, payload());
  const timer = setInterval(() => writeLock(sb, payload()), 200);
  try {
    return await fn();
  } finally {
    clearInterval(timer);
  }
}

function rhoLock(pid: number, refreshedAgoMs: number, host = hostname()) {
  const t = Date.now() - refreshedAgoMs;
  return { pid, nonce: "rho-test-nonce", acquiredAt: t, refreshedAt: t, hostname: host, purpose: "append" };
}

/** Nothing lock-related may be left in the brain's directory (lock, stale-aside files). */
function assertNoLockLeftovers(sb: Sandbox): void {
  const left = fs.readdirSync(dirname(sb.brainPath)).filter((n) => n.includes(".lock"));
  assert.deepEqual(left, [], "lock files left behind");
}

async function assertWriteSucceeds(sb: Sandbox, text: string): Promise<void> {
  const r = await brain(sb, ["add", "type=learning", `text=${text}`], { env: FAST });
  assert.equal(r.code, 0, show(r));
  assert.equal(lastLine(sb.brainPath).text, text);
  assertNoLockLeftovers(sb);
}

async function assertLocked(sb: Sandbox, holderPid?: number): Promise<void> {
  const before = fs.readFileSync(sb.brainPath);
  const started = Date.now();
  const r = await brain(sb, ["add", "type=learning", "text=blocked write"], { env: FAST });
  const elapsed = Date.now() - started;
  assert.equal(r.code, 5, show(r));
  assert.match(r.stderr, /LOCK_TIMEOUT/);
  assert.match(r.stderr, /within 300ms/, "BRAIN_LOCK_TIMEOUT_MS is the timeout");
  if (holderPid !== undefined) assert.match(r.stderr, new RegExp(`held by pid ${holderPid}\\b`));
  assert.ok(elapsed >= 300, `gave up after ${elapsed}ms, before the 300 ms timeout`);
  assert.deepEqual(fs.readFileSync(sb.brainPath), before, "a timed-out write must not write");
  assert.ok(fs.existsSync(lockPath(sb)), "the other process's lock must be left alone");
}

describe("brain.jsonl.lock", { concurrency: 2 }, () => {
  test("a live lock held by another process makes `brain add` exit 5 with LOCK_TIMEOUT", async (t) => {
    const sb = fresh(t);
    await init(sb);
    const holder = startScript(sb, "hold-lock.ts", [sb.brainPath, "test-holder"]);
    t.after(() => holder.child.kill("SIGKILL"));
    await holder.waitForLine(/^locked \d+$/);
    const pid = holder.child.pid as number;
    // the payload FileLock writes: Rho's fields, the holder's pid
    const payload = JSON.parse(fs.readFileSync(lockPath(sb), "utf8")) as Record<string, unknown>;
    assert.deepEqual(Object.keys(payload).sort(), [
      "acquiredAt",
      "hostname",
      "nonce",
      "pid",
      "purpose",
      "refreshedAt",
    ]);
    assert.equal(payload.pid, pid);
    assert.equal(payload.purpose, "test-holder");
    assert.equal(payload.hostname, hostname());

    await assertLocked(sb, pid);
    const j = await brain(sb, ["add", "type=learning", "text=blocked write", "--json"], { env: FAST });
    assert.equal(j.code, 5, show(j));
    const err = json<{ ok: boolean; error: { code: string; message: string } }>(j);
    assert.equal(err.ok, false);
    assert.equal(err.error.code, "LOCKED");
    assert.match(err.error.message, /^LOCK_TIMEOUT/);
    // reads do not take the lock
    const stats = await brain(sb, ["stats"], { env: FAST });
    assert.equal(stats.code, 0, show(stats));

    // the holder releases: the next write goes through
    holder.child.kill("SIGTERM");
    await holder.done;
    assert.equal(fs.existsSync(lockPath(sb)), false, "SIGTERM released the lock");
    await assertWriteSucceeds(sb, "after release");
  });

  test("a lock left by a dead pid is stale: broken, and the write succeeds", async (t) => {
    const sb = fresh(t);
    await init(sb);
    writeLock(sb, rhoLock(deadPid(), 0));
    await assertWriteSucceeds(sb, "after a dead pid's lock");

    // the same from a real crash: a holder killed with SIGKILL leaves its lock behind
    const holder = startScript(sb, "hold-lock.ts", [sb.brainPath]);
    await holder.waitForLine(/^locked/);
    holder.child.kill("SIGKILL");
    await holder.done;
    assert.ok(fs.existsSync(lockPath(sb)), "SIGKILL leaves the lock file");
    await assertWriteSucceeds(sb, "after a crashed holder");
  });

  test("a live holder keeps its lock however long it holds it (issue 10 #2: paused compaction)", async (t) => {
    const sb = fresh(t);
    await init(sb);
    const holder = startScript(sb, "hold-lock.ts", [sb.brainPath, "compact"]);
    t.after(() => holder.child.kill("SIGKILL"));
    await holder.waitForLine(/^locked/);
    // As if the holder had been stopped (Ctrl-Z, suspend) for two minutes without refreshing.
    const p = JSON.parse(fs.readFileSync(lockPath(sb), "utf8"));
    p.refreshedAt = Date.now() - 120_000;
    fs.writeFileSync(lockPath(sb), JSON.stringify(p, null, 2));
    await assertLocked(sb, holder.child.pid);
    assert.equal(
      JSON.parse(fs.readFileSync(lockPath(sb), "utf8")).nonce,
      p.nonce,
      "the holder's lock is intact",
    );
  });

  test("a lock whose pid now belongs to a process started after it was taken is stale (pid reuse)", async (t) => {
    const sb = fresh(t);
    await init(sb);
    // process.pid (this test runner) is alive, but started after this lock claims to have been taken.
    writeLock(sb, rhoLock(process.pid, process.uptime() * 1000 + 60_000));
    await assertWriteSucceeds(sb, "after a reused pid's lock");
  });

  test("another host's lock: its pid cannot be checked, only its age", async (t) => {
    const sb = fresh(t);
    await init(sb);
    const pid = deadPid();
    await whileFresh(
      sb,
      () => rhoLock(pid, 0, "some-other-host.example"),
      () => assertLocked(sb),
    );
    writeLock(sb, rhoLock(deadPid(), 60_000, "some-other-host.example"));
    await assertWriteSucceeds(sb, "after another host's old lock");
  });

  test("an unparseable lock is judged by its mtime", async (t) => {
    const sb = fresh(t);
    await init(sb);
    await whileFresh(
      sb,
      () => "{ this is not a lock payload",
      () => assertLocked(sb),
    );
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(lockPath(sb), old, old);
    await assertWriteSucceeds(sb, "after an old garbage lock");
  });

  test("the lock we write has Rho's fields, and is removed after every write, failed or not", async (t) => {
    const sb = fresh(t);
    await init(sb);
    const store = new JsonlFileStore(sb.brainPath);
    const before = Date.now();
    const seen = store.withLock(() => fs.readFileSync(lockPath(sb), "utf8"), "append");
    const p = JSON.parse(seen) as Record<string, unknown>;
    assert.deepEqual(Object.keys(p).sort(), [
      "acquiredAt",
      "hostname",
      "nonce",
      "pid",
      "purpose",
      "refreshedAt",
    ]);
    assert.equal(p.pid, process.pid);
    assert.equal(p.hostname, hostname());
    assert.equal(p.purpose, "append");
    assert.equal(typeof p.nonce, "string");
    assert.ok(String(p.nonce).length >= 8);
    for (const k of ["acquiredAt", "refreshedAt"] as const) {
      assert.equal(typeof p[k], "number", k);
      assert.ok((p[k] as number) >= before - 5 && (p[k] as number) <= Date.now() + 5, `${k} is now`);
    }
    assertNoLockLeftovers(sb);
    // a nested withLock on the same store does not deadlock, and still releases once
    assert.equal(
      store.withLock(() => store.withLock(() => 42, "inner"), "outer"),
      42,
    );
    assertNoLockLeftovers(sb);

    await assertWriteSucceeds(sb, "a plain write");
    const lines = readLines(sb.brainPath).length;
    // duplicate (rejected under the lock) and invalid input: exit codes, and no lock left behind
    const dup = await brain(sb, ["add", "type=learning", "text=A plain write!"], { env: FAST });
    assert.equal(dup.code, 4, show(dup));
    assertNoLockLeftovers(sb);
    const bad = await brain(sb, ["update", "id=deadbeef", "text=x"], { env: FAST });
    assert.equal(bad.code, 3, show(bad));
    assertNoLockLeftovers(sb);
    assert.equal(readLines(sb.brainPath).length, lines);
  });
});
