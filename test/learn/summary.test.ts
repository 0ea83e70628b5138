/**
 * Session summaries for "Recently in this project" (issue 11 step 5), through the real parts: `brain hook stop`
 * starts the learner, which asks the fake OpenAI-compatible server (a real HTTP server on 127.0.0.1) for
 * memories and, in the same call, a one-line summary of the session; the summary is stored as a `role:
 * "summary"` episode of the session and the next session's `brain hook session-start` lists it. Without a
 * model the line stays the first request and the files; a bad summary never costs the memories.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { runHook } from "../hooks/_support.ts";
import { brain, freshSandbox, readLines, type Sandbox, show } from "../support/cli.ts";
import { startFakeLlm } from "../support/fake-llm.ts";
import { learnFiles, waitSettled } from "../support/learner.ts";
import { project, queueTranscript, S1, S2, stopInput, turn, withModel } from "./_support.ts";

const FACT = "The staging server listens on port 8443 since the migration";
const SUMMARY = "Pointed the smoke tests at the new staging port 8443";
const LATER = "Pointed the smoke tests at staging port 8443 and fixed the flaky login check";
const item = { type: "learning", text: FACT, importance: "high" };

const episodes = (sb: Sandbox) => {
  const file = learnFiles(sb.brainPath).episodes;
  return fs.existsSync(file) ? readLines(file).filter((e) => e.type === "episode") : [];
};
const summaries = (sb: Sandbox) => episodes(sb).filter((e) => e.role === "summary");

function writeSession1(sb: Sandbox, cwd: string): string {
  const transcript = join(sb.dir, "s1.jsonl");
  fs.writeFileSync(
    transcript,
    turn(S1, "user", "Heads up: the staging server listens on port 8443 since the migration.", cwd) +
      turn(S1, "assistant", "Noted, I will point the smoke tests at 8443 in tests/smoke.ts.", cwd),
  );
  return transcript;
}

/**
 * A later session's start (session 2 by default): the context Claude Code gets, and its "Recently in this
 * project" lines. Each start is its own session: one start fired twice would be a repeat (src/hooks/seen.ts).
 */
async function sessionStart(sb: Sandbox, cwd: string, env: Record<string, string> = {}, session = S2) {
  const r = await runHook(
    sb,
    "session-start",
    { session_id: session, cwd, hook_event_name: "SessionStart", source: "startup" },
    { env },
  );
  assert.equal(r.code, 0, show(r));
  const ctx = JSON.parse(r.stdout).hookSpecificOutput.additionalContext as string;
  const block = ctx.split("## Recently in this project\n")[1]?.split("\n\n")[0] ?? "";
  return { ctx, recent: block.split("\n").filter((l) => l.startsWith("- ")) };
}

