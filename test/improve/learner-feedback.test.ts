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
});
