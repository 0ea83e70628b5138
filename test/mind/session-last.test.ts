/**
 * The last user message and the last error belong to the session that said or hit them (issue 27): two
 * Claude Code sessions at once (two terminals, two hosts) feed one mind through the installed bin's hooks,
 * and each session's context after a compaction (SessionStart, source "compact") shows its own last user
 * message and its own last error — never the other session's. A session with no error of its own (a new
 * one) sees the newest error, marked as another session's: a dead end still survives a new session.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { common, runHook, writeClaudeProject } from "../hooks/_support.ts";
import { turn } from "../learn/_support.ts";
import { freshSandbox, type Sandbox, show } from "../support/cli.ts";
import { waitSettled } from "../support/learner.ts";
import { mindBrain } from "./_support.ts";

const env = { BRAIN_NOW: "2026-03-01T12:00:00.000Z" };
const A = "0b5e6c1e-0000-4000-8000-00000000000a";
const B = "0b5e6c1e-0000-4000-8000-00000000000b";
const C = "0b5e6c1e-0000-4000-8000-00000000000c";
let n = 0;

function session(sb: Sandbox, project: string, id: string, event: string) {
  return { ...common(sb, project, event), session_id: id, transcript_path: join(sb.dir, `${id}.jsonl`) };
}

/** One turn of a session: its prompt in the transcript, a failing command, then Stop (the learner feeds the mind). */
async function turnOf(sb: Sandbox, project: string, id: string, prompt: string, command: string) {
  n++;
  const failure = {
    ...session(sb, project, id, "PostToolUseFailure"),
    tool_name: "Bash",
    tool_input: { command },
    tool_use_id: `toolu_${n}`,
    error: `Exit code 1\n${command} failed`,
    is_interrupt: false,
  };
  const f = await runHook(sb, "post-tool-use-failure", failure, { env });
  assert.equal(f.code, 0, show(f));
  const base = session(sb, project, id, "Stop");
  fs.appendFileSync(
    base.transcript_path,
    turn(id, "user", prompt, project) + turn(id, "assistant", "On it.", project),
  );
  const stop = await runHook(sb, "stop", { ...base, stop_hook_active: false }, { env });
  assert.equal(stop.code, 0, show(stop));
  await waitSettled(sb.brainPath);
}

/** The working context a SessionStart answers with (the "Recently in this project" block names every session: by design). */
async function sessionStart(sb: Sandbox, project: string, id: string, source: string): Promise<string> {
  const r = await runHook(
    sb,
    "session-start",
    { ...session(sb, project, id, "SessionStart"), source },
    { env },
  );
  assert.equal(r.code, 0, show(r));
  const text = (JSON.parse(r.stdout) as { hookSpecificOutput: { additionalContext: string } })
    .hookSpecificOutput.additionalContext;
  const at = text.indexOf("## Working context");
  assert.ok(at >= 0, text);
  return text.slice(at, text.indexOf("\n## ", at + 1));
}

describe("the last user message and the last error, per session", () => {
  it("two sessions at once: each compacted session sees its own; a new one sees the newest error as another's", async (t) => {
    const sb = freshSandbox(t, "brain-mind-sessions-");
    const project = writeClaudeProject(sb);
    await turnOf(sb, project, A, "Session A: fix the parser's off-by-one", "npm run test:parser");
    await turnOf(sb, project, B, "Session B: write the release notes", "npm run lint:docs");

    const a = await sessionStart(sb, project, A, "compact");
    assert.match(a, /Last user message: Session A: fix the parser's off-by-one/);
    assert.doesNotMatch(a, /Session B: write the release notes/);
    assert.match(a, /Last error: Bash npm run test:parser: /);
    assert.doesNotMatch(a, /lint:docs/);

    const b = await sessionStart(sb, project, B, "compact");
    assert.match(b, /Last user message: Session B: write the release notes/);
    assert.doesNotMatch(b, /Session A: fix the parser/);
    assert.match(b, /Last error: Bash npm run lint:docs: /);
    assert.doesNotMatch(b, /test:parser/);

    // A new session: no other session's last word; the newest error, marked as another session's.
    const c = await sessionStart(sb, project, C, "startup");
    assert.doesNotMatch(c, /Last user message/);
    assert.match(c, /Last error: Bash npm run lint:docs: [^\n]*\(in another session\)/);
  });

  it("a library user's loop (no session) sees its own, not a host session's written after it", (t) => {
    const mb = mindBrain(t);
    const mind = mb.brain.mind;
    mind.userMessage("loop: summarise the inbox");
    mind.tick({ action: "fetch", error: "HTTP 503 from the mail server" });
    mind.userMessage("host: fix the build", { session: "s1", host: "claude" });
    mind.lastError("Bash npm run build: exit code 2", { session: "s1", host: "claude" });
    const loop = mb.reopen().mind.decisionContext();
    assert.equal(loop.lastUserMessage, "loop: summarise the inbox");
    assert.equal(loop.lastError, "HTTP 503 from the mail server");
    const host = mind.decisionContext({ session: "s1" });
    assert.deepEqual(
      [host.lastUserMessage, host.lastError],
      ["host: fix the build", "Bash npm run build: exit code 2"],
    );
    // A loop's tick clears its own error only; the host session's stays.
    assert.equal(mind.tick({ action: "fetch", outcome: "success" }).lastError, "");
    assert.equal(mind.decisionContext({ session: "s1" }).lastError, "Bash npm run build: exit code 2");
    // A brain only hosts fed: a reader without a session sees the newest of any (`brain mind show`).
    const other = mindBrain(t).brain.mind;
    other.userMessage("host only", { session: "s2" });
    assert.equal(other.decisionContext().lastUserMessage, "host only");
  });
});
