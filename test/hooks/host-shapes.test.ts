/**
 * Each host gets its ONE output shape from the installed bin, from payloads shaped as each host sent them for
 * real (captured from Codex 0.171, Copilot CLI 1.0.102, Gemini CLI 0.61, OpenCode 1.18 runs; Cursor's from its
 * documentation): Claude Code `hookSpecificOutput`, Codex plain text, Copilot a top-level `additionalContext`,
 * Gemini `hookSpecificOutput` under its own event name, Cursor `additional_context` at session start only,
 * OpenCode `{context}` for Brain's plugin. The queue record and the tool event name the host and its
 * transcript. And Copilot running a project's `.claude/settings.json` beside its own hooks: one answer.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { brainOk, freshSandbox, readLines, type Sandbox, show } from "../support/cli.ts";
import { runHook, writeClaudeProject } from "./_support.ts";

const env = { BRAIN_NOW: "2026-03-01T12:00:00.000Z" };
const local = (sb: Sandbox, f: string) => join(sb.dir, "brain", ".brain", f);
const lines = (sb: Sandbox, f: string) => (fs.existsSync(local(sb, f)) ? readLines(local(sb, f)) : []);

async function seeded(t: Parameters<typeof freshSandbox>[0]) {
  const sb = freshSandbox(t, "brain-shapes-");
  const project = writeClaudeProject(sb);
  await brainOk(sb, ["add", "type=learning", "text=The staging cluster is called kite"], { env });
  return { sb, project };
}

interface Host {
  name: string;
  env: Record<string, string>;
  start: (cwd: string, sb: Sandbox) => Record<string, unknown>;
  prompt: (cwd: string, sb: Sandbox) => Record<string, unknown>;
  stop: (cwd: string, sb: Sandbox) => Record<string, unknown>;
  tool: (cwd: string, sb: Sandbox) => Record<string, unknown>;
  /** The context in what the host printed (undefined: nothing that carries it). */
  context: (out: string) => string | undefined;
  promptAnswered: boolean;
  transcript: (sb: Sandbox) => string;
}

const json = (out: string) => JSON.parse(out) as Record<string, unknown>;
const hso = (out: string) =>
  (json(out).hookSpecificOutput as { additionalContext?: string } | undefined)?.additionalContext;
const SID = "01a2188c-15e5-7541-9922-f24e0cfa7da2";

