/**
 * "You have seen this before" through the installed bin: Claude Code's PostToolUseFailure payload for a
 * failure that happened in an earlier session, after the ledger read that session (brain improve --dry-run
 * reads the tool-event log into the ledger and the failure index), answers with what passed then — as
 * hookSpecificOutput.additionalContext — and stays silent for a failure with no known fix, before the ledger
 * has read anything, and with improve.failureHints off.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { FAILURE_HINT_HEADER } from "../../src/improve/failure-lookup.ts";
import { brain, freshSandbox, readLines, type Sandbox, show, writeConfig } from "../support/cli.ts";
import { common, runHook, writeClaudeProject } from "./_support.ts";

const SESSION_A = "0b5e6c1e-0000-4000-8000-00000000000a";
const SESSION_B = "0b5e6c1e-0000-4000-8000-00000000000b";
let n = 0;

function payload(
  sb: Sandbox,
  cwd: string,
  session: string,
  command: string,
  error?: string,
): Record<string, unknown> {
  n++;
  return {
    ...common(sb, cwd, error ? "PostToolUseFailure" : "PostToolUse"),
    session_id: session,
    tool_name: "Bash",
    tool_input: { command, description: "run it" },
    tool_use_id: `toolu_hint_${n}`,
    ...(error
      ? { error, is_interrupt: false }
      : { tool_response: { stdout: "ok", stderr: "", interrupted: false }, duration_ms: 40 }),
  };
}

async function fire(sb: Sandbox, p: Record<string, unknown>, at: string, env: Record<string, string> = {}) {
  const event = "error" in p ? "post-tool-use-failure" : "post-tool-use";
  const r = await runHook(sb, event, p, { env: { BRAIN_NOW: at, ...env } });
  assert.equal(r.code, 0, show(r));
  return r.stdout.trim();
}

/** A failing tool call's error excerpt (what the host reports; the words are the hook's only input). */
const MISSING_MODULE =
  "Exit code 1\nError [ERR_MODULE_NOT_FOUND]: Cannot find package 'vitest' imported from /repo/vitest.config.ts\n    at packageResolve (node:internal/modules/esm/resolve:873:9)";

/** Session A: `npm test` fails (a missing package), `npm test --prefer-online` passes; the ledger then reads it. */
async function firstSession(sb: Sandbox, project: string): Promise<void> {
  assert.equal(
    await fire(sb, payload(sb, project, SESSION_A, "npm test", MISSING_MODULE), "2026-03-01T10:00:00.000Z"),
    "",
  );
  assert.equal(
    await fire(sb, payload(sb, project, SESSION_A, "npm test --prefer-online"), "2026-03-01T10:01:00.000Z"),
    "",
  );
}

async function readLedger(sb: Sandbox): Promise<void> {
  const r = await brain(sb, ["improve", "--dry-run", "--json"], {
    env: { BRAIN_NOW: "2026-03-01T11:00:00.000Z" },
  });
  assert.equal(r.code, 0, show(r));
}

