/**
 * What the learner tells the feedback ledger, through `brain learn` on a queued Claude Code transcript: the
 * user's explicit corrections ("no, …") with the session and project, and nothing for a turn that is not one;
 * a model that is down leaves a provider-error record (the cycle counts them). After the run the ledger has
 * also read the tool-event log (brain learn brings it up to date).
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { BrainHome } from "../../src/store/home.ts";
import { toolEventLog } from "../../src/store/tool-event-log.ts";
import { project, queueTranscript, S1, turn, withModel } from "../learn/_support.ts";
import { brain, freshSandbox, readLines, type Sandbox, show } from "../support/cli.ts";
import { startFakeLlm } from "../support/fake-llm.ts";

const ledger = (sb: Sandbox) => {
  const f = join(sb.dir, "brain", ".brain", "feedback.jsonl");
  return fs.existsSync(f) ? readLines(f) : [];
};

describe("the learner's feedback", () => {
  it("explicit corrections reach the ledger with their session and project; other turns do not", async (t) => {
    const sb = freshSandbox(t, "brain-fb-learn-");
    const p = project(sb);
    const transcript = join(sb.dir, "s1.jsonl");
    fs.writeFileSync(
      transcript,
      turn(S1, "user", "Please run the tests.", p.cwd) +
        turn(S1, "assistant", "Running npm test now.", p.cwd) +
        turn(S1, "user", "No, use pnpm in this repo, never npm.", p.cwd) +
        turn(S1, "assistant", "Understood, pnpm test it is.", p.cwd) +
        turn(S1, "user", "Nobody told me about the migration.", p.cwd),
    );
    toolEventLog(BrainHome.ofLog(sb.brainPath)).append([
      {
        at: "2026-03-02T10:00:00.000Z",
        host: "claude",
        session: S1,
        cwd: p.cwd,
        project: p.root,
        tool: "Bash",
        kind: "command",
        target: "npm test",
        outcome: "error",
        error: "npm ERR! missing script: test",
      },
    ]);
    queueTranscript(sb.brainPath, transcript, p.cwd);
    const r = await brain(sb, ["learn"]);
    assert.equal(r.code, 0, show(r));
    const got = ledger(sb);
    const corrections = got.filter((l) => l.kind === "correction");
    assert.equal(corrections.length, 1, JSON.stringify(got));
    assert.equal(corrections[0]?.session, S1);
    assert.match(String(corrections[0]?.text), /^No, use pnpm/);
    assert.equal(corrections[0]?.source, "explicit");
    assert.ok(corrections[0]?.project, "the project it happened in");
    assert.equal(got.filter((l) => l.kind === "tool").length, 1, "the tool-event log was read too");
  });

  it("a model that is down leaves a provider-error record", async (t) => {
    const fake = await startFakeLlm("openai");
    t.after(() => fake.close());
    const sb = freshSandbox(t, "brain-fb-down-");
    const p = project(sb);
    const env = withModel(sb, fake);
    fake.fallback = { status: 500, body: { error: "down" } };
    const transcript = join(sb.dir, "s1.jsonl");
    fs.writeFileSync(
      transcript,
      turn(S1, "user", "The staging server listens on port 8443 since the migration.", p.cwd) +
        turn(S1, "assistant", "Noted.", p.cwd),
    );
    queueTranscript(sb.brainPath, transcript, p.cwd);
    const r = await brain(sb, ["learn"], { env });
    assert.equal(r.code, 0, show(r));
    const errors = ledger(sb).filter((l) => l.kind === "provider-error");
    assert.ok(errors.length >= 1, JSON.stringify(ledger(sb)));
    assert.equal(errors[0]?.source, "openai");
    assert.match(String(errors[0]?.text), /500|down|server/i);
  });

  it("brain learn runs the improvement cycle when it is due: three corrections → a USER.md proposal; not again within the hour", async (t) => {
    const sb = freshSandbox(t, "brain-fb-due-");
    const p = project(sb);
    const transcript = join(sb.dir, "s1.jsonl");
    fs.writeFileSync(
      transcript,
      ["No, use pnpm here.", "No, pnpm, not npm.", "Nope, this repo uses pnpm."]
        .map((text) => turn(S1, "user", text, p.cwd) + turn(S1, "assistant", "Sorry, pnpm then.", p.cwd))
        .join(""),
    );
    queueTranscript(sb.brainPath, transcript, p.cwd);
    const env = { BRAIN_NOW: "2026-03-02T10:30:00.000Z" };
    const r = await brain(sb, ["learn"], { env });
    assert.equal(r.code, 0, show(r));
    const proposals = join(sb.dir, "brain", ".brain", "proposals.jsonl");
    assert.ok(fs.existsSync(proposals), "the cycle ran after the learner");
    const first = readLines(proposals).filter((l) => l.op === "propose");
    assert.equal(first.length, 1);
    assert.equal(first[0]?.target, "USER.md");
    assert.equal(readLines(proposals).filter((l) => l.op === "apply").length, 0, "nothing applied");

    const state = join(sb.dir, "brain", ".brain", "improve-state.json");
    const lastCycle = () => (JSON.parse(fs.readFileSync(state, "utf8")) as { lastCycle?: string }).lastCycle;
    assert.equal(lastCycle(), env.BRAIN_NOW);
    // A fourth correction half an hour later: the cycle is not due yet, nothing new is proposed.
    fs.appendFileSync(transcript, turn(S1, "user", "No, really, pnpm.", p.cwd));
    queueTranscript(sb.brainPath, transcript, p.cwd);
    const again = await brain(sb, ["learn"], { env: { BRAIN_NOW: "2026-03-02T11:00:00.000Z" } });
    assert.equal(again.code, 0, show(again));
    assert.equal(readLines(proposals).length, 1, "not due within the hour");
    assert.equal(lastCycle(), env.BRAIN_NOW, "the cycle did not run");
    const ledger = readLines(join(sb.dir, "brain", ".brain", "feedback.jsonl"));
    assert.equal(
      ledger.filter((l) => l.kind === "correction").length,
      4,
      "the fourth was recorded all the same",
    );
  });
});
