import type { HookEventSpec } from "./events.ts";
import { firstStr, num, obj, str } from "./fields.ts";
import type { Payload, ToolCall } from "./host-types.ts";
import { exitCodeIn } from "./tool-event.ts";

/**
 * A tool call from the payloads of the hosts that are not Claude Code (src/hooks/claude.ts reads its own):
 *   Codex 0.171     PostToolUse: tool_name, tool_input, tool_response, tool_use_id (a failed command is a
 *                   PostToolUse whose output names a non-zero exit)
 *   Gemini CLI 0.61 AfterTool: tool_name, tool_input, tool_response { llmContent, returnDisplay, error? }
 *   Copilot 1.0.102 postToolUse: toolName, toolArgs, toolResult { resultType, textResultForLlm };
 *                   postToolUseFailure: error (its Claude-format hooks: tool_name, tool_input, tool_result)
 *   Cursor          postToolUse / postToolUseFailure: tool_name, tool_input, tool_output / error_message
 *   OpenCode 1.18   Brain's plugin sends tool_name, tool_input, tool_response, tool_use_id, error
 */
function text(v: unknown): string | undefined {
  if (typeof v === "string") return v || undefined;
  const o = obj(v);
  if (!o) return undefined;
  return firstStr(
    o,
    "textResultForLlm",
    "text_result_for_llm",
    "output",
    "stdout",
    "llmContent",
    "returnDisplay",
  );
}

export function toolCallOf(p: Payload, event: HookEventSpec): ToolCall {
  const response = p.tool_response ?? p.toolResult ?? p.tool_result ?? p.tool_output;
  const r = obj(response);
  const kind = str(r?.resultType) ?? str(r?.result_type);
  const failedKind = kind === "failure" || kind === "error" || kind === "denied";
  const error =
    str(p.error) ??
    str(obj(p.error)?.message) ??
    str(p.error_message) ??
    str(r?.error) ??
    str(obj(r?.error)?.message) ??
    (failedKind ? text(response) : undefined);
  const out = text(response);
  const exit =
    num(r?.exit_code) ??
    num(r?.exitCode) ??
    num(p.exit_code) ??
    exitCodeIn(error) ??
    exitCodeIn(out?.slice(0, 400));
  const failed =
    event.failure === true || failedKind || error !== undefined || (exit !== undefined && exit !== 0);
  const ms = num(p.duration_ms) ?? num(p.duration);
  const interrupted = p.is_interrupt === true || r?.interrupted === true;
  return {
    tool: firstStr(p, "tool_name", "toolName", "tool") ?? "unknown",
    input: p.tool_input ?? p.toolArgs ?? p.args,
    outcome: interrupted ? "interrupted" : failed ? "error" : "ok",
    ...(failed && (error ?? out) ? { error: (error ?? out) as string } : {}),
    ...(exit !== undefined ? { exit } : {}),
    ...(ms !== undefined ? { ms } : {}),
  };
}
