import { createRequire } from "node:module";
import type { Worker } from "node:worker_threads";
import type { AppendNotice, WorkerConfig } from "./protocol.ts";
import { type SyncCaller, syncCaller } from "./sync-call.ts";

/**
 * Start the store's worker thread (pg-worker). Built, it is dist/.../pg-worker.js beside this module (the CLI
 * bundle has it as its own entry); from the TypeScript sources (tests), the worker registers tsx first.
 */
/** node:worker_threads, loaded when a team store opens (a JSONL brain's start-up never pays for it). */
const threads = () =>
  createRequire(import.meta.url)("node:worker_threads") as typeof import("node:worker_threads");

export function startWorker(
  config: WorkerConfig,
  waitMs: number,
  fail: (message: string, code: string) => Error,
  onNotice: (n: AppendNotice) => void,
): { worker: Worker; rpc: SyncCaller } {
  const { MessageChannel, receiveMessageOnPort, Worker } = threads();
  const { port1, port2 } = new MessageChannel();
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const here = import.meta.url;
  const options = { workerData: { port: port2, flag, config }, transferList: [port2] };
  let worker: Worker;
  if (here.endsWith(".ts")) {
    const api = import.meta.resolve("tsx/esm/api");
    const entry = new URL("./pg-worker.ts", here).href;
    const code = `import { register } from ${JSON.stringify(api)}; register(); await import(${JSON.stringify(entry)});`;
    worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(code)}`), options);
  } else {
    worker = new Worker(new URL("./pg-worker.js", here), options);
  }
  worker.on("message", (n: AppendNotice) => onNotice(n));
  worker.on("error", () => {});
  // The worker never keeps a process alive: a command ends when its work is done (unref after the listeners,
  // which would ref it again).
  worker.unref();
  port1.unref();
  return { worker, rpc: syncCaller(worker, port1, flag, receiveMessageOnPort, waitMs, fail) };
}
