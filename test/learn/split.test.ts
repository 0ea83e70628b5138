/**
 * A delta too long for one extraction prompt is split into several calls (issue 23: a session arriving in
 * one Stop showed the model only its newest ~3 000 tokens, 19 of 98 turns). Through `brain learn` and a fake
 * OpenAI-compatible server counting requests: every turn reaches exactly one call, oldest first; with more
 * pieces than `extraction.maxCalls`, the newest are sent and the run log counts the messages left out.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { brain, freshSandbox, readLines, type Sandbox, show } from "../support/cli.ts";
import { startFakeLlm } from "../support/fake-llm.ts";
import { learnFiles } from "../support/learner.ts";
import { project, queueTranscript, S1, turn, withModel } from "./_support.ts";

/** `pairs` user/assistant exchanges of ~1 500 characters each message, each with its own marker. */
function longSession(sb: Sandbox, cwd: string, pairs: number): string {
  const transcript = join(sb.dir, "long.jsonl");
  let text = "";
  for (let i = 0; i < pairs; i++) {
    const pad = " and some more detail about the build".repeat(38);
    text += turn(S1, "user", `MARK-U${i} question about step ${i}${pad}`, cwd);
    text += turn(S1, "assistant", `MARK-A${i} answer about step ${i}${pad}`, cwd);
  }
  fs.writeFileSync(transcript, text);
  return transcript;
}

/** Which markers each extraction request shows as new messages (its <transcript> part). */
function markersPerCall(bodies: Record<string, unknown>[]): string[][] {
  return bodies.map((b) => {
    const text = JSON.stringify(b.messages);
    const part = text.slice(text.indexOf("<transcript>"));
    return [...part.matchAll(/MARK-[UA]\d+/g)].map((m) => m[0]);
  });
}

const all = (pairs: number) => Array.from({ length: pairs }, (_, i) => [`MARK-U${i}`, `MARK-A${i}`]).flat();

describe("a long delta is split into several extraction calls", () => {
  it("12 exchanges (~36 000 characters): every turn in exactly one call, oldest first", async (t) => {
    const fake = await startFakeLlm("openai");
    t.after(() => fake.close());
    const sb = freshSandbox(t, "brain-split-");
    assert.equal((await brain(sb, ["init"])).code, 0);
    const p = project(sb);
    const env = withModel(sb, fake);
    queueTranscript(sb.brainPath, longSession(sb, p.cwd, 12), p.cwd);
    const r = await brain(sb, ["learn"], { env });
    assert.equal(r.code, 0, show(r));
    const calls = markersPerCall(fake.requests.map((q) => q.body));
    assert.ok(calls.length >= 3, `one call per ~3 000 tokens: ${calls.length} calls`);
    assert.deepEqual(calls.flat(), all(12), "each turn once, in order");
    const run = readLines(learnFiles(sb.brainPath).log).at(-1) as { tokens: { calls: number } };
    assert.equal(run.tokens.calls, calls.length, "the run log counts every call");
  });

  it("over extraction.maxCalls: the newest pieces are sent, the older messages counted as dropped", async (t) => {
    const fake = await startFakeLlm("openai");
    t.after(() => fake.close());
    const sb = freshSandbox(t, "brain-split-cap-");
    assert.equal((await brain(sb, ["init"])).code, 0);
    const p = project(sb);
    const env = withModel(sb, fake, { maxCalls: 2 });
    queueTranscript(sb.brainPath, longSession(sb, p.cwd, 12), p.cwd);
    const r = await brain(sb, ["learn"], { env });
    assert.equal(r.code, 0, show(r));
    const calls = markersPerCall(fake.requests.map((q) => q.body));
    assert.equal(calls.length, 2, "capped");
    const sent = calls.flat();
    assert.ok(sent.includes("MARK-A11"), "the newest turn is sent");
    assert.ok(!sent.includes("MARK-U0"), "the oldest is not");
    assert.deepEqual(sent, all(12).slice(-sent.length), "the newest turns, in order");
    const run = readLines(learnFiles(sb.brainPath).log).at(-1) as { learned: { dropped?: number } };
    assert.equal(run.learned.dropped, 24 - sent.length);
  });
});