describe("the failure hook: this failure happened before", () => {
  it("answers a repeated failure with what passed then, cited; silent for an unknown one", async (t) => {
    const sb = freshSandbox(t, "brain-hint-");
    const project = writeClaudeProject(sb);
    await firstSession(sb, project);
    // Before the ledger read session A, nothing is known: the hook only records.
    const early = await fire(
      sb,
      payload(sb, project, SESSION_B, "npm test", MISSING_MODULE),
      "2026-03-01T10:30:00.000Z",
    );
    assert.equal(early, "", "no index yet: no hint");
    await readLedger(sb);
    const ledger = readLines(join(sb.dir, "brain", ".brain", "feedback.jsonl"));
    assert.equal(ledger.filter((l) => l.kind === "tool").length, 3, JSON.stringify(ledger));
    assert.ok(ledger.every((l) => l.source === "tool-events"));

    // Session B, a day later: the same command fails the same way (a different package in the URL).
    const again = MISSING_MODULE.replace("vitest", "typescript");
    const out = await fire(
      sb,
      payload(sb, project, SESSION_B, "npm test", again),
      "2026-03-02T09:00:00.000Z",
    );
    assert.notEqual(out, "", "a hint for the repeated failure");
    const answer = JSON.parse(out) as {
      hookSpecificOutput?: { hookEventName: string; additionalContext: string };
    };
    assert.equal(answer.hookSpecificOutput?.hookEventName, "PostToolUseFailure");
    const hint = answer.hookSpecificOutput?.additionalContext ?? "";
    assert.ok(hint.startsWith(FAILURE_HINT_HEADER), hint);
    assert.match(hint, /npm test --prefer-online/, "what passed then");
    assert.match(hint, /2026-03-01, session 0b5e6c1e-000/, "cited: when and which session");
    assert.ok(hint.length <= 800, "within the hint's size");

    // An unrelated failure of the same command, and another command's failure: nothing known, nothing said.
    const other = await fire(
      sb,
      payload(
        sb,
        project,
        SESSION_B,
        "npm test",
        "Exit code 1\nTypeError: cannot read properties of undefined (reading 'map')",
      ),
      "2026-03-02T09:05:00.000Z",
    );
    assert.equal(other, "");
    const cmd = await fire(
      sb,
      payload(sb, project, SESSION_B, "make deploy", MISSING_MODULE),
      "2026-03-02T09:06:00.000Z",
    );
    assert.equal(cmd, "");
    // Every call was still recorded, hinted or not.
    const events = readLines(join(sb.dir, "brain", ".brain", "tool-events.jsonl"));
    assert.equal(events.length, 6);
  });

  it("says nothing with improve.failureHints off", async (t) => {
    const sb = freshSandbox(t, "brain-hint-off-");
    const project = writeClaudeProject(sb);
    await firstSession(sb, project);
    await readLedger(sb);
    writeConfig(sb, { improve: { failureHints: false } });
    const out = await fire(
      sb,
      payload(sb, project, SESSION_B, "npm test", MISSING_MODULE),
      "2026-03-02T09:00:00.000Z",
    );
    assert.equal(out, "");
  });

  it("an unreadable failure index is no answer and no error", async (t) => {
    const sb = freshSandbox(t, "brain-hint-bad-");
    const project = writeClaudeProject(sb);
    await firstSession(sb, project);
    await readLedger(sb);
    fs.writeFileSync(join(sb.dir, "brain", ".brain", "failure-index.json"), "{not json");
    const out = await fire(
      sb,
      payload(sb, project, SESSION_B, "npm test", MISSING_MODULE),
      "2026-03-02T09:00:00.000Z",
    );
    assert.equal(out, "");
  });
});

/**
 * The other hosts that report a failed call as it happens, each in its own payload and output shape — and a
 * failure learned in a Claude Code session answers them all (a command is the same command under any host's
 * tool name). Shapes: src/hooks/codex.ts, gemini.ts, copilot.ts, cursor.ts.
 */
