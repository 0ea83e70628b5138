import type { HookEventSpec } from "./events.ts";
import { defined, firstStr, str } from "./fields.ts";
import type { HookAnswer, HostHandler } from "./host-types.ts";
import { queueRecordOf } from "./queue-record.ts";
import { toolCallOf } from "./tool-call.ts";

/**
 * Codex's hooks (built against @openai/codex 0.171.0, run for real in test/e2e/codex.e2e.ts). Its payloads are
 * Claude Code's snake_case fields plus `model` and, within a turn, `turn_id` (codex-rs/hooks/schema):
 *   every event  session_id, transcript_path (~/.codex/sessions/…/rollout-*.jsonl), cwd, hook_event_name, model
 *   SessionStart + source, permission_mode · UserPromptSubmit + turn_id, prompt · Stop + turn_id
 *   PostToolUse  + turn_id, tool_name, tool_input, tool_response, tool_use_id
 * Output: plain text on stdout becomes a developer message the model reads (SessionStart, UserPromptSubmit);
 * that is the one shape Brain prints (a notice for the user has no place in it and waits for the next hook).
 * PostToolUse reads JSON: a failed command's hint is `hookSpecificOutput.additionalContext`.
 */
function render(event: HookEventSpec, a: HookAnswer): string | null {
  if (!a.context) return null;
  // A failed command's hint (src/hooks/failure-hint.ts): PostToolUse reads JSON, its additionalContext goes
  // to the model beside the tool's output (codex-rs hooks schema, post-tool-use.command.output).
  if (event.does === "tool")
    return JSON.stringify({
      hookSpecificOutput: { hookEventName: event.hosts.codex?.name, additionalContext: a.context },
    });
  if (event.does !== "answer") return null;
  // Text that looks like JSON is refused by Codex as malformed output: the context never starts so.
  return /^\s*[[{]/.test(a.context) ? `Brain:\n${a.context}` : a.context;
}

export const codex: HostHandler = {
  call: (p) =>
    defined({
      session: str(p.session_id),
      cwd: str(p.cwd),
      turn: firstStr(p, "tool_use_id", "turn_id"),
      transcript: str(p.transcript_path),
    }),
  toolCall: toolCallOf,
  render,
  queueRecord: (p, event, at, call) => queueRecordOf("codex", p, event, at, call),
};
