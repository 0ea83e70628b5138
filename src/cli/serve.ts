import * as fs from "node:fs";
import type { ResolvedConfig } from "../config.ts";
import { BrainError } from "../core/errors.ts";
import { homeOf } from "../engine/options.ts";
import { ask } from "../serve/ask.ts";
import { startServerDetached } from "../serve/spawn.ts";
import {
  liveServeInfo,
  pidAlive,
  readServeInfo,
  type ServeInfo,
  serveInfoPath,
} from "../serve/state-file.ts";
import { cliConfig } from "./cli-config.ts";
import { launchViewer } from "./launch.ts";
import type { GlobalOpts } from "./open.ts";
import { requireBrain } from "./open-layer.ts";
import { print, printJson } from "./output.ts";

export interface ServeOpts extends GlobalOpts {
  stop?: boolean;
  status?: boolean;
  quiet?: boolean;
  port?: string;
  idleMinutes?: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function number(v: string | undefined, name: string, min: number, max = Number.MAX_SAFE_INTEGER) {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || n < min || n > max)
    throw new BrainError("INVALID", `${name} must be a number from ${min} to ${max} (got ${v})`);
  return n;
}

/** `brain serve`: run the resident server in the foreground (`--stop`, `--status` act on a running one). */
export async function runServe(o: ServeOpts): Promise<number> {
  const config = cliConfig(o.brain);
  if (o.status) return status(config, Boolean(o.json));
  if (o.stop) return stop(config, Boolean(o.json));
  const port = number(o.port, "--port", 0, 65535);
  const idle = number(o.idleMinutes, "--idle-minutes", 0);
  const serve = {
    ...config.serve,
    ...(port !== undefined ? { port } : {}),
    ...(idle !== undefined ? { idleMinutes: idle } : {}),
  };
  const heap = await import("../serve/heap.ts");
  heap.holdHeap(heap.buildingPercent(serve.heapGrowingPercent));
  const { startServer } = await import("../serve/server.ts");
  const { servedCommands } = await import("./served-run.ts");
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer({ ...config, serve }, o.cwd ?? process.cwd(), {
      routes: [servedCommands],
      graphReady: () => heap.holdHeap(serve.heapGrowingPercent),
    });
  } catch (e) {
    // Started by a hook while another one runs: nothing to do.
    if (o.quiet && e instanceof BrainError && e.code === "LOCKED") return 0;
    throw e;
  }
  for (const sig of ["SIGTERM", "SIGINT", "SIGHUP"] as const)
    process.once(sig, () => void server.stop(`signal ${sig}`));
  // The URL that works: the viewer on the port really bound, its token in the fragment (as `brain open`).
  const viewer = viewerUrl(server.info);
  if (o.json) printJson({ ok: true, url: server.url, viewer, pid: server.info.pid, port: server.info.port });
  else if (!o.quiet) print(`brain serve: listening on ${viewer} (pid ${server.info.pid}; Ctrl-C stops it)`);
  const reason = await server.stopped;
  if (!o.quiet && !o.json) print(`brain serve: stopped (${reason})`);
  return 0;
}

/** The pid recorded in the server's lock (so --stop never signals a process that merely reused the pid). */
function lockHolder(config: ResolvedConfig): number | null {
  try {
    const p = JSON.parse(fs.readFileSync(`${homeOf(config).lock("server")}.lock`, "utf8")) as {
      pid?: unknown;
    };
    return typeof p.pid === "number" ? p.pid : null;
  } catch {
    return null;
  }
}

