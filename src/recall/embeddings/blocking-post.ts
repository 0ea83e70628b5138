import { createRequire } from "node:module";
import type { Worker } from "node:worker_threads";

/**
 * A blocking HTTP POST, for the one place that needs a network answer inside synchronous code: ranking
 * for `Brain.context()` / `Brain.recall()`, which are synchronous. A worker thread does the `fetch`; this
 * thread waits on a shared flag (Atomics.wait) and then takes the reply off its port synchronously.
 * Written here rather than taken from `synckit` (the usual library for this) because synckit runs a worker
 * FILE, which a bundled binary cannot be relied on to ship; the worker below is an inline script of a few
 * lines. The worker is created on first use and does not keep the process alive.
 */
export type PostReply = { status: number; text: string } | { error: string };

const SCRIPT = `
const { parentPort } = require("node:worker_threads");
parentPort.on("message", async (m) => {
  let reply;
  try {
    const res = await fetch(m.url, { method: "POST", headers: m.headers, body: m.body, signal: AbortSignal.timeout(m.timeoutMs) });
    reply = { status: res.status, text: await res.text() };
  } catch (e) {
    reply = { error: e && e.name === "TimeoutError" ? "timed out after " + m.timeoutMs + " ms" : String((e && e.cause && e.cause.message) || (e && e.message) || e) };
  }
  m.port.postMessage(reply);
  Atomics.store(m.flag, 0, 1);
  Atomics.notify(m.flag, 0);
});
`;

let worker: Worker | null = null;
/** node:worker_threads, loaded on the first post (only brains with embeddings configured post). */
const requireBuiltin = createRequire(import.meta.url);
const threads = () => requireBuiltin("node:worker_threads") as typeof import("node:worker_threads");

export function postJsonSync(
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): PostReply {
  const { MessageChannel, receiveMessageOnPort, Worker } = threads();
  if (!worker) {
    worker = new Worker(SCRIPT, { eval: true });
    worker.unref();
    worker.on("error", () => {
      worker = null;
    });
  }
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  try {
    worker.postMessage({ flag, port: port2, url, headers, body, timeoutMs }, [port2]);
    // The worker's own timeout answers first; this one only guards against a worker that died.
    const waited = Atomics.wait(flag, 0, 0, timeoutMs + 5000);
    const got = receiveMessageOnPort(port1);
    if (waited === "timed-out" || !got) return { error: `no reply within ${timeoutMs} ms` };
    return got.message as PostReply;
  } finally {
    port1.close();
  }
}
