/**
 * A credential said in prose is never stored or returned (issue 23), through the real hooks: a session
 * hands over a password in a sentence and asks to remember it; after Stop and the learner, neither the inbox,
 * nor brain.jsonl, nor the episodes hold it, and the next prompt that asks for it gets nothing holding it.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { runHook } from "../hooks/_support.ts";
import { freshSandbox, show } from "../support/cli.ts";
import { learnFiles, waitSettled } from "../support/learner.ts";
import { project, S1, S2, stopInput, turn } from "./_support.ts";

const SECRETS = ["Tr0ub4dor-grafana", "hunter2", "Zq8!mysql-test"];

describe("a credential said in prose", () => {
  it("is in no inbox candidate, memory or episode, and no prompt gets it back", async (t) => {
    const sb = freshSandbox(t, "brain-prose-secret-");
    const p = project(sb);
    const transcript = join(sb.dir, "s1.jsonl");
    fs.writeFileSync(
      transcript,
      turn(
        S1,
        "user",
        "Remember: the grafana login is admin / Tr0ub4dor-grafana, always use it for staging.",
        p.cwd,
      ) +
        turn(S1, "assistant", "Noted.", p.cwd) +
        turn(S1, "user", "From now on, the neo4j password is hunter2.", p.cwd) +
        turn(S1, "assistant", "Okay.", p.cwd) +
        turn(S1, "user", "记住：测试库的密码是 Zq8!mysql-test。", p.cwd) +
        turn(S1, "assistant", "好的。", p.cwd),
    );
    const stop = await runHook(sb, "stop", stopInput(transcript, p.cwd));
    assert.equal(stop.code, 0, show(stop));
    await waitSettled(sb.brainPath);

    const dir = join(sb.dir, "brain");
    const stored = [
      fs.existsSync(sb.brainPath) ? fs.readFileSync(sb.brainPath, "utf8") : "",
      fs.readFileSync(learnFiles(sb.brainPath).episodes, "utf8"),
      fs.existsSync(join(dir, ".brain", "inbox.jsonl"))
        ? fs.readFileSync(join(dir, ".brain", "inbox.jsonl"), "utf8")
        : "",
    ].join("\n");
    assert.match(stored, /REDACTED/, "the episodes keep the sentence, redacted");
    for (const s of SECRETS) assert.ok(!stored.includes(s), `${s} was stored`);

    for (const prompt of [
      "what is the grafana login for staging?",
      "neo4j password?",
      "测试库的密码是什么？",
    ]) {
      const r = await runHook(sb, "user-prompt-submit", {
        session_id: S2,
        cwd: p.cwd,
        hook_event_name: "UserPromptSubmit",
        prompt,
      });
      assert.equal(r.code, 0, show(r));
      for (const s of SECRETS) assert.ok(!r.stdout.includes(s), `${prompt} → ${r.stdout}`);
    }
  });
});
