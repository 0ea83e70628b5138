import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { ResolvedConfig } from "../config.ts";
import { BrainError } from "../core/errors.ts";
import { Brain } from "../engine/brain.ts";
import { FileLock, writeLocalFile } from "../engine/local-files.ts";
import { brainOptions, homeOf } from "../engine/options.ts";
import { packageVersion } from "../package-root.ts";
import { createApp } from "./app.ts";
import type { RouteModule, ServeContext } from "./context.ts";
import { residentLearner } from "./learner.ts";
import { limitConnections, serverOptions } from "./limits.ts";
import { ROUTES } from "./routes/index.ts";
import { settingsWatch } from "./settings-watch.ts";
import { listenOwnSocket } from "./socket-listen.ts";
import { listenSpool, type SpoolReply, type SpoolRequest } from "./spool-server.ts";
import { EventHub } from "./sse.ts";
import { readServeInfo, type ServeInfo, serveDir, serveInfoPath } from "./state-file.ts";

/** How long the start-up graph build holds the event loop before it lets requests in. */
const GRAPH_SLICE_MS = 20;

export interface RunningServer {
  info: ServeInfo;
  url: string;
  /** Resolves when the server has stopped (idle, a signal, `brain serve --stop` or `stop()`). */
  stopped: Promise<string>;
  stop(reason?: string): Promise<void>;
}

export interface ServerOptions {
  routes?: RouteModule[];
  /** Called once the association graph is loaded or built (or its build was cancelled). */
  graphReady?: () => void;
}

/**
 * Start the resident server of this brain: one per brain (it holds `.brain/serve.lock` while it runs; a
 * second start fails with LOCKED), on 127.0.0.1, the configured port or a free one, a fresh random token,
 * recorded in `.brain/serve.json` (0600, written atomically; a stale one of a dead server is replaced).
 * It stops after `serve.idleMinutes` without an API request (an open event stream counts as use). `routes`: route
 * modules of the surface that starts it, after the server's own (`brain serve` adds the CLI's, src/cli/served-run.ts).
 */
export async function startServer(
  config: ResolvedConfig,
  cwd: string,
  opts: ServerOptions = {},
): Promise<RunningServer> {
  const home = homeOf(config);
  home.ensureLocal();
  const lock = new FileLock(home.lock("server"));
  try {
    lock.acquire({ timeoutMs: 0, purpose: "serve" });
  } catch (e) {
    if (!(e instanceof BrainError) || e.code !== "LOCKED") throw e;
    const other = readServeInfo(home);
    const where = other ? ` (pid ${other.pid}, http://127.0.0.1:${other.port}/)` : "";
    throw new BrainError("LOCKED", `a server is already running for this brain${where}`);
  }
  let brain: Brain | undefined;
  try {
    // A prompt's graph event is written once its answer is out (an append and its stamp: ~3 ms at 1M).
    const later = (work: () => void) =>
      setImmediate(() => {
        try {
          work();
        } catch {
          /* kept: the next read or write of the graph writes it */
        }
      });
    brain = Brain.open({ ...brainOptions(config, cwd), later, resident: true });
    return await listen(config, brain, lock, opts);
  } catch (e) {
    brain?.close();
    lock.release();
    throw e;
  }
}

