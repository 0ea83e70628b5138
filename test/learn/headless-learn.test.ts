/**
 * The host's headless mode as the learner's model, through `brain learn` (issue 23): the settings name
 * `extraction.provider: "claude-code"`, a fake `claude` first on PATH answers (test/support/fake-claude.ts);
 * the memory is stored, `brain learn --status` says which model and how many calls are left today, and once
 * the day's calls are spent the next session is learned without a model (a candidate in the inbox, no error).
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { brain, freshSandbox, readLines, type Sandbox, show } from "../support/cli.ts";
import { fakeClaude } from "../support/fake-claude.ts";
import { learnFiles } from "../support/learner.ts";
import { project, queueTranscript, S1, S2, turn, withSettings } from "./_support.ts";

const FACT = "Staging server port is 8443 (changed in the migration)";
const ANSWER = {
  items: [{ type: "learning", text: FACT, importance: "high" }],
  summary: "Moved staging to 8443",
};

function transcript(sb: Sandbox, name: string, session: string, cwd: string, said: string): string {
  const file = join(sb.dir, name);
  fs.writeFileSync(file, turn(session, "user", said, cwd) + turn(session, "assistant", "Noted.", cwd));
  return file;
}

const runs = (sb: Sandbox) => readLines(learnFiles(sb.brainPath).log);

describe("the learner with extraction.provider claude-code", () => {
  it("stores what claude -p answers, says so in --status, then learns without a model once the day's calls are spent", async (t) => {
    const sb = freshSandbox(t, "brain-headless-learn-");
    assert.equal((await brain(sb, ["init"])).code, 0);
    const fake = fakeClaude(join(sb.dir, "bin"));
    const p = project(sb);
    const env = {
      ...withSettings(sb, { extraction: { provider: "claude-code", callsPerDay: 1 } }),
      PATH: `${fake.dir}:${process.env.PATH ?? "/usr/bin:/bin"}`,
      FAKE_CLAUDE_ANSWER: JSON.stringify(ANSWER),
    };

    const before = await brain(sb, ["learn", "--status"], { env });
    assert.equal(before.code, 0, show(before));
    assert.match(
      before.stdout,
      /^Mode: learning with a model: the host's: claude-code \(claude -p, model haiku\), 1 of 1 calls left today;/m,
    );

    queueTranscript(
      sb.brainPath,
      transcript(sb, "s1.jsonl", S1, p.cwd, "Heads up: staging listens on 8443 now."),
      p.cwd,
    );
    const r = await brain(sb, ["learn"], { env });
    assert.equal(r.code, 0, show(r));
    assert.equal(fake.runs().length, 1, "one headless run");
    assert.equal(fake.runs()[0]?.env.BRAIN_HOOKS, "off");
    const stored = readLines(sb.brainPath).filter((e) => e.text === FACT);
    assert.equal(stored.length, 1, JSON.stringify(runs(sb)));
    assert.equal(stored[0]?.source, "auto");
    assert.deepEqual((runs(sb).at(-1) as { errors: unknown[] }).errors, []);

    const after = await brain(sb, ["learn", "--status"], { env });
    assert.match(after.stdout, /the host's: claude-code \(claude -p, model haiku\), 0 of 1 calls left today/);

    // Spent: the next session goes the model-free way (its explicit request becomes an inbox candidate).
    const said = "Remember: always use pnpm in this repo, never npm.";
    queueTranscript(sb.brainPath, transcript(sb, "s2.jsonl", S2, p.cwd, said), p.cwd, S2);
    const r2 = await brain(sb, ["learn"], { env });
    assert.equal(r2.code, 0, show(r2));
    assert.equal(fake.runs().length, 1, "no second headless run");
    const last = runs(sb).at(-1) as {
      errors: unknown[];
      learned: { overBudget?: number; candidates: number };
    };
    assert.deepEqual(last.errors, []);
    assert.equal(last.learned.overBudget, 1);
    assert.ok(last.learned.candidates >= 1, JSON.stringify(last));
    const inbox = await brain(sb, ["inbox", "--json"], { env });
    assert.match(inbox.stdout, /pnpm/, show(inbox));
  });

  it("named but not on PATH: --status says so and the learner goes on without a model", async (t) => {
    const sb = freshSandbox(t, "brain-headless-missing-");
    assert.equal((await brain(sb, ["init"])).code, 0);
    const p = project(sb);
    const env = {
      ...withSettings(sb, { extraction: { provider: "claude-code", command: "no-such-claude" } }),
    };
    const s = await brain(sb, ["learn", "--status"], { env });
    assert.match(s.stdout, /no-such-claude is not on PATH: the learner goes on without a model/);
    queueTranscript(
      sb.brainPath,
      transcript(sb, "s1.jsonl", S1, p.cwd, "Remember: always use pnpm, never npm."),
      p.cwd,
    );
    const r = await brain(sb, ["learn"], { env });
    assert.equal(r.code, 0, show(r));
    assert.deepEqual((runs(sb).at(-1) as { errors: unknown[] }).errors, []);
  });
});
