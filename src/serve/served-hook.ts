import { quietOnClosedPipe } from "../cli/pipe.ts";
import { readStdin } from "../cli/stdin.ts";
import { hookTiming, resolveBrainPath } from "../config.ts";
import { liveServeInfo } from "./state-file.ts";

/**
 * The Claude Code prompt and session-start hooks through the resident server, on the bin's shortest path
 * (src/cli/main.ts): a handful of small modules (no commander, no engine, no settings file), the hook input
 * posted to the live server recorded in serve.json, its answer printed. Anything else — no live server, no
 * answer within the budget, input that is not a JSON object — hands the input back to the CLI, which
 * answers in process exactly as without a server.
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

export type Served = { done: true } | { done: false; stdin: string };

export async function servedHook(name: string, brain: string | undefined): Promise<Served> {
  const t0 = performance.now();
  const stdin = await readStdin();
  const event = servedEvent(name);
  const info = event ? liveServeInfo(resolveBrainPath(process.env, brain).path) : null;
  if (!event || !info) return { done: false, stdin };
  let input: unknown;
  try {
    input = JSON.parse(stdin || "{}");
  } catch {
    return { done: false, stdin }; // the CLI reports it (src/hosts/claude/hooks.ts: parseHookInput)
  }
  if (!input || typeof input !== "object" || Array.isArray(input)) return { done: false, stdin };
  const given = input as Record<string, unknown>;
  const body = { ...given, cwd: (typeof given.cwd === "string" && given.cwd) || process.cwd() };
  const answer = await (await import("./client.ts")).askHook(info, event, body);
  if (!answer) return { done: false, stdin };
  quietOnClosedPipe(process.stdout);
  if (answer.output) process.stdout.write(`${JSON.stringify(answer.output)}\n`);
  if (hookTiming(process.env))
    process.stderr.write(
      `brain hook ${event}: ${(performance.now() - t0).toFixed(1)} ms answered by the server\n`,
    );
  return { done: true };
}
