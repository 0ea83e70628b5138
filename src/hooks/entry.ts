import { hookTiming } from "../config.ts";
import { queuedEvent, queuedFromHook } from "../learn/queue-hook.ts";
import { answeredByServer, servedEvent } from "../serve/served-hook.ts";
import { readStdin } from "./stdin.ts";

/**
 * `brain hook <event>` on the bin's shortest path (src/cli/main.ts), built as one file (scripts/build.mjs):
 * Claude Code runs a hook on every prompt and at every stop. The prompt and session-start hooks are answered
 * by a live resident server (src/serve/served-hook.ts); the queue hooks append to the learner's queue
 * (src/learn/queue-hook.ts). Anything else — no live server, no answer in time, input that is not a JSON
 * object, a team store — hands the input back to the CLI, which does the work in process.
 */
export type Fast = { done: true } | { done: false; stdin: string };

export async function fastHook(name: string, brain: string | undefined): Promise<Fast> {
  const t0 = performance.now();
  const stdin = await readStdin();
  let input: unknown;
  try {
    input = JSON.parse(stdin || "{}");
  } catch {
    return { done: false, stdin }; // the CLI reports it (src/hosts/claude/hooks.ts: parseHookInput)
  }
  if (!input || typeof input !== "object" || Array.isArray(input)) return { done: false, stdin };
  const given = input as Record<string, unknown>;
  const served = servedEvent(name);
  const queued = queuedEvent(name);
  const done = served
    ? await answeredByServer(served, given, brain)
    : queued
      ? await queuedFromHook(queued, given, brain)
      : false;
  if (!done) return { done: false, stdin };
  if (hookTiming(process.env))
    process.stderr.write(
      `brain hook ${served ?? queued}: ${(performance.now() - t0).toFixed(1)} ms ${served ? "answered by the server" : "queued"}\n`,
    );
  return { done: true };
}
