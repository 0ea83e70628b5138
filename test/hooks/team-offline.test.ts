/**
 * Hooks against a team server that cannot be reached (issue 15): every Claude Code hook event exits 0 and
 * prints nothing, the transcript-queueing events still queue locally (nothing lost for the learner), while an
 * ordinary command fails with a clear message naming the server and never its password. The pi extension,
 * in process, queues too and says once that the server is away.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { test } from "node:test";
import { createBrainExtension } from "../../src/hosts/pi/extension.ts";
import type { PiApi, PiContext } from "../../src/hosts/pi/types.ts";
import { brain, freshSandbox, homeFor, readLines } from "../support/cli.ts";
import { common, runHook } from "./_support.ts";

/** A port nothing listens on (bound, then closed). */
async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const a = s.address();
      s.close(() => resolve(typeof a === "object" && a ? a.port : 1));
    });
  });
}

const PASSWORD = "hunter2-never-shown";

test("every hook event against an unreachable team server: exit 0, nothing printed, the queue kept", async (t) => {
  const sb = freshSandbox(t, "brain-hook-offline-");
  const env = { BRAIN_STORE: `postgres://ana:${PASSWORD}@127.0.0.1:${await closedPort()}/team` };
  const transcript = join(sb.dir, "transcript.jsonl");
  fs.writeFileSync(transcript, `${JSON.stringify({ type: "user", message: { content: "hi" } })}\n`);
  const events = ["session-start", "user-prompt-submit", "pre-compact", "stop", "session-end"];
  for (const event of events) {
    const input = { ...common(sb, sb.dir, event), prompt: "how do we deploy the staging cluster?" };
    const r = await runHook(sb, event, input, { env });
    assert.deepEqual([r.code, r.stdout, r.stderr], [0, "", ""], `${event}: ${r.stderr}`);
  }
  // The queue is local: in the team store's local directory on this machine.
  const queued = readLines(homeFor(sb, env).file("queue"));
  assert.deepEqual(
    queued.map((q) => q.event),
    ["pre-compact", "stop", "session-end"],
  );
  assert.ok(queued.every((q) => q.transcript_path === transcript));

  const plain = await brain(sb, ["stats"], { env });
  assert.notEqual(plain.code, 0, "an ordinary command fails");
  assert.match(plain.stderr, /team store at postgres:\/\/127\.0\.0\.1:\d+\/team is unreachable/);
  assert.doesNotMatch(plain.stdout + plain.stderr, new RegExp(PASSWORD));
});

test("the pi extension with the team server away: queues locally, tells once, never throws", async (t) => {
  const sb = freshSandbox(t, "brain-pi-offline-");
  // The extension runs in this process and reads its environment: the team store, and HOME (its local
  // directory defaults to ~/.brain/team/…) pointed into the sandbox, then put back.
  const saved = { store: process.env.BRAIN_STORE, home: process.env.HOME };
  process.env.BRAIN_STORE = `postgres://ana:${PASSWORD}@127.0.0.1:${await closedPort()}/team`;
  process.env.HOME = sb.home;
  t.after(() => {
    if (saved.store === undefined) delete process.env.BRAIN_STORE;
    else process.env.BRAIN_STORE = saved.store;
    process.env.HOME = saved.home;
  });
  const handlers = new Map<string, (event: unknown, ctx: PiContext) => unknown>();
  const api: PiApi = {
    on: (event, handler) => handlers.set(event, handler as never),
    registerTool: () => {},
    registerCommand: () => {},
  };
  createBrainExtension({ brainPath: sb.brainPath })(api);
  const notes: string[] = [];
  const ctx: PiContext = { cwd: sb.dir, ui: { notify: (m) => notes.push(m) } };
  const start = handlers.get("before_agent_start");
  assert.ok(start);
  for (let i = 0; i < 2; i++)
    assert.equal(await start({ prompt: "deploy?", systemPrompt: "base" }, ctx), undefined);
  assert.deepEqual(notes, ["brain: the team server is unreachable; no memories"]);
  handlers.get("agent_end")?.({ messages: [{ role: "user", content: "remember kite" }] }, ctx);
  handlers.get("session_shutdown")?.({ reason: "quit" }, ctx);
  const queued = readLines(homeFor(sb, { BRAIN_STORE: process.env.BRAIN_STORE }).file("queue"));
  assert.deepEqual(
    queued.map((q) => q.messages),
    [[{ role: "user", text: "remember kite" }]],
  );
  assert.doesNotMatch(notes.join("\n"), new RegExp(PASSWORD));
});