describe("session summaries in 'Recently in this project'", () => {
  it("with a model: Stop → the learner stores the model's summary; session 2's SessionStart lists it (once)", async (t) => {
    const fake = await startFakeLlm("openai");
    t.after(() => fake.close());
    const sb = freshSandbox(t, "brain-summary-");
    const p = project(sb);
    const env = withModel(sb, fake);
    fake.script({ answer: { items: [item], summary: SUMMARY } });

    const stop = await runHook(sb, "stop", stopInput(writeSession1(sb, p.cwd), p.cwd), { env });
    assert.equal(stop.code, 0, show(stop));
    await waitSettled(sb.brainPath);

    // One model call gave both: the memory and the summary; the request asked for the summary.
    assert.equal(fake.requests.length, 1);
    assert.match(
      JSON.stringify(fake.requests[0]?.body),
      /\\"summary\\": the whole session so far in one line under 160 characters/,
    );
    assert.deepEqual(
      readLines(sb.brainPath)
        .filter((e) => e.type === "learning")
        .map((e) => e.text),
      [FACT],
    );
    const stored = summaries(sb);
    assert.equal(stored.length, 1, JSON.stringify(episodes(sb)));
    assert.equal(stored[0]?.text, SUMMARY);
    assert.equal(stored[0]?.session, S1);
    assert.equal(stored[0]?.project, p.root, "tagged with the project like the session's turns");
    const run = readLines(learnFiles(sb.brainPath).log).at(-1) as { stored: { summaries?: number } };
    assert.equal(run.stored.summaries, 1);

    const start = await sessionStart(sb, p.cwd, env);
    assert.deepEqual(start.recent, [`- 2026-03-02: ${SUMMARY}`], start.ctx);
    assert.equal(start.ctx.split(SUMMARY).length - 1, 1, "the summary appears once in the context");
    assert.doesNotMatch(start.ctx, /Heads up: the staging server/, "not the first request");

    // Searchable like any episode, from another session's prompt; the prompt path has no "Recently" block.
    const ask = await runHook(
      sb,
      "user-prompt-submit",
      {
        session_id: S2,
        cwd: p.cwd,
        hook_event_name: "UserPromptSubmit",
        prompt: "which smoke tests point at the new staging port?",
      },
      { env },
    );
    assert.equal(ask.code, 0, show(ask));
    const prompt = JSON.parse(ask.stdout).hookSpecificOutput.additionalContext as string;
    assert.doesNotMatch(prompt, /Recently in this project/);
    assert.ok(prompt.split("\n").filter((l) => l.includes(SUMMARY)).length <= 1, prompt);
    const found = await brain(sb, ["search", "smoke tests staging port", "--json"], { env });
    assert.equal(found.code, 0, show(found));
    assert.match(found.stdout, /session summary/);
  });

  it("several passes over one session: each prompt carries the summary so far; the newest is shown, once", async (t) => {
    const fake = await startFakeLlm("openai");
    t.after(() => fake.close());
    const sb = freshSandbox(t, "brain-summary-");
    const p = project(sb);
    const env = withModel(sb, fake);
    const transcript = writeSession1(sb, p.cwd);
    fake.script(
      { answer: { items: [], summary: SUMMARY } },
      { answer: { items: [], summary: LATER } },
      { answer: { items: [], summary: LATER } },
    );

    await runHook(sb, "stop", stopInput(transcript, p.cwd), { env });
    await waitSettled(sb.brainPath);
    fs.appendFileSync(transcript, turn(S1, "user", "Also the login check is flaky, fix it.", p.cwd));
    await runHook(sb, "stop", stopInput(transcript, p.cwd), { env });
    await waitSettled(sb.brainPath);

    assert.equal(fake.requests.length, 2);
    const first = JSON.stringify(fake.requests[0]?.body);
    const second = JSON.stringify(fake.requests[1]?.body);
    assert.doesNotMatch(first, /Summary so far/, "no summary before the first pass");
    assert.match(second, new RegExp(`Summary so far: ${SUMMARY}\\\\n</session>`));
    assert.deepEqual(
      summaries(sb).map((e) => e.text),
      [SUMMARY, LATER],
    );
    let start = await sessionStart(sb, p.cwd, env);
    assert.deepEqual(start.recent, [`- 2026-03-02: ${LATER}`], start.ctx);
    assert.doesNotMatch(start.ctx, new RegExp(`${SUMMARY}$`, "m"), "the older summary is not shown");

    // A pass that leaves the summary as it was stores no new summary episode.
    fs.appendFileSync(transcript, turn(S1, "assistant", "Done, the login check waits for the form.", p.cwd));
    await runHook(sb, "stop", stopInput(transcript, p.cwd), { env });
    await waitSettled(sb.brainPath);
    assert.equal(fake.requests.length, 3);
    assert.equal(summaries(sb).length, 2);
    start = await sessionStart(sb, p.cwd, env, `${S2}-next`);
    assert.deepEqual(start.recent, [`- 2026-03-02: ${LATER}`]);
  });

  it("without a model: the first request and the files, no summary episode", async (t) => {
    const sb = freshSandbox(t, "brain-summary-");
    const p = project(sb);
    const stop = await runHook(sb, "stop", stopInput(writeSession1(sb, p.cwd), p.cwd));
    assert.equal(stop.code, 0, show(stop));
    await waitSettled(sb.brainPath);
    assert.equal(episodes(sb).length, 2);
    assert.equal(summaries(sb).length, 0);
    const start = await sessionStart(sb, p.cwd);
    assert.deepEqual(start.recent, [
      '- 2026-03-02: "Heads up: the staging server listens on port 8443 since the migration." — files: tests/smoke.ts',
    ]);
  });

  it("a malformed or absent summary in the model's answer costs nothing: the memories are stored, no repair call", async (t) => {
    const fake = await startFakeLlm("openai");
    t.after(() => fake.close());
    const sb = freshSandbox(t, "brain-summary-");
    const p = project(sb);
    const env = withModel(sb, fake);
    fake.script({ answer: { items: [item], summary: { oops: true } } });
    queueTranscript(sb.brainPath, writeSession1(sb, p.cwd), p.cwd);

    const r = await brain(sb, ["learn"], { env });
    assert.equal(r.code, 0, show(r));
    assert.equal(fake.requests.length, 1, "no repair call for the summary");
    assert.deepEqual(
      readLines(sb.brainPath)
        .filter((e) => e.type === "learning")
        .map((e) => e.text),
      [FACT],
    );
    assert.equal(summaries(sb).length, 0);
    const start = await sessionStart(sb, p.cwd, env);
    assert.match(start.recent[0] ?? "", /^- 2026-03-02: "Heads up: the staging server/, start.ctx);
  });

  it("summaryChars: 0 asks for no summary and stores none", async (t) => {
    const fake = await startFakeLlm("openai");
    t.after(() => fake.close());
    const sb = freshSandbox(t, "brain-summary-");
    const p = project(sb);
    const env = withModel(sb, fake, { summaryChars: 0 });
    fake.script({ answer: { items: [item], summary: SUMMARY } });
    queueTranscript(sb.brainPath, writeSession1(sb, p.cwd), p.cwd);
    assert.equal((await brain(sb, ["learn"], { env })).code, 0);
    const body = fake.requests[0]?.body as {
      response_format: { json_schema: { schema: { properties: object } } };
    };
    assert.deepEqual(Object.keys(body.response_format.json_schema.schema.properties), ["items"]);
    assert.doesNotMatch(JSON.stringify(body), /The summary:|"summary"/);
    assert.equal(summaries(sb).length, 0);
    assert.equal(readLines(sb.brainPath).filter((e) => e.type === "learning").length, 1);
  });
});
