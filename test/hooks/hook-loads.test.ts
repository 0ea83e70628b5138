/**
 * What a queue hook loads when it has nothing to start: a host fires Stop after every answer, and while the
 * learner is running (its lock held) the hook only queues the transcript. Loading node:child_process then
 * (net, dgram, streams: ~13 M instructions, bench/hooks.ts) made Stop and SessionEnd slower than the build
 * before the redesign. The hook process is the installed bin; a preloaded script reports at exit which of
 * Node's own modules it loaded.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { freshSandbox, type Sandbox, show, startScript } from "../support/cli.ts";
import { common, runHook } from "./_support.ts";

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
    }
    const queue = fs.readFileSync(join(sb.dir, "brain", ".brain", "transcripts.jsonl"), "utf8");
    for (const [event] of events) assert.match(queue, new RegExp(`"session_id":"session-${event}"`));
  } finally {
    holder.child.kill("SIGTERM");
    await holder.done;
  }
});
