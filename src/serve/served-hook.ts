import { quietOnClosedPipe } from "../cli/pipe.ts";
import { resolveBrainPath } from "../config.ts";
import { homeOf } from "../engine/options.ts";
import { liveServeInfo } from "./state-file.ts";

/**
 * The Claude Code prompt and session-start hooks through the resident server, on the bin's shortest path
 * (src/cli/fast-hook.ts): no commander, no engine, no settings file — the hook input posted to the live
 * server recorded in serve.json, through its socket once shown to be this user's own (src/serve/client.ts),
 * its answer printed as data (src/serve/hook-answer.ts). No server of ours, or no answer within the budget:
 * false, and the CLI answers in process exactly as without a server.
 */
const SERVED: Record<string, string> = {
  "user-prompt-submit": "user-prompt-submit",
  "session-start": "session-start",
  // Claude Code's own names (HOOK_EVENTS in src/hosts/claude/hooks.ts; not imported: one module less here).
  UserPromptSubmit: "user-prompt-submit",
  SessionStart: "session-start",
};

export function servedEvent(name: string | undefined): string | undefined {
  return name !== undefined && Object.hasOwn(SERVED, name) ? SERVED[name] : undefined;
}

/** Whether the live server answered `event` for this input (its answer is printed then). */
export async function answeredByServer(
  event: string,
  given: Record<string, unknown>,
  brain: string | undefined,
): Promise<boolean> {
  // The file store's home (a team store's is named by the settings file this path does not read: the CLI answers).
  const info = liveServeInfo(homeOf({ brainPath: resolveBrainPath(process.env, brain).path, store: null }));
  if (!info) return false;
  const body = { ...given, cwd: (typeof given.cwd === "string" && given.cwd) || process.cwd() };
  // The socket client (node:net) only when a live server is recorded: without one this path loads nothing more.
  const answer = await (await import("./client.ts")).askHook(info, event, body);
  if (!answer) return false;
  quietOnClosedPipe(process.stdout);
  if (answer.output) process.stdout.write(`${JSON.stringify(answer.output)}\n`);
  return true;
}
