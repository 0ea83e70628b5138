import type { HookEventSpec } from "./events.ts";
import { defined, firstStr, str } from "./fields.ts";
import type { HookAnswer, HostHandler, Payload } from "./host-types.ts";
import { queueRecordOf } from "./queue-record.ts";
import { toolCallOf } from "./tool-call.ts";

/**
 * Cursor's hooks (`~/.cursor/hooks.json`, version 1; Cursor is not installable here, so this follows its hooks
 * documentation, read 2026-11, and is checked against that in test/hooks/hosts.test.ts). Every payload:
 * conversation_id, generation_id, hook_event_name, workspace_roots, cursor_version, transcript_path (newer
 * versions), model. Output: sessionStart reads `additional_context`; beforeSubmitPrompt can only let the
 * prompt through or stop it (no context), so Cursor gets the prompt's memories through the MCP tools and the
 * rules file instead.
 */
function cwdOf(p: Payload): string | undefined {
  const roots = p.workspace_roots;
  return str(p.cwd) ?? (Array.isArray(roots) ? str(roots[0]) : undefined);
}

function render(event: HookEventSpec, a: HookAnswer): string | null {
  if (event.does !== "answer" || event.context !== "session" || !a.context) return null;
  return JSON.stringify({ additional_context: a.context });
}

export const cursor: HostHandler = {
  call: (p) =>
    defined({
      session: firstStr(p, "conversation_id", "session_id"),
      cwd: cwdOf(p),
      turn: firstStr(p, "tool_use_id", "generation_id"),
      transcript: str(p.transcript_path),
    }),
  toolCall: toolCallOf,
  render,
  queueRecord: (p, event, at, call) => queueRecordOf("cursor", p, event, at, call),
};
