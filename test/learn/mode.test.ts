/**
 * Which mode the learner is in, said to the user (issue 23, src/learn/mode.ts): `brain learn --status` and the
 * notice of a brain's first learner run, shown once by the next hook that prints; a learner error (a model
 * that cannot be reached) reaches the next session once, not after every turn. Through the built CLI and hooks.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { HOW_TO_CHANGE_NONE } from "../../src/learn/mode.ts";
import { runHook } from "../hooks/_support.ts";
import { brain, freshSandbox, type Sandbox, show, writeConfig } from "../support/cli.ts";
import { project, queueTranscript, S1, S2, turn } from "./_support.ts";

function transcript(sb: Sandbox, cwd: string, name: string, session: string, said: string[]): string {
  const file = join(sb.dir, name);
  fs.writeFileSync(file, said.map((t, i) => turn(session, i % 2 ? "assistant" : "user", t, cwd)).join(""));
  return file;
}

const prompt = (cwd: string) => ({
  session_id: S2,
  cwd,
  hook_event_name: "UserPromptSubmit",
  prompt: "hello",
});
const message = (stdout: string) =>
  stdout ? (JSON.parse(stdout) as { systemMessage?: string }).systemMessage : undefined;

/**
 * No agent host on PATH: with `claude` there, the no-model line offers Claude Code's headless mode instead
 * (src/learn/settings.ts) — what these cases check is the machine without one.
 */
const NO_HOST = { env: { PATH: "/nonexistent-brain-test-path" } };

describe("the learner's mode, said", () => {
  it("without a model: --status and the first notice say so, with the candidates waiting; later runs do not repeat it", async (t) => {
    const sb = freshSandbox(t, "brain-mode-");
    const p = project(sb);
    writeConfig(sb, { curator: { threshold: 0 } });
    const said = ["No, don't use npm in this repo. We always use pnpm.", "Understood, pnpm it is."];
    queueTranscript(sb.brainPath, transcript(sb, p.cwd, "s1.jsonl", S1, said), p.cwd);
    const learn = await brain(sb, ["learn"], NO_HOST);
    assert.equal(learn.code, 0, show(learn));

    const status = await brain(sb, ["learn", "--status"], NO_HOST);
    assert.equal(status.code, 0, show(status));
    const line = `learning without a model: 1 candidate waiting (\`brain inbox\`); ${HOW_TO_CHANGE_NONE}`;
    assert.equal(status.stdout.split("\n")[0], `Mode: ${line}`, status.stdout);
    const j = JSON.parse((await brain(sb, ["learn", "--status", "--json"], NO_HOST)).stdout) as {
      mode: { model: string | null; waiting: number; line: string };
    };
    assert.deepEqual(j.mode, { model: null, line, waiting: 1 });

    const first = await runHook(sb, "user-prompt-submit", prompt(p.cwd), NO_HOST);
    assert.equal(first.code, 0, show(first));
    assert.equal(
      message(first.stdout),
      `🧠 ${line}\n🧠 1 new memory candidate in the inbox (brain inbox to review)`,
    );
    assert.equal(
      message((await runHook(sb, "user-prompt-submit", prompt(p.cwd), NO_HOST)).stdout),
      undefined,
      "once",
    );

    queueTranscript(
      sb.brainPath,
      transcript(sb, p.cwd, "s2.jsonl", S2, ["Remember: the deploy runs as the deploy user.", "Noted."]),
      p.cwd,
      S2,
    );
    const second = await brain(sb, ["learn", "--json"], NO_HOST);
    assert.equal(second.code, 0);
    // The notice the next hook would show (read from its file: see the report on the hooks' repeat check).
    const pending = JSON.parse(fs.readFileSync(join(sb.dir, "brain", ".brain", "learn-notice.json"), "utf8"));
    assert.deepEqual(pending, { stored: [], inboxed: 1 }, "said on the first run only");
  });

  it("a model that cannot be reached: the error reaches the next session once, and --status names the model", async (t) => {
    const sb = freshSandbox(t, "brain-mode-");
    const p = project(sb);
    // Port 1 on loopback: nothing listens, the connection is refused at once.
    writeConfig(sb, {
      extraction: { provider: "openai", baseUrl: "http://127.0.0.1:1/v1", model: "tiny", maxRetries: 0 },
    });
    const said = ["Heads up: the staging server listens on port 8443.", "Noted."];
    queueTranscript(sb.brainPath, transcript(sb, p.cwd, "s1.jsonl", S1, said), p.cwd);
    assert.equal((await brain(sb, ["learn", "--once"], NO_HOST)).code, 0);

    const status = await brain(sb, ["learn", "--status"], NO_HOST);
    assert.match(
      status.stdout,
      /^Mode: learning with a model: openai tiny at http:\/\/127\.0\.0\.1:1\/v1, configured in /u,
    );
    const first = message((await runHook(sb, "user-prompt-submit", prompt(p.cwd), NO_HOST)).stdout) ?? "";
    assert.match(first, /^🧠 the learner failed: .+\(`brain learn --status` shows more\)$/mu, first);
    assert.match(first, /^🧠 learning with a model: openai tiny/mu, first);

    assert.equal((await brain(sb, ["learn", "--once"], NO_HOST)).code, 0, "the same failure again");
    assert.equal(
      message((await runHook(sb, "user-prompt-submit", prompt(p.cwd), NO_HOST)).stdout),
      undefined,
      "said once",
    );
  });
});
