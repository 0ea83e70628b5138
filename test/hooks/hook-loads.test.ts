/**
 * What a queue hook loads when it has nothing to start: a host fires Stop after every answer, and while the
 * learner is running (its lock held) the hook only queues the transcript. Loading node:child_process then
 * (net, dgram, streams: ~13 M instructions, bench/hooks.ts) made Stop and SessionEnd slower than the build
 * before the redesign. The hook process is the installed bin; a preloaded script reports at exit which of
 * Node's own modules it loaded.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import * as fs from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { freshSandbox, type Sandbox, show, startScript } from "../support/cli.ts";
import { common, INSTALLED, runHook } from "./_support.ts";

const PRELOAD = `process.on("exit", () => require("node:fs").writeFileSync(process.env.LOADS_OUT, JSON.stringify(process.moduleLoadList)));\n`;

async function loadsOf(sb: Sandbox, event: string, name: string, session: string): Promise<string[]> {
  const preload = join(sb.dir, "loads.cjs");
  fs.writeFileSync(preload, PRELOAD);
  const out = join(sb.dir, `loads-${event}.json`);
  const r = await runHook(
    sb,
    event,
    { ...common(sb, sb.dir, name), session_id: session },
    { env: { NODE_OPTIONS: `--require ${preload}`, LOADS_OUT: out } },
  );
  assert.equal(r.code, 0, show(r));
  return JSON.parse(fs.readFileSync(out, "utf8")) as string[];
}

test("a queue hook that finds the learner running queues the transcript without loading node:child_process", async (t) => {
  const sb = freshSandbox(t, "brain-hook-loads-");
  fs.writeFileSync(join(sb.dir, "transcript.jsonl"), '{"type":"user"}\n');
  const holder = startScript(sb, "hold-lock.ts", [join(sb.dir, "brain", ".brain", "learn"), "learn"]);
  await holder.waitForLine(/^locked \d+$/);
  try {
    const events = [
      ["stop", "Stop"],
      ["session-end", "SessionEnd"],
      ["pre-compact", "PreCompact"],
    ] as const;
    for (const [event, name] of events) {
      const loads = await loadsOf(sb, event, name, `session-${event}`);
      assert.ok(loads.length > 20, "the preload saw the process's modules");
      assert.deepEqual(
        loads.filter((m) => /child_process/.test(m)),
        [],
        `${event} loaded node:child_process with the learner running`,
      );
      // Reading the input through process.stdin loads net, stream and tty: ~54 M instructions a hook.
      assert.deepEqual(
        loads.filter((m) => /^NativeModule (net|tty|stream)$/.test(m)),
        [],
        `${event} read its input through a stream`,
      );
    }
    const queue = fs.readFileSync(join(sb.dir, "brain", ".brain", "transcripts.jsonl"), "utf8");
    for (const [event] of events) assert.match(queue, new RegExp(`"session_id":"session-${event}"`));
  } finally {
    holder.child.kill("SIGTERM");
    await holder.done;
  }
});

test("a hook whose host keeps stdin open and sends nothing still ends, and one sent a payload does its work", async (t) => {
  const sb = freshSandbox(t, "brain-hook-stdin-");
  const queue = join(sb.dir, "brain", ".brain", "transcripts.jsonl");
  fs.writeFileSync(join(sb.dir, "transcript.jsonl"), '{"type":"user"}\n');
  // Nothing written, never closed (a socket pair, as a host on Node gives): Node cannot cancel the read
  // and waits for it even in process.exit(), so the hook ends itself by SIGTERM — a harness that had to
  // kill a hung hook would send SIGKILL.
  const child = spawn(process.execPath, [INSTALLED, "hook", "stop"], {
    env: { PATH: process.env.PATH, HOME: sb.home, BRAIN_PATH: sb.brainPath, BRAIN_SERVE_AUTOSTART: "0" },
    stdio: ["pipe", "pipe", "pipe"],
  });
  const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
  const [code, signal] = (await once(child, "close")) as [number | null, NodeJS.Signals | null];
  clearTimeout(timer);
  child.stdin.destroy();
  assert.deepEqual({ code, signal }, { code: null, signal: "SIGTERM" });
  // A payload, then kept open: read without waiting for the end of input.
  const payload = JSON.stringify({ ...common(sb, sb.dir, "Stop"), session_id: "kept-open" });
  const r = await runHook(sb, "stop", payload, { closeStdin: false });
  assert.equal(r.code, 0, show(r));
  assert.match(fs.readFileSync(queue, "utf8"), /"session_id":"kept-open"/);
});
