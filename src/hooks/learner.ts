import { liveServeInfo } from "../serve/state-file.ts";

/**
 * What hooks (`brain hook …`, pi's extension) do with the learner and the resident server. Loaded on every
 * hook: it reads serve.json; the socket client (src/serve/client.ts) and the spawners load only when used.
 */

/** Whether a live resident server is recorded for this brain. */
export function serverLive(brainPath: string): boolean {
  return liveServeInfo(brainPath) !== null;
}

/** Have the learner run: the resident server's if one answers, else a detached `brain learn`. */
export async function kickLearner(brainPath: string): Promise<void> {
  const info = liveServeInfo(brainPath);
  if (info) {
    const { ask } = await import("../serve/client.ts");
    const a = await ask(info, "POST", "/api/learn/kick", undefined, { totalMs: 500 });
    if (a?.status === 202) return;
  }
  (await import("../learn/spawn.ts")).startLearner(brainPath);
}

/** Start the server in the background when auto-start is on and none runs (never waits for it). */
export async function ensureServer(brainPath: string, autoStart: boolean): Promise<boolean> {
  if (!autoStart || liveServeInfo(brainPath)) return false;
  return (await import("../serve/spawn.ts")).startServerDetached(brainPath);
}
