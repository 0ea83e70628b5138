import * as fs from "node:fs";
import { dirname, isAbsolute } from "node:path";

/**
 * How a client of the resident server (the hooks, `brain serve --status`, `brain open`) knows it talks to this
 * user's own server before it sends anything — no prompt, no token. The server listens, besides its TCP
 * port for the viewer, on a Unix socket in a directory only this user may enter (`.brain/`, or a per-user
 * runtime directory: src/serve/socket-listen.ts), the socket itself mode 0600. A socket file is made by the
 * process that binds it, as that process's user; in a directory nobody else may write, nobody else can
 * have put it there or swapped it since. A TCP port proves nothing (after a crash anyone may bind the old one,
 * and a pid is reused), so clients never send over TCP. Loaded on every prompt: node:fs only.
 */

/** The longest Unix socket path the platform's sockaddr_un holds (its sun_path less the final NUL). */
export const SOCKET_PATH_MAX = process.platform === "linux" ? 107 : 103;

/** Owned by this user, and nobody else may read, write or enter it. */
export function isPrivate(st: fs.Stats, uid: number): boolean {
  return st.uid === uid && (st.mode & 0o077) === 0;
}

/**
 * `path` when it is this user's own server socket — an absolute path, not a symlink, a socket owned by this
 * user with no access for others, in a directory (itself not a symlink) owned by this user with no access
 * for others — else null (the client then does the work in process). Null where there are no user ids
 * (Windows): no server is trusted there.
 */
export function ownSocket(path: string | undefined): string | null {
  const uid = process.getuid?.();
  if (uid === undefined || typeof path !== "string" || !isAbsolute(path)) return null;
  if (Buffer.byteLength(path) > SOCKET_PATH_MAX) return null;
  return privateIn(path, uid, (st) => st.isSocket()) ? path : null;
}

/**
 * `path` is of the kind `is` accepts and private to `uid`, in a directory private to `uid`, neither a symlink
 * (lstat): what a client checks of the server's socket and of its spool (src/serve/spool.ts).
 */
export function privateIn(path: string, uid: number, is: (st: fs.Stats) => boolean): boolean {
  try {
    const dir = fs.lstatSync(dirname(path));
    if (!dir.isDirectory() || !isPrivate(dir, uid)) return false;
    const own = fs.lstatSync(path);
    return is(own) && isPrivate(own, uid);
  } catch {
    return false;
  }
}
