/**
 * The loop, through the real parts: `brain hook stop` queues a Claude Code transcript and starts the learner
 * detached; the learner stores the session's turns as episodes (tagged with the project); the next session's
 * `brain hook user-prompt-submit` brings the fact back. Plus: resume after a kill, racing learners, a
 * transcript appended after a run, auto-memory off. Waiting for a background learner is bounded by a number of
 * polls, never by a clock.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { runHook } from "../hooks/_support.ts";
import {
  BIN,
  brain,
  childEnv,
  freshSandbox,
  readLines,
  type Sandbox,
  show,
  startScript,
} from "../support/cli.ts";
import { settled as isSettled, learnFiles, waitSettled as waitForLearner } from "../support/learner.ts";
import { startProcess } from "../support/spawn.ts";
import { project, S1, S2, stopInput, turn } from "./_support.ts";

const files = (sb: Sandbox) => learnFiles(sb.brainPath);

const episodes = (sb: Sandbox) =>
  fs.existsSync(files(sb).episodes) ? readLines(files(sb).episodes).filter((e) => e.type === "episode") : [];

const settled = (sb: Sandbox) => isSettled(sb.brainPath);
const waitSettled = (sb: Sandbox) => waitForLearner(sb.brainPath);

describe("the learning loop through the real hooks", () => {
  it("a fact said in session 1 (no brain tool call) reaches session 2's prompt, tagged with its project", async (t) => {
    const sb = freshSandbox(t, "brain-loop-");
    const p = project(sb);
    const transcript = join(sb.dir, "s1.jsonl");
    fs.writeFileSync(
      transcript,
      turn(S1, "user", "Heads up: the staging server listens on port 8443 since the migration.", p.cwd) +
        turn(S1, "assistant", "Noted, I will point the smoke tests at 8443.", p.cwd) +
        turn(S1, "user", "We use pnpm in this repo, never npm.", p.cwd),
    );
    const stop = await runHook(sb, "stop", stopInput(transcript, p.cwd));
    assert.equal(stop.code, 0, show(stop));
    assert.equal(stop.stdout, "", "Stop prints nothing");
    await waitSettled(sb);

    const eps = episodes(sb);
    assert.equal(eps.length, 3, JSON.stringify(eps));
    assert.ok(eps.every((e) => e.project === p.root && e.session === S1));
    const log = join(sb.dir, "brain", "brain.jsonl");
    assert.equal(
      (fs.existsSync(log) ? readLines(log) : []).filter((e) => e.type === "episode").length,
      0,
      "episodes live in episodes.jsonl",
    );
    const runs = readLines(files(sb).log);
    assert.ok(
      runs.some((r) => (r.stored as { episodes: number }).episodes === 3),
      JSON.stringify(runs),
    );

    const ask = await runHook(sb, "user-prompt-submit", {
      session_id: S2,
      cwd: p.cwd,
      hook_event_name: "UserPromptSubmit",
      prompt: "what port does staging use?",
    });
    assert.equal(ask.code, 0, show(ask));
    const ctx = JSON.parse(ask.stdout).hookSpecificOutput.additionalContext as string;
    assert.match(
      ctx,
      /^- \[episode e[0-9a-f]+\] \[2026-03-02\] user: .*staging server listens on port 8443/m,
    );

    // Below the relevance floor: a prompt sharing one common word with an episode gets nothing from it.
    const loop = await runHook(sb, "user-prompt-submit", {
      session_id: S2,
      cwd: p.cwd,
      hook_event_name: "UserPromptSubmit",
      prompt: "can you use a for loop here",
    });
    assert.equal(loop.code, 0, show(loop));
    assert.doesNotMatch(loop.stdout, /episode/, loop.stdout);

    // The session's own turns are not shown back to it.
    const same = await runHook(sb, "user-prompt-submit", {
      session_id: S1,
      cwd: p.cwd,
      hook_event_name: "UserPromptSubmit",
      prompt: "what port does staging use?",
    });
    assert.doesNotMatch(same.stdout, /8443/);

    const st = await brain(sb, ["learn", "--status", "--json"]);
    assert.equal(st.code, 0, show(st));
    const status = JSON.parse(st.stdout) as {
      queue: { records: number };
      cursors: { offset: number; size: number }[];
    };
    assert.equal(status.queue.records, 1);
    assert.deepEqual(
      status.cursors.map((c) => c.offset === c.size),
      [true],
    );
  });

  it("a transcript appended after a run is read from its cursor: only the new turns", async (t) => {
    const sb = freshSandbox(t, "brain-loop-");
    const p = project(sb);
    const transcript = join(sb.dir, "s1.jsonl");
    fs.writeFileSync(transcript, turn(S1, "user", "The cache is warmed by a cron job at 04:00.", p.cwd));
    await runHook(sb, "stop", stopInput(transcript, p.cwd));
    await waitSettled(sb);
    assert.equal(episodes(sb).length, 1);
    const before = readLines(files(sb).log).length;

    fs.appendFileSync(transcript, turn(S1, "assistant", "Then I will not clear it before 04:30.", p.cwd));
    await runHook(sb, "stop", stopInput(transcript, p.cwd));
    await waitSettled(sb);
    assert.deepEqual(
      episodes(sb).map((e) => e.speaker),
      ["user", "assistant"],
    );
    const later = readLines(files(sb).log).slice(before);
    const reads = later.flatMap((r) => r.read as { from: number; turns: number }[]);
    assert.ok(reads.length > 0 && reads.every((r) => r.from > 0 && r.turns === 1), JSON.stringify(later));
  });

  it("auto-memory off (RHO_AUTO_MEMORY=0, RHO_SUBAGENT=1, autoMemory:false): nothing queued, spawned or stored", async (t) => {
    const sb = freshSandbox(t, "brain-loop-");
    const p = project(sb);
    const transcript = join(sb.dir, "s1.jsonl");
    fs.writeFileSync(transcript, turn(S1, "user", "The staging server listens on port 8443.", p.cwd));
    const config = join(sb.dir, "config.json");
    fs.writeFileSync(config, JSON.stringify({ autoMemory: false }));
    for (const env of [{ RHO_AUTO_MEMORY: "0" }, { RHO_SUBAGENT: "1" }, { BRAIN_CONFIG: config }]) {
      const r = await runHook(sb, "stop", stopInput(transcript, p.cwd), { env });
      assert.equal(r.code, 0, show(r));
      const l = await brain(sb, ["learn"], { env });
      assert.equal(l.code, 0, show(l));
    }
    const f = files(sb);
    assert.ok(!fs.existsSync(f.queue) && !fs.existsSync(f.log) && !fs.existsSync(f.cursors));
    assert.equal(episodes(sb).length, 0);
  });
});

/** A long session: `n` turns, each naming its number. */
function longTranscript(sb: Sandbox, n: number, cwd: string): string {
  const transcript = join(sb.dir, "long.jsonl");
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    lines.push(
      turn(
        S1,
        i % 2 ? "assistant" : "user",
        `Turn number ${i} of the long session about the billing job.`,
        cwd,
      ),
    );
  }
  fs.writeFileSync(transcript, lines.join(""));
  // Queue it as the hook would, without starting a background learner (the test runs its own).
  fs.mkdirSync(join(sb.dir, "brain", ".brain"), { recursive: true });
  fs.appendFileSync(
    files(sb).queue,
    `${JSON.stringify({ host: "claude", event: "stop", at: "2026-03-02T10:00:00.000Z", session_id: S1, transcript_path: transcript, cwd })}\n`,
  );
  return transcript;
}

