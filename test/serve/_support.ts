/**
 * The resident server in tests: `brain serve` started as a real child process (the built CLI) in a sandbox,
 * its serve.json read back, and raw HTTP requests over a real socket (node:http, so a test can send any
 * Host header). Every server a test starts is stopped when the test ends.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { request } from "node:http";
import type { ServeInfo } from "../../src/serve/state-file.ts";
import { assertBuilt, BIN, childEnv, homeFor, type Sandbox } from "../support/cli.ts";
import type { EnvPatch } from "../support/env.ts";
import { type Started, startProcess } from "../support/spawn.ts";

export type { ServeInfo };

/** serve.json of the sandbox's brain, in its home (a team store's: its local directory). */
export const serveJson = (sb: Sandbox, env: EnvPatch = {}) => homeFor(sb, env).file("serveState");

export function readInfo(sb: Sandbox, env: EnvPatch = {}): ServeInfo {
  return JSON.parse(fs.readFileSync(serveJson(sb, env), "utf8")) as ServeInfo;
}

export interface Served {
  proc: Started;
  info: ServeInfo;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>;
}

/** Start `brain serve` and wait until it says it listens (serve.json is written before that line). */
export async function startServe(
  sb: Sandbox,
  t: { after: (fn: () => Promise<void> | void) => void },
  opts: { env?: Record<string, string | undefined>; args?: string[]; cwd?: string } = {},
): Promise<Served> {
  assertBuilt();
  const proc = startProcess(process.execPath, [BIN, "serve", ...(opts.args ?? [])], {
    env: childEnv(sb, opts.env),
    cwd: opts.cwd ?? sb.dir,
  });
  let exited = false;
  void proc.done.then(() => {
    exited = true;
  });
  const stop = async () => {
    if (!exited) proc.child.kill("SIGTERM");
    await proc.done;
  };
  t.after(stop);
  await proc.waitForLine(/listening on/);
  return { proc, info: readInfo(sb, opts.env), stop };
}

/** A parsed JSON answer, read freely by the tests (a wrong shape fails the assertion that reads it). */
// biome-ignore lint/suspicious/noExplicitAny: tests read JSON answers by path
export type Json = any;

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  body: Json;
}

export interface Req {
  method?: string;
  body?: unknown;
  /** Bearer token (default: the server's); null sends none. */
  token?: string | null;
  host?: string;
  headers?: Record<string, string>;
}

/** One HTTP request to the server on 127.0.0.1, parsed as JSON when it is JSON. */
export function http(info: ServeInfo, path: string, r: Req = {}): Promise<Reply> {
  const payload =
    r.body === undefined
      ? undefined
      : Buffer.from(typeof r.body === "string" ? r.body : JSON.stringify(r.body));
  const token = r.token === undefined ? info.token : r.token;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: info.port,
        path,
        method: r.method ?? "GET",
        agent: false,
        headers: {
          host: r.host ?? `127.0.0.1:${info.port}`,
          ...(token !== null ? { authorization: `Bearer ${token}` } : {}),
          ...(payload
            ? { "content-type": "application/json", "content-length": String(payload.length) }
            : {}),
          ...r.headers,
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8").on("data", (d: string) => {
          text += d;
        });
        res.on("end", () => {
          let body: unknown;
          try {
            body = JSON.parse(text);
          } catch {
            body = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body });
        });
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

/** Like `http`, asserting the status (the reply in the failure message). */
export async function ok(info: ServeInfo, path: string, r: Req = {}, status = 200): Promise<Json> {
  const res = await http(info, path, r);
  assert.equal(res.status, status, `${r.method ?? "GET"} ${path}: ${res.text}`);
  return res.body;
}

/** Poll `cond` a bounded number of times (never against the clock). */
export async function until(cond: () => boolean, what: string, polls = 400): Promise<void> {
  for (let i = 0; i < polls; i++) {
    if (cond()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  assert.fail(`${what}: not reached after ${polls} polls`);
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export interface SseEvent {
  event: string;
  data: unknown;
}

/** An open event stream: its events in order, and a wait for the next one matching. */
export function subscribe(info: ServeInfo) {
  const events: SseEvent[] = [];
  const waiters: { match: (e: SseEvent) => boolean; resolve: (e: SseEvent) => void }[] = [];
  let buf = "";
  const req = request({
    host: "127.0.0.1",
    port: info.port,
    path: "/api/events",
    agent: false,
    headers: { authorization: `Bearer ${info.token}` },
  });
  const opened = new Promise<Record<string, unknown>>((resolve, reject) => {
    req.on("response", (res) => {
      resolve(res.headers);
      res.setEncoding("utf8").on("data", (d: string) => {
        buf += d;
        for (let i = buf.indexOf("\n\n"); i >= 0; i = buf.indexOf("\n\n")) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (!event || data === undefined) continue;
          const e = { event, data: JSON.parse(data) };
          events.push(e);
          for (const w of [...waiters])
            if (w.match(e)) {
              waiters.splice(waiters.indexOf(w), 1);
              w.resolve(e);
            }
        }
      });
    });
    req.on("error", reject);
  });
  req.end();
  const next = (match: (e: SseEvent) => boolean) =>
    new Promise<SseEvent>((resolve) => {
      const seen = events.find(match);
      if (seen) resolve(seen);
      else waiters.push({ match, resolve });
    });
  return { opened, events, next, close: () => req.destroy() };
}
