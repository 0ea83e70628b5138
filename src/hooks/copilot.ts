import { join } from "node:path";
import type { HookEventSpec } from "./events.ts";
import { defined, firstStr, num, str } from "./fields.ts";
import type { HookAnswer, HostEnv, HostHandler, Payload } from "./host-types.ts";
import { queueRecordOf } from "./queue-record.ts";
import { toolCallOf } from "./tool-call.ts";

/**
 * Copilot CLI's hooks (built against @github/copilot 1.0.102 and the GitHub Docs hooks reference, run for real
 * in test/e2e/copilot.e2e.ts). Its own hooks (`~/.copilot/hooks/*.json`, `.github/hooks/*.json`, camelCase
 * events) send camelCase payloads: sessionId, timestamp (ms), cwd; + source / prompt / toolName, toolArgs,
 * toolResult / error / transcriptPath (agentStop, preCompact). It also runs the hooks of a project's
 * `.claude/settings.json` (PascalCase events) with snake_case payloads: session_id, timestamp (ISO), … Both
 * run with COPILOT_CLI=1 in the environment, which is how Brain tells it is Copilot whichever config fired.
 * One firing of an event in both configs carries the same session and the same instant: the turn key, so the
 * second is skipped (src/hooks/seen.ts). Output: a top-level `additionalContext` (sessionStart: a user message
 * before the prompt; userPromptSubmitted: a `<system_reminder>` in the prompt — the last hook's wins), which it
 * reads from either kind of hook; Claude Code's `hookSpecificOutput` it ignores.
 */
function instant(p: Payload): string | undefined {
  const n = num(p.timestamp);
  if (n !== undefined) return String(n);
  const s = str(p.timestamp);
  const ms = s ? Date.parse(s) : Number.NaN;
  return Number.isNaN(ms) ? undefined : String(ms);
}

/** Copilot keeps each session's events in `<COPILOT_HOME>/session-state/<id>/events.jsonl`. */
function transcriptOf(p: Payload, session: string | undefined, env: HostEnv): string | undefined {
  const given = firstStr(p, "transcriptPath", "transcript_path");
  if (given || !session) return given;
  const home = env.COPILOT_HOME ?? (env.HOME ? join(env.HOME, ".copilot") : undefined);
  return home ? join(home, "session-state", session, "events.jsonl") : undefined;
}

/** postToolUseFailure's additionalContext is appended to the failed tool's result for the model: the hint. */
function render(event: HookEventSpec, a: HookAnswer): string | null {
  return (event.does === "answer" || event.does === "tool") && a.context
    ? JSON.stringify({ additionalContext: a.context })
    : null;
}

export const copilot: HostHandler = {
  call: (p, _event, env) => {
    const session = firstStr(p, "sessionId", "session_id");
    return defined({
      session,
      cwd: str(p.cwd),
      turn: instant(p),
      transcript: transcriptOf(p, session, env),
    });
  },
  toolCall: toolCallOf,
  render,
  queueRecord: (p, event, at, call) => queueRecordOf("copilot", p, event, at, call),
};