async function status(config: ResolvedConfig, json: boolean): Promise<number> {
  const info = readServeInfo(homeOf(config));
  const running = info !== null && pidAlive(info.pid);
  const health = running ? await ask(info, "GET", "/api/health", undefined, { totalMs: 3000 }) : null;
  const h = (health?.status === 200 ? health.body : null) as {
    entries?: number;
    uptimeMs?: number;
    derived?: { snapshot?: string; recallIndex?: string };
  } | null;
  if (json) {
    printJson({
      running,
      ...(info ? { pid: info.pid, port: info.port, url: `http://127.0.0.1:${info.port}/` } : {}),
      ...(info ? { startedAt: info.startedAt, version: info.version } : {}),
      ...(info && !running ? { stale: true } : {}),
      ...(h
        ? { answering: true, entries: h.entries, uptimeMs: h.uptimeMs, derived: h.derived }
        : running
          ? { answering: false }
          : {}),
      file: serveInfoPath(homeOf(config)),
    });
    return 0;
  }
  if (!info) print("brain serve: not running");
  else if (!running)
    print(`brain serve: not running (stale ${serveInfoPath(homeOf(config))}: pid ${info.pid} is gone)`);
  else
    print(
      `brain serve: running, pid ${info.pid}, http://127.0.0.1:${info.port}/ since ${info.startedAt}` +
        (h ? `, ${h.entries} entries` : ", not answering") +
        (h?.derived
          ? `\n  fold snapshot: ${h.derived.snapshot}; recall index: ${h.derived.recallIndex}`
          : ""),
    );
  return 0;
}

async function stop(config: ResolvedConfig, json: boolean): Promise<number> {
  const info = readServeInfo(homeOf(config));
  let outcome: string;
  if (!info) outcome = "not running";
  else if (!pidAlive(info.pid) || lockHolder(config) !== info.pid) {
    fs.rmSync(serveInfoPath(homeOf(config)), { force: true });
    outcome = "not running (removed a stale serve.json)";
  } else {
    process.kill(info.pid, "SIGTERM");
    for (let i = 0; i < 200 && pidAlive(info.pid); i++) await sleep(25);
    if (pidAlive(info.pid))
      throw new BrainError("IO", `the server (pid ${info.pid}) did not stop within 5 s`);
    outcome = `stopped (pid ${info.pid})`;
  }
  if (json) printJson({ ok: true, outcome });
  else print(`brain serve: ${outcome}`);
  return 0;
}

/**
 * The server serve.json records when it answers on its own socket as the process serve.json names: only
 * then is the port it records its own (a crashed server's port and pid may be anyone's since).
 */
async function answering(config: ResolvedConfig): Promise<ServeInfo | null> {
  const info = liveServeInfo(homeOf(config));
  if (!info) return null;
  const health = await ask(info, "GET", "/api/health", undefined, { totalMs: 3000 });
  const pid = (health?.body as { pid?: unknown } | undefined)?.pid;
  return health?.status === 200 && pid === info.pid ? info : null;
}

/** The server of this brain, started in the background if needed (waits up to `ms` for it to answer). */
async function ensureRunning(config: ResolvedConfig, ms = 10_000): Promise<ServeInfo> {
  let info = await answering(config);
  if (info) return info;
  if (!startServerDetached(config.brainPath)) throw new BrainError("IO", "could not start `brain serve`");
  for (let waited = 0; waited < ms && !info; waited += 50) {
    await sleep(50);
    info = await answering(config);
  }
  if (!info) throw new BrainError("IO", `\`brain serve\` did not start within ${ms / 1000} s`);
  return info;
}

/** The viewer's URL: the token in the fragment, which a browser keeps to the page (never sent, never logged). */
function viewerUrl(info: { port: number; token: string }): string {
  return `http://127.0.0.1:${info.port}/#token=${encodeURIComponent(info.token)}`;
}

/** `brain open`: the viewer's URL with the token (starting the server if needed); `--launch` opens a browser. */
export async function runOpen(o: GlobalOpts & { launch?: boolean }): Promise<number> {
  const config = cliConfig(o.brain);
  requireBrain(config); // a viewer for a mistyped path would start a server and make its directory
  const info = await ensureRunning(config);
  const url = viewerUrl(info);
  if (o.json) printJson({ ok: true, url, pid: info.pid });
  else print(url);
  if (o.launch) launchViewer(homeOf(config), url); // never the URL itself as an argument: launch.ts
  return 0;
}
