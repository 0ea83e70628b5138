import * as fs from "node:fs";
import { flushed } from "./std-out.ts";

/**
 * A hook's input: the JSON object the host writes to its stdin. Read from file descriptor 0 with node:fs,
 * not through `process.stdin`: creating that stream loads Node's net, stream and tty modules, ~54 M
 * instructions of the ~100 M a Stop hook costs above `node -e 0` (cachegrind), on every prompt, tool call
 * and stop. A pipe is read in this thread without blocking, anything else on libuv's thread pool, so a host
 * that keeps stdin open cannot hang the hook: the read ends at end of input, at a complete JSON object, or
 * after `ms`.
 */

/** A read of stdin still waiting when the hook gave up on it (see leaveStdin). */
let waiting = false;

/** Whether `chunks` hold one complete JSON object (a host that writes it and keeps stdin open is not waited for). */
function complete(chunks: Buffer[]): boolean {
  const last = chunks[chunks.length - 1];
  let i = last ? last.length - 1 : -1;
  while (last && i >= 0 && (last[i] === 0x0a || last[i] === 0x0d || last[i] === 0x20 || last[i] === 0x09))
    i--;
  if (!last || i < 0 || last[i] !== 0x7d) return false; // "}"
  try {
    const v: unknown = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    return typeof v === "object" && v !== null && !Array.isArray(v);
  } catch {
    return false;
  }
}

/** Read all of stdin, giving up after `ms` (a hook must never hang on a stdin that stays open). */
export function readStdin(ms = 500): Promise<string> {
  let stat: fs.Stats;
  try {
    stat = fs.fstatSync(0);
  } catch {
    return Promise.resolve(""); // no stdin at all
  }
  // A terminal (someone typing `brain hook stop`) or /dev/null: nothing to wait for.
  if (stat.isCharacterDevice()) return Promise.resolve("");
  if (stat.isFile()) return Promise.resolve(fs.readFileSync(0, "utf8"));
  const pipe = stat.isFIFO() ? readPipe(ms) : undefined;
  return pipe !== undefined ? Promise.resolve(pipe) : readInPool(ms);
}

/**
 * A pipe (what a host written in Rust or Go gives), opened again without blocking (Linux's /proc/self/fd):
 * read in this thread, waiting 2 ms whenever the host has not written yet. Undefined when it cannot be opened
 * so (another system): read on the thread pool instead.
 */
function readPipe(ms: number): string | undefined {
  let fd: number;
  try {
    fd = fs.openSync("/proc/self/fd/0", fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  const chunks: Buffer[] = [];
  const deadline = Date.now() + ms;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  try {
    for (;;) {
      const buf = Buffer.allocUnsafe(1 << 16);
      let n: number;
      try {
        n = fs.readSync(fd, buf, 0, buf.length, null);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "EAGAIN" || Date.now() >= deadline) break;
        Atomics.wait(pause, 0, 0, 2);
        continue;
      }
      if (n === 0) break;
      chunks.push(buf.subarray(0, n));
      if (complete(chunks)) break;
    }
  } finally {
    fs.closeSync(fd);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * A socket (what a host written for Node gives: libuv's stdio are socket pairs) or anything else: read on
 * libuv's thread pool, so the hook can give up after `ms`. A read still waiting then is left (leaveStdin).
 */
function readInPool(ms: number): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString("utf8"));
    };
    const timer = setTimeout(finish, ms);
    const next = () => {
      const buf = Buffer.allocUnsafe(1 << 16);
      waiting = true;
      fs.read(0, buf, 0, buf.length, null, (err, n) => {
        waiting = false;
        if (finished) return;
        // A descriptor the host made non-blocking has nothing yet: look again shortly.
        if (err)
          return (err as NodeJS.ErrnoException).code === "EAGAIN" ? void setTimeout(next, 2) : finish();
        if (n === 0) return finish();
        chunks.push(buf.subarray(0, n));
        if (complete(chunks)) return finish();
        next();
      });
    };
    next();
  });
}

/**
 * At the end of a hook: when a read of stdin is still waiting — the host kept stdin open and sent no complete
 * object within the wait — end the process once what was written to stdout and stderr is out. Node cannot
 * cancel that read, and even process.exit() waits for it (it joins the thread pool), so the process ends by
 * its own SIGTERM: the host sees a hook killed after doing all it could with no input. Nothing otherwise.
 */
export function leaveStdin(): void {
  if (waiting) flushed(() => process.kill(process.pid, "SIGTERM"));
}
