import { createHash } from "node:crypto";
import * as fs from "node:fs";
import type { Server as HttpServer } from "node:http";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { isPrivate, ownSocket, SOCKET_PATH_MAX } from "./own-socket.ts";

/**
 * The resident server's own-user channel (src/serve/own-socket.ts says why): the same HTTP server, reached
 * through a Unix socket only this user can have made. `.brain/serve.sock` beside the brain; when that path is
 * too long for a socket address, `<tmpdir>/brain-<uid>/<hash of the brain's directory>.sock`. A directory that
 * is not this user's own (another user made it first, a symlink) is not used: the server then runs without
 * the socket, and the hooks answer in process.
 */
export interface OwnSocket {
  path: string;
  close(): Promise<void>;
}

/** Where the socket may go, in order: `.brain/serve.sock`, then the per-user runtime directory. */
export function socketCandidates(serveDir: string, uid: number, tmp = tmpdir()): string[] {
  const dir = fs.realpathSync(serveDir);
  const name = `${createHash("sha256").update(dir).digest("hex").slice(0, 24)}.sock`;
  return [join(dir, "serve.sock"), join(tmp, `brain-${uid}`, name)].filter(
    (p) => Buffer.byteLength(p) <= SOCKET_PATH_MAX,
  );
}

/** `dir` as this user's private directory (made 0700; one of ours with wider access narrowed), or false. */
function privateDir(dir: string, uid: number): boolean {
  try {
    fs.mkdirSync(dir, { mode: 0o700 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") return false;
  }
  const st = fs.lstatSync(dir);
  if (!st.isDirectory() || st.uid !== uid) return false;
  if (!isPrivate(st, uid)) fs.chmodSync(dir, 0o700);
  return isPrivate(fs.lstatSync(dir), uid);
}

/** A socket or symlink a crashed server left at `path` is removed; anything else there is kept (false). */
function clear(path: string): boolean {
  let st: fs.Stats;
  try {
    st = fs.lstatSync(path);
  } catch {
    return true;
  }
  if (!st.isSocket() && !st.isSymbolicLink()) return false;
  fs.unlinkSync(path);
  return true;
}

function listen(server: Server, path: string): Promise<boolean> {
  return new Promise((resolve) => {
    server.once("error", () => resolve(false));
    server.listen(path, () => resolve(true));
  });
}

/**
 * Listen for `http`'s requests on this user's own socket too (the caller holds the brain's serve lock, so a
 * socket already there is a crashed server's). Null when no place for it was this user's own: the server
 * then runs without it, and the hooks answer in process.
 */
export async function listenOwnSocket(http: HttpServer, serveDir: string): Promise<OwnSocket | null> {
  const uid = process.getuid?.();
  if (uid === undefined) return null;
  for (const path of socketCandidates(serveDir, uid)) {
    try {
      if (!privateDir(dirname(path), uid) || !clear(path)) continue;
    } catch {
      continue;
    }
    const server = createServer((socket) => http.emit("connection", socket));
    if (!(await listen(server, path))) continue;
    fs.chmodSync(path, 0o600);
    const { ino } = fs.lstatSync(path);
    if (ownSocket(path) !== path) {
      server.close();
      continue;
    }
    return {
      path,
      close: () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          // Removed only when it is still the one this server made.
          try {
            if (fs.lstatSync(path).ino === ino) fs.unlinkSync(path);
          } catch {
            /* gone already */
          }
        }),
    };
  }
  return null;
}
