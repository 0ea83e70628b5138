import { loadConfig } from "../config.ts";
import { claudeQueueRecord } from "../hosts/claude/queue-record.ts";
import { kickLearner } from "../serve/hook-client.ts";
import { BrainHome } from "../store/home.ts";
import { enqueue } from "./queue.ts";

/**
 * Claude Code's PreCompact, Stop and SessionEnd hooks on the bin's shortest path (src/cli/fast-hook.ts):
 * append the transcript to the learner's queue and have the learner run (the resident server's, else a
 * detached `brain learn`), without commander or the engine — what `brain hook stop` does in process
 * (src/hosts/claude/hooks.ts), record for record. A team store's queue is local too (it waits there while
 * the server is away), so this path needs no server either. A settings file that does not load goes to the
 * CLI, which reports it: false.
 */
const QUEUED: Record<string, string> = {
  "pre-compact": "pre-compact",
  stop: "stop",
  "session-end": "session-end",
  PreCompact: "pre-compact",
  Stop: "stop",
  SessionEnd: "session-end",
};

export function queuedEvent(name: string | undefined): string | undefined {
  return name !== undefined && Object.hasOwn(QUEUED, name) ? QUEUED[name] : undefined;
}

export async function queuedFromHook(
  event: string,
  given: Record<string, unknown>,
  brain: string | undefined,
): Promise<boolean> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env, brain);
  } catch {
    return false; // the CLI reports the settings file's error
  }
  if (!config.autoMemory) return true;
  const input = { ...given, cwd: (typeof given.cwd === "string" && given.cwd) || process.cwd() };
  const now = config.fixedNow ? new Date(config.fixedNow.getTime()) : new Date();
  const home = BrainHome.of(config);
  enqueue(home, [claudeQueueRecord(event, input, now)]);
  await kickLearner(home, config.brainPath);
  return true;
}
