import { connect } from "node:net";
import { ownSocket } from "./own-socket.ts";
import type { ServeInfo } from "./state-file.ts";

/**
 * Talk to the resident server (hooks, `brain serve --status`, `brain open`) through its socket of this user's
 * own, never its TCP port: nothing — no request, no token — is sent before the socket is shown to be this
 * user's (src/serve/own-socket.ts). One HTTP/1.1 request per connection written on a plain socket: the
 * prompt hook loads this on every prompt, and node:http costs it several milliseconds of start-up that
 * node:net does not. Every failure (no socket of ours, refused, no answer in time, a malformed or oversized
 * answer) resolves to null: the caller falls back to in-process work.
 */
export interface AskOptions {
  /**
   * Give up when the whole answer has not arrived within this. There is no separate budget to connect: the
   * kernel answers a Unix socket's connect at once (refused, missing, or queued for the server), so such a
   * budget would bound only this process's own scheduling delay — on a loaded machine tens of ms, after
   * which the in-process fallback costs far more than the wait.
   */
  totalMs?: number;
  /** Give up on an answer larger than this many bytes (default 1 MiB: an answer of ours is kilobytes). */
  maxBytes?: number;
}

export interface Answer {
  status: number;
  body: unknown;
}

/** The status and body of a complete HTTP/1.1 response (chunked or not); null when it is not one. */
export function parseResponse(raw: Buffer): { status: number; body: string } | null {
  const end = raw.indexOf("\r\n\r\n");
  if (end < 0) return null;
  const head = raw.subarray(0, end).toString("latin1").split("\r\n");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head[0] ?? "")?.[1]);
  if (!status) return null;
  const chunked = head.some((h) => /^transfer-encoding:\s*chunked/i.test(h));
  let rest = raw.subarray(end + 4);
  if (!chunked) return { status, body: rest.toString("utf8") };
  const parts: Buffer[] = [];
  for (;;) {
    const eol = rest.indexOf("\r\n");
    if (eol < 0) return null;
    const size = Number.parseInt(rest.subarray(0, eol).toString("latin1"), 16);
    if (Number.isNaN(size)) return null;
    if (size === 0) return { status, body: Buffer.concat(parts).toString("utf8") };
    parts.push(rest.subarray(eol + 2, eol + 2 + size));
    rest = rest.subarray(eol + 2 + size + 2);
  }
}

export function ask(
  info: Pick<ServeInfo, "port" | "token" | "socket">,
  method: string,
  path: string,
  body?: unknown,
  opts: AskOptions = {},
): Promise<Answer | null> {
  const socketPath = ownSocket(info.socket);
  if (!socketPath) return Promise.resolve(null);
  const maxBytes = opts.maxBytes ?? 1 << 20;
  const payload = Buffer.from(body === undefined ? "" : JSON.stringify(body));
  const head =
    `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1:${info.port}\r\nAuthorization: Bearer ${info.token}\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${payload.length}\r\nConnection: close\r\n\r\n`;
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (a: Answer | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(totalTimer);
      socket.destroy();
      resolve(a);
    };
    const socket = connect(socketPath, () => {
      // Not half-closed: Node's HTTP server drops a connection whose client ended before the answer was ready.
      // `Connection: close` has the server close it after the answer.
      socket.write(Buffer.concat([Buffer.from(head, "latin1"), payload]));
    });
    const totalTimer = setTimeout(() => finish(null), opts.totalMs ?? 2000);
    socket.on("data", (c: Buffer) => {
      size += c.length;
      if (size > maxBytes) finish(null);
      else chunks.push(c);
    });
    socket.on("error", () => finish(null));
    socket.on("end", () => {
      const r = parseResponse(Buffer.concat(chunks));
      if (!r) return finish(null);
      try {
        finish({ status: r.status, body: JSON.parse(r.body) });
      } catch {
        finish(null);
      }
    });
  });
}