// biome-ignore format: payloads read best as the hosts sent them
const HOSTS: Host[] = [
  {
    name: "codex", env: {},
    start: (cwd, sb) => ({ session_id: SID, transcript_path: join(sb.dir, `rollout-2026-11-26T15-49-23-${SID}.jsonl`), cwd, hook_event_name: "SessionStart", model: "fake-model", permission_mode: "bypassPermissions", source: "startup" }),
    prompt: (cwd, sb) => ({ session_id: SID, turn_id: "t1", transcript_path: join(sb.dir, `rollout-x-${SID}.jsonl`), cwd, hook_event_name: "UserPromptSubmit", model: "fake-model", permission_mode: "default", prompt: "where is the staging cluster kite?" }),
    stop: (cwd, sb) => ({ session_id: SID, turn_id: "t1", transcript_path: join(sb.dir, `rollout-x-${SID}.jsonl`), cwd, hook_event_name: "Stop", model: "fake-model", permission_mode: "default", stop_hook_active: false, last_assistant_message: "Noted." }),
    tool: (cwd, sb) => ({ session_id: SID, turn_id: "t1", transcript_path: join(sb.dir, `rollout-x-${SID}.jsonl`), cwd, hook_event_name: "PostToolUse", model: "fake-model", permission_mode: "default", tool_name: "Bash", tool_input: { command: "exit 3" }, tool_response: "Process exited with code 3", tool_use_id: "call_1" }),
    context: (out) => (out.trim().startsWith("{") ? undefined : out.trim()),
    promptAnswered: true,
    transcript: (sb) => join(sb.dir, `rollout-x-${SID}.jsonl`),
  },
  {
    name: "copilot", env: { COPILOT_CLI: "1" },
    start: (cwd) => ({ sessionId: SID, timestamp: 1795708261466, cwd, source: "new", initialPrompt: "hello" }),
    prompt: (cwd) => ({ sessionId: SID, timestamp: 1795708261772, cwd, prompt: "where is the staging cluster kite?" }),
    stop: (cwd, sb) => ({ sessionId: SID, timestamp: 1795708262435, cwd, transcriptPath: join(sb.dir, "events.jsonl"), stopReason: "end_turn", stop_hook_active: false }),
    tool: (cwd) => ({ sessionId: SID, timestamp: 1795708262000, cwd, toolName: "bash", toolArgs: { command: "exit 3" }, error: "Command failed with exit code 3" }),
    context: (out) => {
      const o = json(out);
      assert.deepEqual(Object.keys(o), ["additionalContext"], "Copilot's one shape");
      return o.additionalContext as string;
    },
    promptAnswered: true,
    transcript: (sb) => join(sb.dir, "events.jsonl"),
  },
  {
    name: "gemini", env: { GEMINI_SESSION_ID: SID, GEMINI_PROJECT_DIR: "/p", CLAUDE_PROJECT_DIR: "/p" },
    start: (cwd, sb) => ({ session_id: SID, transcript_path: join(sb.dir, "session-x.jsonl"), cwd, hook_event_name: "SessionStart", timestamp: "2026-11-26T15:50:18.619Z", source: "startup" }),
    prompt: (cwd, sb) => ({ session_id: SID, transcript_path: join(sb.dir, "session-x.jsonl"), cwd, hook_event_name: "BeforeAgent", timestamp: "2026-11-26T15:50:18.698Z", prompt: "where is the staging cluster kite?" }),
    stop: (cwd, sb) => ({ session_id: SID, transcript_path: join(sb.dir, "session-x.jsonl"), cwd, hook_event_name: "AfterAgent", timestamp: "2026-11-26T15:50:19.145Z", prompt: "p", prompt_response: "Noted.", stop_hook_active: false }),
    tool: (cwd, sb) => ({ session_id: SID, transcript_path: join(sb.dir, "session-x.jsonl"), cwd, hook_event_name: "AfterTool", timestamp: "2026-11-26T15:50:19.000Z", tool_name: "run_shell_command", tool_input: { command: "exit 3" }, tool_response: { llmContent: "Exit Code: 3", returnDisplay: "", error: "Command exited with code 3" } }),
    context: (out) => {
      const o = json(out);
      const name = (o.hookSpecificOutput as { hookEventName?: string } | undefined)?.hookEventName;
      assert.ok(name === "SessionStart" || name === "BeforeAgent", `Gemini's own event name: ${name}`);
      return hso(out);
    },
    promptAnswered: true,
    transcript: (sb) => join(sb.dir, "session-x.jsonl"),
  },
  {
    name: "cursor", env: {},
    start: (cwd) => ({ conversation_id: "c1", generation_id: "g0", hook_event_name: "sessionStart", workspace_roots: [cwd], cursor_version: "2.1.0" }),
    prompt: (cwd) => ({ conversation_id: "c1", generation_id: "g1", hook_event_name: "beforeSubmitPrompt", workspace_roots: [cwd], cursor_version: "2.1.0", prompt: "where is the staging cluster kite?" }),
    stop: (cwd, sb) => ({ conversation_id: "c1", generation_id: "g1", hook_event_name: "stop", workspace_roots: [cwd], cursor_version: "2.1.0", status: "completed", transcript_path: join(sb.dir, "cursor.jsonl") }),
    tool: (cwd) => ({ conversation_id: "c1", generation_id: "g1", hook_event_name: "postToolUseFailure", workspace_roots: [cwd], cursor_version: "2.1.0", tool_name: "Shell", tool_input: { command: "exit 3" }, error_message: "exit code 3" }),
    context: (out) => json(out).additional_context as string | undefined,
    promptAnswered: false,
    transcript: (sb) => join(sb.dir, "cursor.jsonl"),
  },
  {
    name: "opencode", env: {},
    start: (cwd, sb) => ({ brain_host: "opencode", session_id: "ses_1", cwd, source: "startup", transcript_path: `${join(sb.dir, "opencode.db")}#ses_1` }),
    prompt: (cwd, sb) => ({ brain_host: "opencode", session_id: "ses_1", cwd, prompt: "where is the staging cluster kite?", message_id: "msg_1", transcript_path: `${join(sb.dir, "opencode.db")}#ses_1` }),
    stop: (cwd, sb) => ({ brain_host: "opencode", session_id: "ses_1", cwd, message_id: "msg_2", transcript_path: `${join(sb.dir, "opencode.db")}#ses_1` }),
    tool: (cwd) => ({ brain_host: "opencode", session_id: "ses_1", cwd, tool_name: "bash", tool_input: { command: "exit 3" }, tool_response: { output: "exit code 3", exit_code: 3 }, tool_use_id: "call_9" }),
    context: (out) => json(out).context as string | undefined,
    promptAnswered: true,
    transcript: (sb) => `${join(sb.dir, "opencode.db")}#ses_1`,
  },
];

