import type { BrainHome } from "../engine/options.ts";
import { liveServeInfo } from "./state-file.ts";

/**
 * What hooks (Claude Code's `brain hook …`, pi's extension) do with the resident server. Loaded on every
 * prompt: it reads serve.json; the HTTP client (client.ts, a plain node:net socket) is loaded only when a live server is recorded.
 */

/**
 * The live server's answer to a hook event (src/serve/client.ts: askHook), or undefined when there is no
 * live server or it did not answer: the caller does the work in process.
 */
export async function serverHookAnswer(
  home: BrainHome,
  event: string,
  input: Record<string, unknown>,
): Promise<{ output: unknown } | undefined> {
  const info = liveServeInfo(home);
  if (!info) return undefined;
  return (await import("./client.ts")).askHook(info, event, input);
}

/** Have the learner run: the resident server's if one answers, else a detached `brain learn`. */
export async function kickLearner(home: BrainHome, brainPath: string): Promise<void> {
  const info = liveServeInfo(home);
  if (info) {
    const { ask } = await import("./client.ts");
    const a = await ask(info, "POST", "/api/learn/kick", undefined, { totalMs: 500 });
    if (a?.status === 202) return;
  }
  (await import("../learn/spawn.ts")).startLearner(home, brainPath);
}

/** Start the server in the background when auto-start is on and none runs (never waits for it). */
export async function ensureServer(home: BrainHome, brainPath: string, autoStart: boolean): Promise<boolean> {
  if (!autoStart || liveServeInfo(home)) return false;
  return (await import("./spawn.ts")).startServerDetached(brainPath);
}