function assertAllOnce(sb: Sandbox, n: number): void {
  const eps = episodes(sb);
  assert.equal(new Set(eps.map((e) => e.id)).size, eps.length, "no episode twice");
  assert.equal(eps.length, n);
  assert.ok(settled(sb));
}

describe("the learner's runs", () => {
  it("a learner killed mid-run resumes where it stopped, without duplicates", async (t) => {
    const sb = freshSandbox(t, "brain-loop-");
    const p = project(sb);
    longTranscript(sb, 3000, p.cwd);
    const child = startProcess(process.execPath, [BIN, "learn", "--max-bytes", "8000"], {
      env: childEnv(sb),
      cwd: sb.dir,
    });
    let polls = 0;
    while (!(fs.existsSync(files(sb).log) && readLines(files(sb).log).length >= 3) && polls++ < 2000) {
      await new Promise((r) => setTimeout(r, 10));
    }
    child.child.kill("SIGKILL");
    const killed = await child.done;
    const partial = episodes(sb).length;
    assert.equal(killed.signal, "SIGKILL", "killed while still working");
    assert.ok(partial > 0 && partial < 3000, `${partial} episodes before the kill`);

    // The state a kill between storing episodes and saving the cursor leaves: the cursor one step behind.
    const c = JSON.parse(fs.readFileSync(files(sb).cursors, "utf8"));
    const session = Object.values(c.sessions)[0] as { offset: number; line: number };
    if (session.offset > 0) {
      session.offset = 0;
      session.line = 0;
      fs.writeFileSync(files(sb).cursors, JSON.stringify(c));
    }
    const again = await brain(sb, ["learn", "--max-bytes", "200000"]);
    assert.equal(again.code, 0, show(again));
    assert.match(again.stdout, /^Learned: \d+ new episode\(s\), \d+ memories stored, .* in \d+ run\(s\)\.$/m);
    assertAllOnce(sb, 3000);
  });

  it("two learners racing: one holds the lock, the other exits 0 quietly; every turn stored once", async (t) => {
    const sb = freshSandbox(t, "brain-loop-");
    const p = project(sb);
    longTranscript(sb, 400, p.cwd);
    const racers = await Promise.all([
      brain(sb, ["learn", "--max-bytes", "4000"]),
      brain(sb, ["learn", "--max-bytes", "4000"]),
      brain(sb, ["learn", "--quiet"]),
    ]);
    for (const r of racers) assert.equal(r.code, 0, show(r));
    assert.equal(racers[2]?.stdout, "");
    assert.equal(racers[2]?.stderr, "");
    // Whoever lost the lock may have left work for a later run: one more run finishes it.
    assert.equal((await brain(sb, ["learn"])).code, 0);
    assertAllOnce(sb, 400);
  });

  it("with the lock held by another learner, `brain learn` says so, stores nothing and exits 0", async (t) => {
    const sb = freshSandbox(t, "brain-loop-");
    const p = project(sb);
    longTranscript(sb, 10, p.cwd);
    const holder = startScript(sb, "hold-lock.ts", [join(sb.dir, "brain", ".brain", "learn")]);
    await holder.waitForLine(/^locked \d+$/);
    try {
      const r = await brain(sb, ["learn"]);
      assert.equal(r.code, 0, show(r));
      assert.match(r.stderr, /another learner is running/);
      assert.equal(episodes(sb).length, 0);
    } finally {
      holder.child.kill("SIGTERM");
      await holder.done;
    }
    assert.equal((await brain(sb, ["learn"])).code, 0);
    assertAllOnce(sb, 10);
  });

  it("a transcript that cannot be read is retried by later runs up to the cap, then waits; nothing is lost", async (t) => {
    const sb = freshSandbox(t, "brain-loop-");
    const p = project(sb);
    const transcript = longTranscript(sb, 4, p.cwd);
    const moved = `${transcript}.away`;
    fs.renameSync(transcript, moved);
    for (let i = 0; i < 3; i++) {
      const r = await brain(sb, ["learn", "--max-attempts", "2", "--json"]);
      assert.equal(r.code, 0, show(r));
    }
    const runs = readLines(files(sb).log);
    const errors = runs.flatMap((r) => r.errors as { attempts: number; gaveUp: boolean }[]);
    assert.deepEqual(
      errors.map((e) => [e.attempts, e.gaveUp]),
      [
        [1, false],
        [2, true],
      ],
      "two attempts, then it waits for new work",
    );
    fs.renameSync(moved, transcript);
    // New work for that transcript (the next Stop) gives it its attempts again.
    fs.appendFileSync(
      files(sb).queue,
      `${JSON.stringify({ host: "claude", event: "stop", at: "x", transcript_path: transcript, cwd: p.cwd })}\n`,
    );
    assert.equal((await brain(sb, ["learn"])).code, 0);
    assertAllOnce(sb, 4);
  });
});
