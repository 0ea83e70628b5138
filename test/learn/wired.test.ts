/**
 * The learning loop with a model, through the real parts: `brain hook stop` starts the learner detached, the
 * learner asks the fake OpenAI-compatible server (a real HTTP server on 127.0.0.1) and stores what it
 * extracts through the action path; the next `brain hook user-prompt-submit` brings it back and shows the
 * "🧠 stored" notice once. Then the provider's failures (down for a whole run, malformed, 429) and
 * near-duplicate reinforcement, each through `brain learn` in the foreground.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { KNOWN_PARAMS } from "../../src/core/tool-fields.ts";
import { runHook } from "../hooks/_support.ts";
import { brain, freshSandbox, readLines, type Sandbox, show } from "../support/cli.ts";
import { FAKE_USAGE, startFakeLlm } from "../support/fake-llm.ts";
import { learnFiles, waitSettled } from "../support/learner.ts";
import { project, queueTranscript, S1, S2, stopInput, turn, withModel } from "./_support.ts";

const FACT = "The staging server listens on port 8443 since the migration";

const learnings = (sb: Sandbox) => readLines(sb.brainPath).filter((e) => e.type === "learning");

function session1(sb: Sandbox, cwd: string): string {
  const transcript = join(sb.dir, "s1.jsonl");
  fs.writeFileSync(
    transcript,
    turn(S1, "user", "Heads up: the staging server listens on port 8443 since the migration.", cwd) +
      turn(S1, "assistant", "Noted, I will point the smoke tests at 8443.", cwd),
  );
  return transcript;
}

const answer = (text = FACT, more: Record<string, unknown> = {}) => ({
  answer: { items: [{ type: "learning", text, importance: "high", ...more }] },
});

const runs = (sb: Sandbox) => readLines(learnFiles(sb.brainPath).log);

describe("the learning loop with an extraction model", () => {
  it("session 1 states a fact, Stop fires, the learner stores it; session 2's prompt gets it, the notice shows once", async (t) => {
    const fake = await startFakeLlm("openai");
    t.after(() => fake.close());
    const sb = freshSandbox(t, "brain-wired-");
    const p = project(sb);
    const env = withModel(sb, fake);
    fake.script(answer(FACT, { scope: "project", projectPath: p.root }));
    const transcript = session1(sb, p.cwd);

    const stop = await runHook(sb, "stop", stopInput(transcript, p.cwd), { env });
    assert.equal(stop.code, 0, show(stop));
    assert.equal(stop.stdout, "", "Stop prints nothing");
    await waitSettled(sb.brainPath);

    // The model saw the new messages and the extraction rules.
    assert.equal(fake.requests.length, 1);
    const sent = JSON.stringify(fake.requests[0]?.body);
    assert.match(sent, /staging server listens on port 8443/);
    assert.match(sent, /Not worth keeping/);
    const stored = learnings(sb).filter((e) => e.text === FACT);
    assert.equal(stored.length, 1, JSON.stringify(learnings(sb)));
    assert.equal(stored[0]?.source, "auto");
    assert.equal(stored[0]?.scope, "project");
    assert.equal(stored[0]?.projectPath, p.root);
    // `importance` is stored once the action path takes it (issue 11 step 4, another branch).
    assert.equal(stored[0]?.importance, KNOWN_PARAMS.includes("importance") ? "high" : undefined);
    const last = runs(sb).at(-1) as {
      stored: { memories: number };
      tokens: { input: number; output: number };
    };
    assert.equal(last.stored.memories, 1);
    assert.deepEqual(
      { input: last.tokens.input, output: last.tokens.output },
      { input: FAKE_USAGE.inputTokens, output: FAKE_USAGE.outputTokens },
    );

    const prompt = {
      session_id: S2,
      cwd: p.cwd,
      hook_event_name: "UserPromptSubmit",
      prompt: "which port does the staging server use?",
    };
    const ask = await runHook(sb, "user-prompt-submit", prompt, { env });
    assert.equal(ask.code, 0, show(ask));
    const out = JSON.parse(ask.stdout) as {
      hookSpecificOutput: { additionalContext: string };
      systemMessage?: string;
    };
    assert.match(
      out.hookSpecificOutput.additionalContext,
      /learning.*staging server listens on port 8443 since the migration/,
    );
    assert.equal(out.systemMessage, `🧠 stored 1 memory: ${FACT}`);

    // The next prompt (the same prompt again would be the same firing, skipped: src/hooks/seen.ts).
    const again = await runHook(
      sb,
      "user-prompt-submit",
      { ...prompt, prompt: "and the staging server port?" },
      { env },
    );
    assert.equal(again.code, 0, show(again));
    assert.equal(
      (JSON.parse(again.stdout) as { systemMessage?: string }).systemMessage,
      undefined,
      "shown once",
    );
  });

  it("a provider down for a whole run loses nothing: the error is logged, the cursor stays, a later run stores it", async (t) => {
    const fake = await startFakeLlm("openai");
    t.after(() => fake.close());
    const sb = freshSandbox(t, "brain-wired-");
    const p = project(sb);
    const env = withModel(sb, fake);
    fake.fallback = { status: 500, body: { error: "down" } };
    queueTranscript(sb.brainPath, session1(sb, p.cwd), p.cwd);

    const down = await brain(sb, ["learn"], { env });
    assert.equal(down.code, 0, show(down));
    assert.equal(learnings(sb).length, 0);
    const failed = runs(sb).flatMap((r) => r.errors as { error: string }[]);
    assert.ok(
      failed.length > 0 && failed.every((e) => /500|down|server/i.test(e.error)),
      JSON.stringify(failed),
    );
    const cursors = JSON.parse(fs.readFileSync(learnFiles(sb.brainPath).cursors, "utf8"));
    assert.deepEqual(
      Object.values(cursors.sessions).map((c) => (c as { offset: number }).offset),
      [0],
    );

    fake.fallback = answer();
    const up = await brain(sb, ["learn"], { env });
    assert.equal(up.code, 0, show(up));
    assert.deepEqual(
      learnings(sb).map((e) => e.text),
      [FACT],
    );
    const eps = readLines(learnFiles(sb.brainPath).episodes).filter((e) => e.type === "episode");
    assert.equal(eps.length, 2, "the retried delta's episodes are not stored twice");
  });

  it("a malformed answer gets one repair call; a 429 is retried after its Retry-After", async (t) => {
    const fake = await startFakeLlm("openai");
    t.after(() => fake.close());
    const sb = freshSandbox(t, "brain-wired-");
    const p = project(sb);
    const env = withModel(sb, fake, { maxRetries: 1 });
    fake.script(
      { status: 429, headers: { "retry-after": "0" } },
      { malformed: '{"items": [ {"type": "learning"' },
      answer(),
    );
    queueTranscript(sb.brainPath, session1(sb, p.cwd), p.cwd);

    const r = await brain(sb, ["learn", "--json"], { env });
    assert.equal(r.code, 0, show(r));
    assert.deepEqual(
      learnings(sb).map((e) => e.text),
      [FACT],
    );
    assert.equal(fake.requests.length, 3);
    assert.match(JSON.stringify(fake.requests[2]?.body), /could not be used/, "the repair call says why");
    const run = runs(sb).at(-1) as { tokens: { calls: number } };
    assert.equal(run.tokens.calls, 3);
  });

  it("an extraction that nearly repeats a stored learning reinforces it instead of adding one", async (t) => {
    const fake = await startFakeLlm("openai");
    t.after(() => fake.close());
    const sb = freshSandbox(t, "brain-wired-");
    const p = project(sb);
    const env = withModel(sb, fake);
    const add = await brain(sb, ["add", "type=learning", `text=${FACT}.`], { env });
    assert.equal(add.code, 0, show(add));
    fake.script(answer(`the staging server listens on port 8443 since the migration!`));
    queueTranscript(sb.brainPath, session1(sb, p.cwd), p.cwd);

    const r = await brain(sb, ["learn"], { env });
    assert.equal(r.code, 0, show(r));
    assert.match(r.stdout, /0 memories stored, 1 reinforced/);
    const live = new Map(learnings(sb).map((e) => [e.id, e]));
    assert.equal(live.size, 1, "no second learning");
    assert.equal([...live.values()][0]?.reinforced, 1);
    // The stored memory was in the prompt as already known.
    assert.match(JSON.stringify(fake.requests[0]?.body), /Already known \(do not restate\)/);
  });
});
