import { isAbsolute } from "node:path";
import { privateIn } from "./own-socket.ts";

/**
 * The resident server's spool: a directory of this user's own beside its socket where a client drops a
 * request file and finds the answer file (src/serve/spool-client.ts, spool-server.ts). It carries the same
 * HTTP request the socket would, answered by the same app, but the client needs only node:fs: node:net and
 * its streams cost a hook ~43 M instructions (cachegrind; `node -e 0` is 93 M), a third of a served prompt
 * hook's start. Trust is the socket's (own-socket.ts): a directory nobody else may enter, in one nobody else
 * may write, so nobody else can have put a request or an answer there.
 *
 * A request file, `q-<id>.json`: one line of JSON `{"method","path","token"}`, then the body as it would be
 * sent. An answer, `r-<id>.json`: the status on the first line, then the body. Both are written under a
 * `.tmp` name and renamed, so the other side never reads half of one.
 */

/** The spool that goes with a socket path: `.brain/serve.sock` → `.brain/serve.spool`. */
export function spoolFor(socketPath: string): string {
  return `${socketPath.replace(/\.sock$/, "")}.spool`;
}

export const requestName = (id: string) => `q-${id}.json`;
export const answerName = (id: string) => `r-${id}.json`;
/** A request's id as its file names it (null: not a request file). */
export function requestId(name: string): string | null {
  const m = /^q-([A-Za-z0-9-]{1,64})\.json$/.exec(name);
  return m ? (m[1] as string) : null;
}

/**
 * `dir` when it is this user's own spool — absolute, a directory (not a symlink) owned by this user with no
 * access for others, inside one of the same — else null (the client then uses the socket).
 */
export function ownSpool(dir: string | undefined): string | null {
  const uid = process.getuid?.();
  if (uid === undefined || typeof dir !== "string" || !isAbsolute(dir)) return null;
  return privateIn(dir, uid, (st) => st.isDirectory()) ? dir : null;
}
