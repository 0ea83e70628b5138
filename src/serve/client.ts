import { request } from "node:http";
import type { ServeInfo } from "./state-file.ts";

/**
 * Talk to the resident server over loopback (hooks, `brain serve --status/--stop`, tests). Kept to
 * node:http and nothing of ours beyond types: the prompt hook loads this on every prompt. Every failure
 * (refused, no answer in time, an error status) resolves to null: the caller falls back to in-process work.
 */
export interface AskOptions {
  /** Give up when the connection is not made within this (loopback connects in well under 1 ms). */
  connectMs?: number;
  /** Give up when the whole answer has not arrived within this. */
  totalMs?: number;
}

export interface Answer {
  status: number;
  body: unknown;
}

export function ask(
  info: Pick<ServeInfo, "port" | "token">,
  method: string,
  path: string,
  body?: unknown,
  opts: AskOptions = {},
): Promise<Answer | null> {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve) => {
    let settled = false;
    const finish = (a: Answer | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(total);
      resolve(a);
    };
    const req = request(
      {
        host: "127.0.0.1",
        port: info.port,
        method,
        path,
        agent: false,
        headers: {
          authorization: `Bearer ${info.token}`,
          ...(payload ? { "content-type": "application/json", "content-length": payload.length } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          try {
            finish({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString("utf8")) });
          } catch {
            finish(null);
          }
        });
        res.on("error", () => finish(null));
      },
    );
    const total = setTimeout(() => {
      req.destroy();
      finish(null);
    }, opts.totalMs ?? 2000);
    req.on("socket", (s) => {
      const connect = setTimeout(() => {
        if (s.connecting) {
          req.destroy();
          finish(null);
        }
      }, opts.connectMs ?? 50);
      s.once("connect", () => clearTimeout(connect));
      s.once("close", () => clearTimeout(connect));
    });
    req.on("error", () => finish(null));
    req.end(payload);
  });
}
