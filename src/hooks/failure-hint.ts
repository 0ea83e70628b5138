import type { ResolvedConfig } from "../config.ts";
import type { ToolEvent } from "../core/tool-event.ts";
import { failureAnswer } from "../improve/failure-lookup.ts";
import type { BrainHome } from "../store/home.ts";
import type { HookEventSpec } from "./events.ts";
import type { HostHandler } from "./host-types.ts";
import { print } from "./print.ts";

/**
 * A failed tool call that matches an earlier failure gets what happened last time (src/improve/failure-
 * lookup.ts) in the host's one output shape — for Claude Code `hookSpecificOutput.additionalContext` of its
 * PostToolUseFailure, which goes back to the model beside the error. Nothing when nothing matches, when hints
 * are off (`improve.failureHints: false`), or for a host that prints nothing for a tool event.
 */
export interface FailureFiring {
  event: HookEventSpec;
  handler: HostHandler;
  config: ResolvedConfig;
  home: BrainHome;
}

export function answerFailure(f: FailureFiring, event: ToolEvent): boolean {
  if (!f.event.failure || event.outcome !== "error" || !f.config.improve.failureHints) return false;
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
