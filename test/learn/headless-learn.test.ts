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

  it("switched on only by the user: --status offers it, `learn --use claude-code` writes it (other keys kept), `--use none` undoes it", async (t) => {
    const sb = freshSandbox(t, "brain-headless-use-");
    assert.equal((await brain(sb, ["init"])).code, 0);
    const fake = fakeClaude(join(sb.dir, "bin"));
    const file = join(sb.dir, "config.json");
    fs.writeFileSync(file, JSON.stringify({ autoAccept: false, promptBudget: 1500 }));
    const env = { BRAIN_CONFIG: file, PATH: `${fake.dir}:${process.env.PATH ?? "/usr/bin:/bin"}` };

    const offered = await brain(sb, ["learn", "--status"], { env });
    assert.match(
      offered.stdout,
      /learning without a model: .*Claude Code is installed: .*brain learn --use claude-code/,
    );
    assert.equal(fake.runs().length, 0, "offering runs nothing");

    const on = await brain(sb, ["learn", "--use", "claude-code"], { env });
    assert.equal(on.code, 0, show(on));
    assert.match(on.stdout, /now uses Claude Code's headless mode .*at most 20 calls a day/);
    assert.deepEqual(JSON.parse(fs.readFileSync(file, "utf8")), {
      autoAccept: false,
      promptBudget: 1500,
      extraction: { provider: "claude-code" },
    });
    assert.deepEqual(JSON.parse(fs.readFileSync(`${file}.bak`, "utf8")), {
      autoAccept: false,
      promptBudget: 1500,
    });
    const status = await brain(sb, ["learn", "--status"], { env });
    assert.match(
      status.stdout,
      /Mode: learning with a model: the host's: claude-code \(claude -p, model haiku\), 20 of 20/,
    );

    const off = await brain(sb, ["learn", "--use", "none"], { env });
    assert.equal(off.code, 0, show(off));
    assert.deepEqual(JSON.parse(fs.readFileSync(file, "utf8")), { autoAccept: false, promptBudget: 1500 });

    const missing = await brain(sb, ["learn", "--use", "claude-code"], {
      env: { BRAIN_CONFIG: file, PATH: "/usr/bin:/bin" },
    });
    assert.notEqual(missing.code, 0);
    assert.match(missing.stderr, /claude is not on PATH/);
    assert.deepEqual(
      JSON.parse(fs.readFileSync(file, "utf8")),
      { autoAccept: false, promptBudget: 1500 },
      "unchanged",
    );
  });

  it("brain install claude --learn-with-claude switches it on; without the flag install only offers it", async (t) => {
    const sb = freshSandbox(t, "brain-headless-install-");
    const fake = fakeClaude(join(sb.dir, "bin"));
    const file = join(sb.dir, "config.json");
    const env = { BRAIN_CONFIG: file, PATH: `${fake.dir}:${process.env.PATH ?? "/usr/bin:/bin"}` };
    const market = join(sb.dir, "market");
    const plain = await brain(sb, ["install", "claude", "--dir", market, "--no-core-files"], { env });
    assert.equal(plain.code, 0, show(plain));
    assert.match(plain.stdout, /brain install claude --learn-with-claude/);
    assert.equal(fs.existsSync(file), false, "nothing switched on without the flag");
    const r = await brain(
      sb,
      ["install", "claude", "--dir", market, "--no-core-files", "--learn-with-claude"],
      { env },
    );
    assert.equal(r.code, 0, show(r));
    assert.match(r.stdout, /now uses Claude Code's headless mode/);
    assert.deepEqual(JSON.parse(fs.readFileSync(file, "utf8")), { extraction: { provider: "claude-code" } });
  });
});
