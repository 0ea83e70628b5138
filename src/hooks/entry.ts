import type { ResolvedConfig } from "../config.ts";
import { hookEvent } from "./events.ts";
import { type Firing, firing, isRepeat, noteFiring, recordToolCall } from "./firing.ts";
import { hookConfig, hooksSuppressed } from "./hook-config.ts";
import type { Payload } from "./host-types.ts";
import { print } from "./print.ts";
import { queueForLearner } from "./queued.ts";
import { serverAnswer } from "./served.ts";
import { writeStderr } from "./std-out.ts";
import { readStdin } from "./stdin.ts";

export { leaveStdin } from "./stdin.ts";

/**
 * `brain hook <event>` on the bin's shortest path (src/cli/bin.ts, src/cli/main.ts), built as one small file
 * (scripts/build.mjs) without commander, zod, the SDKs or the engine: hosts run a hook on every prompt,
 * every tool call and every stop. One entry for every host: it reads the payload, tells the host from it
 * (src/hooks/hosts.ts), skips a repeat firing (src/hooks/seen.ts), then does what the event table says —
 * `answer` through the live resident server (printed in that host's one shape), `queue` to the learner's
 * queue, `tool` to the tool-event log. What it cannot finish — an unknown event, input that is not a JSON
 * object, a settings file that does not load, an answer with no server to give it — goes back to the CLI
 * with the input (src/cli/hook.ts), which reports it or does the work in process.
 */
export type Fast =
  | { done: true }
  /** Handed back: the input when it was read, and the settings when they loaded (the CLI need not read them again). */
  | { done: false; stdin?: string; config?: ResolvedConfig };

function payloadOf(stdin: string): Payload | undefined {
  let v: unknown;
  try {
    v = JSON.parse(stdin || "{}");
  } catch {
    return undefined;
  }
  return v && typeof v === "object" && !Array.isArray(v) ? (v as Payload) : undefined;
}

/** What the fast path did with a firing, or null: the CLI does it in process. */
async function fast(f: Firing): Promise<string | null> {
  noteFiring(f);
  if (isRepeat(f)) return "a repeat firing: skipped";
  switch (f.event.does) {
    case "tool":
      return recordToolCall(f);
    case "queue":
      return queueForLearner(f);
    case "answer": {
      const a = await serverAnswer(f.home, f.event, f.input);
      if (!a) return null;
      const out = f.handler.render(f.event, a);
      if (out) print(out);
      return "answered by the server";
    }
  }
}

/** Milliseconds from a monotonic clock: `performance` would load perf_hooks (~12 M instructions a hook). */
const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

export async function hookEntry(name: string, brain: string | undefined): Promise<Fast> {
  const t0 = nowMs();
  if (hooksSuppressed()) {
    await readStdin(); // read, so the host's write never meets a closed pipe; then nothing at all
    return { done: true };
  }
  const event = hookEvent(name);
  if (!event) return { done: false }; // the CLI names the events it knows
  const stdin = await readStdin();
  const payload = payloadOf(stdin);
  if (!payload) return { done: false, stdin }; // the CLI reports it
  let config: ResolvedConfig;
  try {
    config = hookConfig(brain);
  } catch {
    return { done: false, stdin }; // the CLI reports the settings file's error
  }
  const f = firing(event, payload, config, { fallback: process.cwd() });
  const what = "skip" in f ? f.skip : await fast(f);
  if (what === null) return { done: false, stdin, config };
  if (config.hookTiming) writeStderr(`brain hook ${event.cli}: ${(nowMs() - t0).toFixed(1)} ms ${what}\n`);
  return { done: true };
}
