import * as fs from "node:fs";

/**
 * What a command or hook prints, written to file descriptor 1 or 2 with node:fs, not through
 * `process.stdout`/`process.stderr`: creating those streams on a pipe (how every host and script reads a hook
 * or a command) loads Node's net and stream modules, 49 M instructions against the 93 M of `node -e 0`
 * (cachegrind, `node -e 'process.stdout.write("x")' | cat`) on every prompt, stop and `brain add`.
 *
 * A write is whole and in order: a partial write goes on with the rest. A pipe someone else made non-blocking
 * (EAGAIN when it is full) is handed, from that byte on, to the stream for good — libuv waits for the reader —
 * so nothing is lost or reordered. A reader that went away (EPIPE: `brain list | head -1`) is not the
 * command's error: what is left is dropped.
 */

type Fd = 1 | 2;
const state: Record<Fd, "fd" | "stream" | "closed"> = { 1: "fd", 2: "fd" };

function stream(fd: Fd): NodeJS.WriteStream {
  const s = fd === 1 ? process.stdout : process.stderr;
  if (s.listenerCount("error") === 0)
    s.on("error", (err: NodeJS.ErrnoException) => {
      if (err.code === "EPIPE" || err.code === "ERR_STREAM_DESTROYED") return;
      throw err;
    });
  return s;
}

function write(fd: Fd, text: string): void {
  if (text === "" || state[fd] === "closed") return;
  if (state[fd] === "stream") {
    stream(fd).write(text);
    return;
  }
  const bytes = Buffer.from(text, "utf8");
  let at = 0;
  while (at < bytes.length) {
    try {
      at += fs.writeSync(fd, bytes, at, bytes.length - at);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === "EPIPE") {
        state[fd] = "closed";
        return;
      }
      if (code !== "EAGAIN") throw err;
      state[fd] = "stream";
      stream(fd).write(bytes.subarray(at));
      return;
    }
  }
}

/** Text on this process's stdout. */
export function writeStdout(text: string): void {
  write(1, text);
}

/** Text on this process's stderr. */
export function writeStderr(text: string): void {
  write(2, text);
}

/**
 * The stream for code that needs one (readline, a progress bar): from then on every write to that descriptor
 * goes through it, in order with what was written before.
 */
export function stdStream(fd: Fd): NodeJS.WriteStream {
  if (state[fd] === "fd") state[fd] = "stream";
  return stream(fd);
}

/** Call `then` once everything written to stdout and stderr is out (at once unless a stream holds some). */
export function flushed(then: () => void): void {
  const out = state[1] === "stream" ? process.stdout : undefined;
  const err = state[2] === "stream" ? process.stderr : undefined;
  const afterOut = () => (err ? err.write("", then) : then());
  if (out) out.write("", afterOut);
  else afterOut();
}
