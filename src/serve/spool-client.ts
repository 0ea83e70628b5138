import * as fs from "node:fs";
import { join } from "node:path";
import { answerName, ownSpool, requestName } from "./spool.ts";

/**
 * One request to the resident server through its spool (src/serve/spool.ts): the request file written and
 * renamed into place, then the answer file looked for every half millisecond until it comes or the time is
 * up. This process has nothing else to do meanwhile (a hook, a CLI command waiting for its answer), so it
 * waits in this thread: no event loop, no stream, nothing but node:fs.
 */

export interface SpoolAnswer {
  status: number;
  body: unknown;
}

/** Not this user's spool, or the request could not be written: the caller tries the socket. */
export const UNAVAILABLE = "unavailable";

/** Between looks for the answer (an answer of the server comes in a few ms; each look is one failed open). */
const LOOK_MS = 0.5;
let sequence = 0;

export function askSpool(
  spool: string | undefined,
  request: { method: string; path: string; token: string; body?: unknown },
  opts: { totalMs?: number; maxBytes?: number } = {},
): SpoolAnswer | null | typeof UNAVAILABLE {
  const dir = ownSpool(spool);
  if (!dir) return UNAVAILABLE;
  const id = `${process.pid}-${++sequence}-${process.hrtime.bigint().toString(36)}`;
  const head = JSON.stringify({ method: request.method, path: request.path, token: request.token });
  const body = request.body === undefined ? "" : JSON.stringify(request.body);
  const tmp = join(dir, `${requestName(id)}.tmp`);
  const file = join(dir, requestName(id));
  try {
    // wx: a new file or nothing (never through a name something else put there).
    fs.writeFileSync(tmp, `${head}\n${body}`, { flag: "wx", mode: 0o600 });
    fs.renameSync(tmp, file);
  } catch {
    unlinkQuiet(tmp);
    return UNAVAILABLE;
  }
  const answer = join(dir, answerName(id));
  const deadline = Date.now() + (opts.totalMs ?? 2000);
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    const got = readAnswer(answer, opts.maxBytes ?? 1 << 20);
    if (got !== undefined) return got;
    if (Date.now() >= deadline) break;
    Atomics.wait(pause, 0, 0, LOOK_MS);
  }
  // Not answered in time: the request is taken back if the server has not taken it (an answer it writes
  // later is swept by the server).
  unlinkQuiet(file);
  return null;
}

/** The answer when its file is there (undefined: not yet), null when it is not one or too large. */
function readAnswer(path: string, maxBytes: number): SpoolAnswer | null | undefined {
  let fd: number;
  try {
    fd = fs.openSync(path, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
  } catch {
    return undefined;
  }
  try {
    const size = fs.fstatSync(fd).size;
    if (size > maxBytes + 16) return null;
    const raw = Buffer.alloc(size);
    let at = 0;
    while (at < size) {
      const n = fs.readSync(fd, raw, at, size - at, at);
      if (n <= 0) break;
      at += n;
    }
    const text = raw.subarray(0, at).toString("utf8");
    const eol = text.indexOf("\n");
    const status = Number(text.slice(0, eol));
    if (eol < 0 || !Number.isInteger(status)) return null;
    return { status, body: JSON.parse(text.slice(eol + 1)) };
  } catch {
    return null;
  } finally {
    fs.closeSync(fd);
    unlinkQuiet(path);
  }
}

/** Remove a file if it is there (fs.rmSync would load Node's rimraf for it). */
function unlinkQuiet(path: string): void {
  try {
    fs.unlinkSync(path);
  } catch {
    /* not there */
  }
}