describe("the failure hook under the other hosts", () => {
  const again = MISSING_MODULE.replace("vitest", "typescript");
  async function learned(t: Parameters<typeof freshSandbox>[0], name: string) {
    const sb = freshSandbox(t, `brain-hint-${name}-`);
    const project = writeClaudeProject(sb);
    await firstSession(sb, project);
    await readLedger(sb);
    return { sb, project };
  }
  async function fireAs(
    sb: Sandbox,
    event: string,
    p: Record<string, unknown>,
    env: Record<string, string> = {},
  ) {
    const r = await runHook(sb, event, p, { env: { BRAIN_NOW: "2026-03-02T09:00:00.000Z", ...env } });
    assert.equal(r.code, 0, show(r));
    return r.stdout.trim();
  }
  const hintIn = (text: string | undefined) => {
    assert.ok(text?.startsWith(FAILURE_HINT_HEADER), String(text));
    assert.match(text ?? "", /npm test --prefer-online/);
  };

  it("Codex: a PostToolUse whose command exited non-zero gets hookSpecificOutput.additionalContext", async (t) => {
    const { sb, project } = await learned(t, "codex");
    const codex = (tool_response: unknown, id: string) => ({
      session_id: "019a0000-c0de-7000-8000-000000000001",
      transcript_path: join(sb.dir, "rollout-2026-03-02T09-00-00-019a.jsonl"),
      cwd: project,
      hook_event_name: "PostToolUse",
      model: "gpt-5-codex",
      turn_id: "turn-1",
      tool_name: "shell",
      tool_input: { command: "npm test" },
      tool_use_id: id,
      tool_response,
    });
    const out = await fireAs(sb, "PostToolUse", codex({ exit_code: 1, output: again }, "call_1"));
    const answer = JSON.parse(out) as {
      hookSpecificOutput?: { hookEventName: string; additionalContext: string };
    };
    assert.equal(answer.hookSpecificOutput?.hookEventName, "PostToolUse");
    hintIn(answer.hookSpecificOutput?.additionalContext);
    // The same command passing: recorded, nothing said.
    assert.equal(await fireAs(sb, "PostToolUse", codex({ exit_code: 0, output: "ok" }, "call_2")), "");
  });

  it("Gemini CLI: an AfterTool with an error gets hookSpecificOutput.additionalContext, JSON only", async (t) => {
    const { sb, project } = await learned(t, "gemini");
    const out = await fireAs(
      sb,
      "AfterTool",
      {
        session_id: "5e551011-0000-4000-8000-00000000000c",
        transcript_path: join(sb.dir, "session-2026-03-02.jsonl"),
        cwd: project,
        hook_event_name: "AfterTool",
        timestamp: "2026-03-02T09:00:00.000Z",
        tool_name: "run_shell_command",
        tool_input: { command: "npm test" },
        tool_response: { llmContent: again, returnDisplay: again, error: again },
      },
      { GEMINI_PROJECT_DIR: project },
    );
    const answer = JSON.parse(out) as {
      hookSpecificOutput?: { hookEventName: string; additionalContext: string };
    };
    assert.equal(answer.hookSpecificOutput?.hookEventName, "AfterTool");
    hintIn(answer.hookSpecificOutput?.additionalContext);
  });

  it("Copilot CLI: postToolUseFailure gets a top-level additionalContext (no Claude shape)", async (t) => {
    const { sb, project } = await learned(t, "copilot");
    const out = await fireAs(
      sb,
      "postToolUseFailure",
      {
        sessionId: "c0b1107-0000-4000-8000-00000000000d",
        timestamp: Date.parse("2026-03-02T09:00:00.000Z"),
        cwd: project,
        toolName: "bash",
        toolArgs: { command: "npm test" },
        error: again,
      },
      { COPILOT_CLI: "1" },
    );
    const answer = JSON.parse(out) as { additionalContext?: string; hookSpecificOutput?: unknown };
    assert.equal(answer.hookSpecificOutput, undefined, "one shape: Claude's would inject twice");
    hintIn(answer.additionalContext);
  });

  it("Cursor: postToolUseFailure is recorded and prints nothing (no field its model reads)", async (t) => {
    const { sb, project } = await learned(t, "cursor");
    const out = await fireAs(sb, "postToolUseFailure", {
      conversation_id: "c4r50r-0000-4000-8000-00000000000e",
      generation_id: "gen-1",
      hook_event_name: "postToolUseFailure",
      workspace_roots: [project],
      cursor_version: "2.1.0",
      tool_name: "Shell",
      tool_input: { command: "npm test" },
      error_message: again,
    });
    assert.equal(out, "");
    const events = readLines(join(sb.dir, "brain", ".brain", "tool-events.jsonl"));
    assert.equal(events.at(-1)?.outcome, "error", JSON.stringify(events.at(-1)));
  });
});
