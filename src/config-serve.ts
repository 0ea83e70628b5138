import { BrainError } from "./core/errors.ts";

/** The resident server's settings (`"serve": { … }` in the settings file), parsed by config.ts. */
export interface ServeSettings {
  /** Port to listen on (127.0.0.1); a free one when absent. */
  port?: number;
  /** Exit after this many minutes without an API request (0: never). */
  idleMinutes: number;
  /**
   * The session-start hooks (Claude Code, pi) start the server in the background when it is not running (on by
   * default; `serve.autoStart: false` or BRAIN_SERVE_AUTOSTART=0 turns it off).
   */
  autoStart: boolean;
  /**
   * Open connections at most. At the cap a new connection evicts the oldest one that has not sent a request
   * yet (so idle sockets cannot lock the hooks out); when every connection is busy, the new one is closed.
   */
  maxConnections: number;
  /** A connection that sends no complete request head within this is closed (also the keep-alive timeout). */
  idleSocketMs: number;
  /** Largest request body: a larger one is refused with 413 before it is read. */
  maxBodyBytes: number;
  /** An event-stream subscriber whose unsent backlog passes this is dropped (a client that does not read). */
  eventBacklogBytes: number;
  /**
   * How far the server's JS heap may grow past what its last full collection kept, in percent (V8's
   * `--heap-growing-percent`, set by `brain serve` for its own process; 0 leaves V8's own rule, which lets a
   * large heap grow to 4× its live data); half of it while the association graph loads or builds. A million
   * turns keep ~0.4 GB live on the heap: V8's rule let the server reach 2.5 GB of RSS (src/serve/heap.ts).
   */
  heapGrowingPercent: number;
}

export const DEFAULT_SERVE: ServeSettings = {
  idleMinutes: 30,
  autoStart: true,
  // Far above a viewer (a handful) plus hooks and CLIs, far below the descriptor limit (1024 is common).
  maxConnections: 128,
  // Loopback clients send their request at once; an idle socket is closed quickly.
  idleSocketMs: 5000,
  // A prompt pasted into a hook is the largest legitimate body; a larger one makes the hook work in process.
  maxBodyBytes: 1024 * 1024,
  // A batch of appends is a few kB per entry; a reading client drains a megabyte in milliseconds.
  eventBacklogBytes: 1024 * 1024,
  heapGrowingPercent: 100,
};

export function parseServe(file: string, v: unknown): ServeSettings {
  if (v === null || typeof v !== "object" || Array.isArray(v))
    throw new BrainError("CONFIG", `${file}: "serve" must be an object`, { key: "serve" });
  const o = v as Record<string, unknown>;
  const out: ServeSettings = { ...DEFAULT_SERVE };
  if (o.port !== undefined) {
    const port = num(file, "serve.port", o.port, 1);
    if (!Number.isInteger(port) || port > 65535)
      throw new BrainError("CONFIG", `${file}: "serve.port" must be a port number`, { key: "serve.port" });
    out.port = port;
  }
  if (o.idleMinutes !== undefined) out.idleMinutes = num(file, "serve.idleMinutes", o.idleMinutes, 0);
  if (o.autoStart !== undefined) {
    if (typeof o.autoStart !== "boolean")
      throw new BrainError("CONFIG", `${file}: "serve.autoStart" must be true or false`, {
        key: "serve.autoStart",
      });
    out.autoStart = o.autoStart;
  }
  for (const key of ["maxConnections", "idleSocketMs", "maxBodyBytes", "eventBacklogBytes"] as const)
    if (o[key] !== undefined) out[key] = Math.floor(num(file, `serve.${key}`, o[key], 1));
  if (o.heapGrowingPercent !== undefined)
    out.heapGrowingPercent = Math.floor(num(file, "serve.heapGrowingPercent", o.heapGrowingPercent, 0));
  return out;
}

function num(file: string, key: string, v: unknown, min: number): number {
  if (typeof v !== "number" || !Number.isFinite(v) || v < min)
    throw new BrainError("CONFIG", `${file}: "${key}" must be a number ≥ ${min} (got ${JSON.stringify(v)})`, {
      key,
    });
  return v;
}
