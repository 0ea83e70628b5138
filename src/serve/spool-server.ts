import * as fs from "node:fs";
import { join } from "node:path";
import { isPrivate } from "./own-socket.ts";
import { answerName, requestId, spoolFor } from "./spool.ts";

/**
 * The server's side of the spool (src/serve/spool.ts): the directory watched, each request file taken (renamed
 * to a working name, so two events for one file answer it once), read, deleted, answered by `handle` — the
 * same app the socket serves — and its answer written under a temporary name and renamed into place. A
 * request larger than `maxBytes` is answered 413 unread. Files nobody came back for (a client that gave
 * up) are swept after a minute. Made only where the directory is this user's own and the watch is seen to
 * work (a file system without change events: no spool, the clients use the socket).
 */
export interface SpoolRequest {
  method: string;
  path: string;
  token: string;
  body: string;
}
export interface SpoolReply {
  status: number;
  body: string;
}
export interface Spool {
  dir: string;
  close(): void;
}

const SWEEP_MS = 30_000;
const STALE_MS = 60_000;
const PROBE_MS = 1000;

export async function listenSpool(
  socketPath: string,
  handle: (r: SpoolRequest) => Promise<SpoolReply>,
  maxBytes: number,
): Promise<Spool | null> {
  const uid = process.getuid?.();
  if (uid === undefined) return null;
  const dir = spoolFor(socketPath);
  try {
    // A crashed server's spool (the caller holds the serve lock): its files are nobody's any more.
    const st = fs.lstatSync(dir, { throwIfNoEntry: false });
    if (st && (!st.isDirectory() || st.uid !== uid)) return null;
    if (st) fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { mode: 0o700 });
    if (!isPrivate(fs.lstatSync(dir), uid)) return null;
  } catch {
    return null;
  }
  let scheduled = false;
  let closed = false;
  const scan = () => {
    scheduled = false;
    if (closed) return;
    for (const name of namesIn(dir)) {
      const id = requestId(name);
      if (id) void take(id, name);
    }
  };
  const take = async (id: string, name: string) => {
    const work = join(dir, `w-${id}`);
    try {
      fs.renameSync(join(dir, name), work);
    } catch {
      return; // taken already, or taken back by a client that gave up
    }
    let reply: SpoolReply;
    try {
      reply = await answer(work);
    } catch {
      reply = { status: 500, body: JSON.stringify({ error: { code: "INTERNAL", message: "spool" } }) };
    } finally {
      fs.rmSync(work, { force: true });
    }
    if (closed) return;
    const tmp = join(dir, `${answerName(id)}.tmp`);
    try {
      fs.writeFileSync(tmp, `${reply.status}\n${reply.body}`, { flag: "wx", mode: 0o600 });
      fs.renameSync(tmp, join(dir, answerName(id)));
    } catch {
      fs.rmSync(tmp, { force: true });
    }
  };
  const answer = async (work: string): Promise<SpoolReply> => {
    if (fs.statSync(work).size > maxBytes + 4096)
      return {
        status: 413,
        body: JSON.stringify({ error: { code: "too_large", message: "request too large" } }),
      };
    const text = fs.readFileSync(work, "utf8");
    const eol = text.indexOf("\n");
    let head: Partial<SpoolRequest> = {};
    try {
      head = JSON.parse(eol < 0 ? text : text.slice(0, eol)) as Partial<SpoolRequest>;
    } catch {
      /* not a request of ours: refused below */
    }
    if (typeof head?.method !== "string" || typeof head.path !== "string" || typeof head.token !== "string")
      return {
        status: 400,
        body: JSON.stringify({ error: { code: "bad_request", message: "spool request" } }),
      };
    return handle({ method: head.method, path: head.path, token: head.token, body: text.slice(eol + 1) });
  };
  const soon = () => {
    if (scheduled || closed) return;
    scheduled = true;
    setImmediate(scan);
  };
  let watcher: fs.FSWatcher;
  try {
    watcher = fs.watch(dir, soon);
  } catch {
    fs.rmSync(dir, { recursive: true, force: true });
    return null;
  }
  watcher.on("error", () => {});
  if (!(await watchWorks(watcher, dir))) {
    watcher.close();
    fs.rmSync(dir, { recursive: true, force: true });
    return null;
  }
  const sweep = setInterval(() => sweepStale(dir, Date.now()), SWEEP_MS);
  sweep.unref();
  return {
    dir,
    close() {
      closed = true;
      clearInterval(sweep);
      watcher.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Whether the watch reports a file made in `dir` (some network file systems never do). */
function watchWorks(watcher: fs.FSWatcher, dir: string): Promise<boolean> {
  const probe = join(dir, "probe");
  return new Promise((resolve) => {
    let seen = false;
    // When the time is up the events already delivered are read first (a start that kept the loop busy for
    // seconds — a million turns loading — is not a watch that does not work): decided after the poll phase.
    const timer = setTimeout(() => setImmediate(() => done(seen)), PROBE_MS);
    const see = () => {
      seen = true;
      done(true);
    };
    let settled = false;
    const done = (ok: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      watcher.off("change", see);
      fs.rmSync(probe, { force: true });
      resolve(ok);
    };
    watcher.on("change", see);
    fs.writeFileSync(probe, "");
  });
}

/** Answers and half-written files older than a minute: their clients gave up. */
export function sweepStale(dir: string, nowMs: number): void {
  for (const name of namesIn(dir)) {
    if (requestId(name)) continue; // a request is taken back by its client, or answered
    const path = join(dir, name);
    try {
      if (nowMs - fs.lstatSync(path).mtimeMs > STALE_MS) fs.rmSync(path, { force: true });
    } catch {
      /* gone meanwhile */
    }
  }
}

/** The directory's file names (none when it is gone). */
function namesIn(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}
