import * as fs from "node:fs";
import { dirname, join } from "node:path";

/**
 * `.brain/serve.json` beside the log: where the resident server of this brain listens and the token its API
 * wants (mode 0600: only this user may read it). Kept free of heavy imports: the prompt hook reads it on
 * every prompt before deciding whether to ask the server.
 */
export interface ServeInfo {
  pid: number;
  port: number;
  token: string;
  startedAt: string;
  version: string;
}

export function serveDir(brainPath: string): string {
  return join(dirname(brainPath), ".brain");
}

export function serveInfoPath(brainPath: string): string {
  return join(serveDir(brainPath), "serve.json");
}

/** The recorded server, or null when there is none or the file is not one we wrote. */
export function readServeInfo(brainPath: string): ServeInfo | null {
  let text: string;
  try {
    text = fs.readFileSync(serveInfoPath(brainPath), "utf8");
  } catch {
    return null;
  }
  try {
    const v = JSON.parse(text) as Partial<ServeInfo>;
    if (
      typeof v.pid === "number" &&
      typeof v.port === "number" &&
      typeof v.token === "string" &&
      typeof v.startedAt === "string"
    )
      return { pid: v.pid, port: v.port, token: v.token, startedAt: v.startedAt, version: String(v.version) };
  } catch {
    /* torn or foreign: no server */
  }
  return null;
}

export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The recorded server if its process is alive (a serve.json left by a dead one is stale: null). */
export function liveServeInfo(brainPath: string): ServeInfo | null {
  const info = readServeInfo(brainPath);
  return info && pidAlive(info.pid) ? info : null;
}
