import * as fs from "node:fs";
import { BrainHome } from "../store/home.ts";

/**
 * `.brain/serve.json` in the brain's home: where the resident server of this brain listens and the token its API
 * wants (mode 0600: only this user may read it). Kept free of heavy imports: the prompt hook reads it on
 * every prompt before deciding whether to ask the server. What it says is a hint, not a proof: a crashed
 * server leaves it behind, and its port and pid may be anyone's since; clients talk to the server only
 * through `socket` once it is shown to be this user's own (src/serve/own-socket.ts).
 */
export interface ServeInfo {
  pid: number;
  /** The viewer's and the API's TCP port on 127.0.0.1 (for browsers; the CLI and the hooks use `socket`). */
  port: number;
  token: string;
  /** The server's Unix socket of this user's own (src/serve/socket-listen.ts); absent: none could be made. */
  socket?: string;
  /** Its spool beside the socket (src/serve/spool.ts): the same requests through files, for clients without node:net. */
  spool?: string;
  startedAt: string;
  version: string;
}

/** The brain's local directory, where the server keeps serve.json, its lock and its socket. */
export function serveDir(home: BrainHome): string {
  return home.local;
}

export function serveInfoPath(home: BrainHome): string {
  return home.file("serveState");
}

/** The recorded server, or null when there is none or the file is not one we wrote. */
export function readServeInfo(home: BrainHome): ServeInfo | null {
  let text: string;
  try {
    text = fs.readFileSync(serveInfoPath(home), "utf8");
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
      return {
        pid: v.pid,
        port: v.port,
        token: v.token,
        ...(typeof v.socket === "string" ? { socket: v.socket } : {}),
        ...(typeof v.spool === "string" ? { spool: v.spool } : {}),
        startedAt: v.startedAt,
        version: String(v.version),
      };
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
export function liveServeInfo(home: BrainHome): ServeInfo | null {
  const info = readServeInfo(home);
  return info && pidAlive(info.pid) ? info : null;
}

/** The live server of the brain a configuration names (the bin's served CLI: src/cli/served-cli.ts). */
export function liveServeInfoOf(config: Parameters<typeof BrainHome.of>[0]): ServeInfo | null {
  return liveServeInfo(BrainHome.of(config));
}
