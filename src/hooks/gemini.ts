import type { HookEventSpec } from "./events.ts";
import { defined, str } from "./fields.ts";
import type { HookAnswer, HostHandler } from "./host-types.ts";
import { queueRecordOf } from "./queue-record.ts";
import { toolCallOf } from "./tool-call.ts";

/**
 * Gemini CLI's hooks (built against @google/gemini-cli 0.61.0 and its bundled docs/hooks/reference.md, run for
 * real in test/e2e/gemini.e2e.ts). Every payload: session_id, transcript_path (~/.gemini/tmp/<project>/chats/
 * session-*.jsonl), cwd, hook_event_name, timestamp; SessionStart + source, BeforeAgent + prompt, AfterTool +
 * tool_name, tool_input, tool_response. It sets GEMINI_SESSION_ID, GEMINI_PROJECT_DIR (and CLAUDE_PROJECT_DIR).
 * Output must be JSON only (plain text becomes a message for the user, not context):
 * `hookSpecificOutput: { hookEventName, additionalContext }` at SessionStart (prepended to the prompt in
 * headless mode) and BeforeAgent (appended to the prompt), `systemMessage` for the user. The prompt BeforeAgent
 * gets already holds the SessionStart context, wrapped in `<hook_context>`: the user's words are what is left.
 */
const HOOK_CONTEXT = /<hook_context>[\s\S]*?<\/hook_context>\s*/g;
const typed = (prompt: string | undefined) =>
  prompt === undefined ? undefined : prompt.replace(HOOK_CONTEXT, "").trim();
function render(event: HookEventSpec, a: HookAnswer): string | null {
  const name = event.hosts.gemini?.name;
  const out: Record<string, unknown> = {};
  // AfterTool appends additionalContext to the tool's result for the model: a failed call's hint.
  if (a.context && (event.does === "answer" || event.does === "tool") && name)
    out.hookSpecificOutput = { hookEventName: name, additionalContext: a.context };
  if (a.notice) out.systemMessage = a.notice;
  return Object.keys(out).length ? JSON.stringify(out) : null;
}

export const gemini: HostHandler = {
  call: (p, _event, env) =>
    defined({
      session: str(p.session_id) ?? env.GEMINI_SESSION_ID,
      cwd: str(p.cwd),
      turn: str(p.tool_use_id),
      transcript: str(p.transcript_path),
      prompt: typed(str(p.prompt)),
    }),
  toolCall: toolCallOf,
  render,
  queueRecord: (p, event, at, call) => queueRecordOf("gemini", p, event, at, call),
};
