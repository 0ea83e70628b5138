import { liveServeInfo } from "../serve/state-file.ts";
import type { HookEventSpec } from "./events.ts";
import type { HookAnswer, Payload } from "./host-types.ts";

/**
 * An `answer` event (session start, prompt) answered by the live resident server recorded in serve.json,
 * on the bin's shortest path: no commander, no engine — the hook input posted through the server's socket
 * once shown to be this user's own (src/serve/client.ts), its answer checked and framed as data
 * (src/serve/hook-answer.ts). No server of ours, or no answer within the budget: undefined, and the CLI
 * answers in process exactly as without a server.
 */
export async function serverAnswer(
  brainPath: string,
  event: HookEventSpec,
  input: Payload,
): Promise<HookAnswer | undefined> {
  const info = liveServeInfo(brainPath);
  if (!info) return undefined;
  // The socket client (node:net) only when a live server is recorded: without one this path loads nothing more.
  const a = await (await import("../serve/client.ts")).askHook(info, event.cli, input);
  if (!a) return undefined;
  const context = a.output?.hookSpecificOutput?.additionalContext;
  const notice = a.output?.systemMessage;
  return { ...(context ? { context } : {}), ...(notice ? { notice } : {}) };
}
