import type { MessagePort, Worker } from "node:worker_threads";

/**
 * A synchronous call into a worker thread. The engine reads and writes its store synchronously (a lock body
 * is one synchronous function), while a database driver is asynchronous: the store's driver runs in a worker,
 * and the calling thread blocks on a shared flag until the worker has answered on a private port. The
 * worker's own event loop keeps running meanwhile (connections, retries, LISTEN).
 */
export interface SyncCaller {
  call<T>(op: string, args?: unknown): T;
}

/** What a worker answers: a value, or an error with its message and code (already free of credentials). */
export type Reply = { ok: true; value: unknown } | { ok: false; message: string; code: string };

/** The worker's side of a call: run `handle`, post the reply, then raise the flag and wake the caller. */
export function serveCalls(
  port: MessagePort,
  flag: Int32Array,
  handle: (op: string, args: unknown) => Promise<unknown>,
  describe: (err: unknown) => { message: string; code: string },
): void {
  let queue = Promise.resolve();
  port.on("message", (msg: { op: string; args: unknown }) => {
    queue = queue.then(async () => {
      let reply: Reply;
      try {
        reply = { ok: true, value: await handle(msg.op, msg.args) };
      } catch (err) {
        reply = { ok: false, ...describe(err) };
      }
      port.postMessage(reply);
      Atomics.store(flag, 0, 1);
      Atomics.notify(flag, 0);
    });
  });
}

/** The calling side; `waitMs` bounds one call (a worker that died never answers). */
export function syncCaller(
  worker: Worker,
  port: MessagePort,
  flag: Int32Array,
  receive: (port: MessagePort) => { message: unknown } | undefined,
  waitMs: number,
  fail: (message: string, code: string) => Error,
): SyncCaller {
  return {
    call<T>(op: string, args?: unknown): T {
      Atomics.store(flag, 0, 0);
      port.postMessage({ op, args });
      const deadline = Date.now() + waitMs;
      while (Atomics.load(flag, 0) === 0) {
        const left = deadline - Date.now();
        if (left <= 0) {
          void worker.terminate();
          throw fail(`the team store did not answer within ${waitMs} ms (${op})`, "IO");
        }
        Atomics.wait(flag, 0, 0, Math.min(left, 1000));
      }
      const got = receive(port);
      if (!got) throw fail(`the team store answered ${op} without a reply`, "INTERNAL");
      const reply = got.message as Reply;
      if (!reply.ok) throw fail(reply.message, reply.code);
      return reply.value as T;
    },
  };
}
