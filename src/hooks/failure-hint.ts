import type { ResolvedConfig } from "../config.ts";
import type { ToolEvent } from "../core/tool-event.ts";
import { failureAnswer } from "../improve/failure-lookup.ts";
import type { BrainHome } from "../store/home.ts";
import type { HookEventSpec } from "./events.ts";
import type { HostHandler } from "./host-types.ts";
import { print } from "./print.ts";

/**
 * A failed tool call that matches an earlier failure gets what happened last time (src/improve/failure-
 * lookup.ts) in the host's one output shape, which goes back to the model beside the error: Claude Code's
 * PostToolUseFailure and Codex's PostToolUse (a command with a non-zero exit) read
 * `hookSpecificOutput.additionalContext`, Gemini CLI's AfterTool (a `tool_response.error`) the same, Copilot
 * CLI's postToolUseFailure a top-level `additionalContext`. Whichever event reported it: a failure is the
 * tool call's outcome, not the event's name. Nothing when nothing matches, when hints are off
 * (`improve.failureHints: false`), or for a host with no output for a tool event (Cursor, whose hooks
 * documentation gives postToolUseFailure no field the model reads).
 */
export interface FailureFiring {
  event: HookEventSpec;
  handler: HostHandler;
  config: ResolvedConfig;
  home: BrainHome;
}

export function answerFailure(f: FailureFiring, event: ToolEvent): boolean {
  if (event.outcome !== "error" || !f.config.improve.failureHints) return false;
  const hint = failureAnswer(
    f.home,
    {
      tool: event.tool,
      kind: event.kind,
      project: event.project,
      ...(event.target ? { target: event.target } : {}),
      ...(event.error ? { error: event.error } : {}),
    },
    f.config.improve.hintChars,
  );
  if (!hint) return false;
  const out = f.handler.render(f.event, { context: hint });
  if (out) print(out);
  return Boolean(out);
}