describe("each host: its payloads read, its one shape printed", () => {
  for (const h of HOSTS)
    it(h.name, async (t) => {
      const { sb, project } = await seeded(t);
      const e = { ...env, ...h.env };
      const start = await runHook(sb, "session-start", h.start(project, sb), { env: e });
      assert.equal(start.code, 0, show(start));
      // One answer: one JSON line (Codex: one plain text, never JSON).
      if (h.name !== "codex")
        assert.equal(start.stdout.trim().split("\n").length, 1, `one answer: ${show(start)}`);
      assert.match(
        h.context(start.stdout) ?? "",
        /^# Brain: what you remember\n[\s\S]*staging cluster is called kite/,
      );
      assert.doesNotMatch(
        start.stdout,
        /hookSpecificOutput[\s\S]*additionalContext[\s\S]*additional_context/,
      );

      const prompt = await runHook(sb, "user-prompt-submit", h.prompt(project, sb), { env: e });
      assert.equal(prompt.code, 0, show(prompt));
      if (h.promptAnswered)
        assert.match(h.context(prompt.stdout) ?? "", /## Relevant memories \(brain\)[\s\S]*kite/);
      else assert.equal(prompt.stdout, "", "no context shape for this host's prompt hook");

      const stop = await runHook(sb, "stop", h.stop(project, sb), { env: e });
      assert.deepEqual([stop.code, stop.stdout], [0, ""], show(stop));
      const queued = lines(sb, "transcripts.jsonl");
      assert.equal(queued.length, 1);
      assert.equal(queued[0]?.host, h.name);
      assert.equal(queued[0]?.transcript_path, h.transcript(sb));

      const tool = await runHook(sb, "post-tool-use", h.tool(project, sb), { env: e });
      assert.deepEqual([tool.code, tool.stdout], [0, ""], show(tool));
      const events = lines(sb, "tool-events.jsonl");
      assert.equal(events.length, 1);
      assert.deepEqual([events[0]?.host, events[0]?.kind, events[0]?.outcome], [h.name, "command", "error"]);
      assert.equal(events[0]?.exit, 3);
    });
});

describe("Copilot CLI runs a project's .claude/settings.json hooks beside its own", () => {
  it("both fire for one session start, one prompt and one stop: one answer each, one queue record", async (t) => {
    const { sb, project } = await seeded(t);
    const e = { ...env, COPILOT_CLI: "1", HOME: sb.home };
    // What Copilot 1.0.102 sent to its own hook and to the Claude-format one for the same moments.
    const own = {
      start: { sessionId: SID, timestamp: 1795708261466, cwd: project, source: "new" },
      prompt: { sessionId: SID, timestamp: 1795708261772, cwd: project, prompt: "staging cluster kite?" },
      stop: {
        sessionId: SID,
        timestamp: 1795708262435,
        cwd: project,
        transcriptPath: "/t/events.jsonl",
        stopReason: "end_turn",
      },
    };
    const claude = {
      start: {
        hook_event_name: "SessionStart",
        session_id: SID,
        timestamp: "2026-11-26T15:51:01.466Z",
        cwd: project,
        source: "new",
      },
      prompt: {
        hook_event_name: "UserPromptSubmit",
        session_id: SID,
        timestamp: "2026-11-26T15:51:01.772Z",
        cwd: project,
        prompt: "staging cluster kite?",
      },
      stop: {
        hook_event_name: "Stop",
        session_id: SID,
        timestamp: "2026-11-26T15:51:02.435Z",
        cwd: project,
        transcript_path: "/t/events.jsonl",
        stop_reason: "end_turn",
      },
    };
    for (const [event, key] of [
      ["session-start", "start"],
      ["user-prompt-submit", "prompt"],
      ["stop", "stop"],
    ] as const) {
      const rs = await Promise.all([
        runHook(sb, event, own[key], { env: e }),
        runHook(sb, event, claude[key], { env: e }),
      ]);
      const printed = rs.filter((r) => r.stdout.trim() !== "");
      assert.equal(printed.length, key === "stop" ? 0 : 1, rs.map(show).join("\n"));
      for (const r of printed) assert.deepEqual(Object.keys(json(r.stdout)), ["additionalContext"]);
    }
    assert.equal(lines(sb, "transcripts.jsonl").length, 1, "the turn queued once");
  });
});

describe("Gemini CLI's first BeforeAgent prompt carries the session-start context it prepended", () => {
  it("the memories are found for what the user typed, not for Brain's own context", async (t) => {
    const { sb, project } = await seeded(t);
    const start = await runHook(
      sb,
      "session-start",
      {
        session_id: SID,
        transcript_path: "/t/s.jsonl",
        cwd: project,
        hook_event_name: "SessionStart",
        source: "startup",
      },
      { env: { ...env, GEMINI_PROJECT_DIR: project } },
    );
    const context = (json(start.stdout).hookSpecificOutput as { additionalContext: string })
      .additionalContext;
    // What Gemini CLI 0.61.0 sent (captured in the e2e): the session context, then the user's words.
    const prompt = `<hook_context>${context}</hook_context>\n\nwhere is the staging cluster kite?`;
    const r = await runHook(
      sb,
      "user-prompt-submit",
      {
        session_id: SID,
        transcript_path: "/t/s.jsonl",
        cwd: project,
        hook_event_name: "BeforeAgent",
        prompt,
      },
      { env: { ...env, GEMINI_PROJECT_DIR: project } },
    );
    assert.equal(r.code, 0, show(r));
    assert.match(r.stdout, /Relevant memories \(brain\)[\s\S]*kite/, show(r));
  });
});
