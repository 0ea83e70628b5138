import { liveServeInfo } from "../serve/state-file.ts";
import type { BrainHome } from "../store/home.ts";

/**
 * What hooks (`brain hook …`, pi's extension) do with the learner and the resident server. Loaded on every
 * hook: it reads serve.json; the socket client (src/serve/client.ts) and the spawners load only when used.
 */

/** Whether a live resident server is recorded for this brain. */
export function serverLive(home: BrainHome): boolean {
  return liveServeInfo(home) !== null;
}

/**
 * Have the learner run: the resident server's if one answers, else a detached `brain learn` (`brainPath`: how
 * it finds the brain again).
 */
export async function kickLearner(home: BrainHome, brainPath: string): Promise<void> {
  const info = liveServeInfo(home);
  if (info) {
    const { ask } = await import("../serve/ask.ts");
    const a = await ask(info, "POST", "/api/learn/kick", undefined, { totalMs: 500 });
    if (a?.status === 202) return;
  }
  (await import("../learn/spawn.ts")).startLearner(home, brainPath);
}

/** Start the server in the background when auto-start is on and none runs (never waits for it). */
export async function ensureServer(home: BrainHome, brainPath: string, autoStart: boolean): Promise<boolean> {
  if (!autoStart || liveServeInfo(home)) return false;
  return (await import("../serve/spawn.ts")).startServerDetached(brainPath);
}