async function listen(
  config: ResolvedConfig,
  brain: Brain,
  lock: FileLock,
  opts: ServerOptions,
): Promise<RunningServer> {
  const token = randomBytes(24).toString("base64url");
  const now = () => (config.fixedNow ? new Date(config.fixedNow.getTime()) : new Date());
  const events = new EventHub(brain);
  let port = 0;
  let lastUse = Date.now();
  const ctx: ServeContext = {
    brain,
    config,
    version: packageVersion(),
    startedMs: Date.now(),
    token,
    port: () => port,
    events,
    kickLearner: residentLearner(config, brain, now),
    now,
  };
  const reread = settingsWatch(config, brain);
  const app = createApp(ctx, {
    routes: [...ROUTES, ...(opts.routes ?? [])],
    onRequest: () => {
      lastUse = Date.now();
      reread();
    },
  });
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve(
      {
        fetch: app.fetch,
        hostname: "127.0.0.1",
        port: config.serve.port ?? 0,
        serverOptions: serverOptions(config.serve),
      },
      () => resolve(s),
    );
    limitConnections(s as Server, config.serve);
    s.once("error", (e: NodeJS.ErrnoException) =>
      reject(
        new BrainError("IO", `cannot listen on 127.0.0.1:${config.serve.port ?? 0} (${e.code ?? e.message})`),
      ),
    );
  });
  port = (server.address() as AddressInfo).port;
  // The hooks and the CLI talk only over this socket of this user's own (src/serve/own-socket.ts).
  const own = await listenOwnSocket(server as Server, serveDir(homeOf(config))).catch(() => null);
  // The same requests through files beside it, for clients that load no node:net (src/serve/spool.ts).
  const spool = own
    ? await listenSpool(own.path, (r) => spoolAnswer(app, port, r), config.serve.maxBodyBytes).catch(
        () => null,
      )
    : null;
  const info: ServeInfo = {
    pid: process.pid,
    port,
    token,
    ...(own ? { socket: own.path } : {}),
    ...(spool ? { spool: spool.dir } : {}),
    startedAt: new Date().toISOString(),
    version: ctx.version,
  };
  try {
    writeLocalFile(serveInfoPath(homeOf(config)), `${JSON.stringify(info, null, 2)}\n`);
  } catch (e) {
    server.close(); // nobody could find it: do not keep listening
    spool?.close();
    await own?.close();
    throw e;
  }
  events.start(brain.store.file, undefined, brain.store.subscribe?.bind(brain.store));
  const home = homeOf(config);
  events.watchFiles([home.file("proposals"), home.file("inbox"), home.file("mind")]);
  // The association graph loaded now rather than on the first prompt (a hook waits for the server's answer);
  // a graph built from the logs (no file yet: a million turns take minutes) is built in slices of ~20 ms, so
  // the server answers meanwhile (the prompt step without graph lines until it is ready).
  let sliceStart = performance.now();
  let stopping: Promise<void> | null = null;
  void brain.graph
    .warm({
      // A server stopped while it builds (SIGTERM, idle) ends the build: it kept the process alive for minutes.
      cancelled: () => stopping !== null,
      due: () => performance.now() - sliceStart > GRAPH_SLICE_MS,
      pause: () =>
        new Promise<void>((r) =>
          setImmediate(() => {
            sliceStart = performance.now();
            r();
          }),
        ),
    })
    .finally(() => opts.graphReady?.());

  let done: (reason: string) => void = () => {};
  const stopped = new Promise<string>((r) => (done = r));
  const idleMs = config.serve.idleMinutes * 60_000;
  const idle =
    idleMs > 0
      ? setInterval(
          () => {
            if (events.subscribers === 0 && Date.now() - lastUse >= idleMs) void stop("idle");
          },
          Math.max(50, Math.min(idleMs / 4, 30_000)),
        )
      : null;
  idle?.unref();
  // Derived files (fold snapshot, recall index) saved now and then, so a hook that falls back starts warm.
  const persist = setInterval(() => brain.persist(), 60_000);
  persist.unref();

  const stop = (reason = "stopped"): Promise<void> => {
    stopping ??= (async () => {
      if (idle) clearInterval(idle);
      clearInterval(persist);
      events.stop();
      await new Promise<void>((r) => {
        server.close(() => r());
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      });
      spool?.close();
      await own?.close();
      if (readServeInfo(homeOf(config))?.pid === process.pid)
        fs.rmSync(serveInfoPath(homeOf(config)), { force: true });
      brain.close();
      lock.release();
      done(reason);
    })();
    return stopping;
  };
  return { info, url: `http://127.0.0.1:${port}/`, stopped, stop };
}

/** A spool request answered by the app as the same request through the socket would be. */
async function spoolAnswer(
  app: { fetch: (r: Request) => Response | Promise<Response> },
  port: number,
  r: SpoolRequest,
): Promise<SpoolReply> {
  const res = await app.fetch(
    new Request(`http://127.0.0.1:${port}${r.path}`, {
      method: r.method,
      headers: {
        host: `127.0.0.1:${port}`,
        authorization: `Bearer ${r.token}`,
        "content-type": "application/json",
      },
      ...(r.method === "GET" || r.method === "HEAD" ? {} : { body: r.body }),
    }),
  );
  return { status: res.status, body: await res.text() };
}
