import { liveServeInfo } from "./state-file.ts";

/**
 * What hooks (Claude Code's `brain hook …`, pi's extension) do with the resident server. Loaded on every
 * prompt: it reads serve.json; the HTTP client (node:http) is loaded only when a live server is recorded.
 */

/** Loopback connects in well under a millisecond; a server that does not accept at once is not used. */
const CONNECT_MS = 20;
/** A server that accepted answers a prompt in milliseconds; past this the hook does the work itself. */
const ANSWER_MS = 1000;

/**
 * The server's answer to a hook event (`{ output }`: what the hook prints, null for nothing), or undefined
 * when there is no live server or it did not answer in time: the caller does the work in process.
 */
export async function serverHookAnswer(
  brainPath: string,
  event: string,
  input: Record<string, unknown>,
): Promise<{ output: unknown } | undefined> {
  const info = liveServeInfo(brainPath);
  if (!info) return undefined;
  const { ask } = await import("./client.ts");
  const a = await ask(info, "POST", `/api/hook/${event}`, input, {
    connectMs: CONNECT_MS,
    totalMs: ANSWER_MS,
  });
  if (a?.status !== 200 || !a.body || typeof a.body !== "object" || !("output" in a.body)) return undefined;
  return a.body as { output: unknown };
}

/** Have the learner run: the resident server's if one answers, else a detached `brain learn`. */
export async function kickLearner(brainPath: string): Promise<void> {
  const info = liveServeInfo(brainPath);
  if (info) {
    const { ask } = await import("./client.ts");
    const a = await ask(info, "POST", "/api/learn/kick", undefined, { connectMs: CONNECT_MS, totalMs: 500 });
    if (a?.status === 202) return;
  }
  (await import("../learn/spawn.ts")).startLearner(brainPath);
}

/** Start the server in the background when auto-start is on and none runs (never waits for it). */
export async function ensureServer(brainPath: string, autoStart: boolean): Promise<boolean> {
  if (!autoStart || liveServeInfo(brainPath)) return false;
  return (await import("./spawn.ts")).startServerDetached(brainPath);
}
