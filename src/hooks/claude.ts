import type { HookEventSpec } from "./events.ts";
import type { HookAnswer, HostHandler, Payload, ToolCall } from "./host-types.ts";
import { exitCodeIn } from "./tool-event.ts";

/**
 * Claude Code's hooks: what its payloads hold and the one shape it reads back. Built against Claude Code's
 * hooks reference and its Agent SDK's hook input types for Claude Code 2.1 (looked up 2026-11):
 *   every event  session_id, transcript_path, cwd, hook_event_name, permission_mode
 *   PostToolUse         + tool_name, tool_input, tool_response, tool_use_id, duration_ms?
 *   PostToolUseFailure  + tool_name, tool_input, tool_use_id, error, is_interrupt?, duration_ms?
 * The Bash tool's tool_response is { stdout, stderr, interrupted, isImage, … }; a command that exits
 * non-zero is a PostToolUseFailure whose error names the exit code ("Exit code 3" from Claude Code 2.1.197,
 * run for real in test/e2e/claude-code-tools.e2e.ts).
 * Output: `hookSpecificOutput: { hookEventName, additionalContext }` beside the prompt, at session start and
 * after a tool call, and `systemMessage` for the user; never both a plain-text and a JSON answer.
 */
const str = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);
const obj = (v: unknown): Record<string, unknown> | undefined =>
  typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

function toolCall(p: Payload, event: HookEventSpec): ToolCall {
  const failed = event.failure === true;
  const error = failed ? str(p.error) : undefined;
  const interrupted = failed ? p.is_interrupt === true : obj(p.tool_response)?.interrupted === true;
  const exit = exitCodeIn(error);
  const ms = num(p.duration_ms);
  return {
    tool: str(p.tool_name) ?? "unknown",
    input: p.tool_input,
    outcome: interrupted ? "interrupted" : failed ? "error" : "ok",
    ...(error !== undefined ? { error } : {}),
    ...(exit !== undefined ? { exit } : {}),
    ...(ms !== undefined ? { ms } : {}),
    ...(p.tool_response !== undefined ? { response: p.tool_response } : {}),
  };
}

export interface ClaudeOutput {
  hookSpecificOutput?: { hookEventName: string; additionalContext: string };
  /** Shown to the user (not the model): what the learner stored since the last hook that could show it. */
  systemMessage?: string;
}

/** An answer in Claude Code's shape (also the resident server's answer to a hook), or null: nothing. */
export function claudeOutput(event: HookEventSpec, a: HookAnswer): ClaudeOutput | null {
  const out: ClaudeOutput = {};
  // PreCompact, Stop and SessionEnd take no context (output from Stop could keep the turn going).
  if (a.context && event.does !== "queue")
    out.hookSpecificOutput = { hookEventName: event.hosts.claude.name, additionalContext: a.context };
  if (a.notice) out.systemMessage = a.notice;
  return out.hookSpecificOutput || out.systemMessage ? out : null;
}

function render(event: HookEventSpec, a: HookAnswer): string | null {
  const out = claudeOutput(event, a);
  return out ? JSON.stringify(out) : null;
}

/** The learner's queue record: the transcript to read and where the session ran. */
function queueRecord(p: Payload, event: HookEventSpec, at: Date) {
  const field = (k: string) => {
    const v = str(p[k]);
    return v ? { [k]: v } : {};
  };
  return {
    host: "claude",
    event: event.cli,
    at: at.toISOString(),
    ...field("session_id"),
    ...field("transcript_path"),
    ...field("cwd"),
    ...field("trigger"),
    ...field("reason"),
  };
}

export const claude: HostHandler = {
  call: (p) => {
    const c = {
      session: str(p.session_id),
      cwd: str(p.cwd),
      // A tool call's id; else the turn's own (Claude Code 2.1 sends prompt_id with UserPromptSubmit and Stop):
      // two firings of one Stop are one even when the transcript grew between them (hook records).
      turn: str(p.tool_use_id) ?? str(p.prompt_id),
      transcript: str(p.transcript_path),
    };
    return Object.fromEntries(Object.entries(c).filter(([, v]) => v !== undefined));
  },
  toolCall,
  render,
  queueRecord,
};
