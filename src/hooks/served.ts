import { liveServeInfo } from "../serve/state-file.ts";
import type { BrainHome } from "../store/home.ts";
import type { HookEventSpec } from "./events.ts";
import type { HookAnswer, Payload } from "./host-types.ts";
import { servedOutput } from "./served-answer.ts";

/**
 * An `answer` event (session start, prompt) answered by the live resident server recorded in serve.json,
 * on the bin's shortest path: no commander, no engine — the hook input posted through the server's socket
 * once shown to be this user's own (src/serve/client.ts), its answer checked and framed as data
 * (src/hooks/served-answer.ts). No server of ours, or no answer within the budget: undefined, and the CLI
 * answers in process exactly as without a server.
 */

/** A server that accepted answers a prompt in milliseconds; past this the hook does the work itself. */
const HOOK_ANSWER_MS = 1000;

export async function serverAnswer(
  home: BrainHome,
  event: HookEventSpec,
  input: Payload,
): Promise<HookAnswer | undefined> {
  const info = liveServeInfo(home);
  if (!info) return undefined;
  // The client only when a live server is recorded: without one this path loads nothing more.
  const { ask } = await import("../serve/ask.ts");
  const a = await ask(info, "POST", `/api/hook/${event.cli}`, input, { totalMs: HOOK_ANSWER_MS });
  if (a?.status !== 200 || !a.body || typeof a.body !== "object" || !("output" in a.body)) return undefined;
  const output = servedOutput(event.cli, input, a.body.output);
  if (output === undefined) return undefined;
  const context = output?.hookSpecificOutput?.additionalContext;
  const notice = output?.systemMessage;
  return { ...(context ? { context } : {}), ...(notice ? { notice } : {}) };
}
