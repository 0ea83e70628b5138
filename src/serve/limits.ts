import type { Server } from "node:http";
import type { Socket } from "node:net";
import type { ServeSettings } from "../config-serve.ts";

type Caps = Pick<ServeSettings, "maxConnections" | "idleSocketMs">;

/**
 * The http.Server's own timeouts, given to createServer (through @hono/node-server's `serverOptions`): a
 * request head must arrive within `idleSocketMs` (slow headers), an idle keep-alive socket is closed after
 * it, and a whole request (head and body, at most `serve.maxBodyBytes`) within 30 s or `idleSocketMs`.
 * Node checks these every `connectionsCheckingInterval` (30 s by default: far too slow here).
 */
export function serverOptions(caps: Caps) {
  return {
    headersTimeout: caps.idleSocketMs,
    requestTimeout: Math.max(caps.idleSocketMs, 30_000),
    keepAliveTimeout: caps.idleSocketMs,
    connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(caps.idleSocketMs / 2))),
  };
}

/**
 * Connections without a request cannot make the server unavailable (issue 21: 4 500 idle sockets did). Node's
 * headersTimeout does not apply to a socket that never sends a byte, so every new socket gets its own timer:
 * no complete request head within `idleSocketMs`, and it is closed. At `maxConnections`, a new connection
 * evicts the oldest socket still waiting for its first request — a hook that connects and sends at once is
 * answered even while a flood of idle sockets comes in —; when every connection is busy it is closed itself.
 * The cap also keeps the server well below its file-descriptor limit (it must still open the log).
 */
export function limitConnections(server: Server, caps: Caps): () => number {
  const open = new Set<Socket>(); // counted until closed or evicted
  const waiting = new Map<Socket, NodeJS.Timeout>(); // no request yet, oldest first
  const forget = (socket: Socket) => {
    clearTimeout(waiting.get(socket));
    waiting.delete(socket);
  };
  const close = (socket: Socket) => {
    forget(socket);
    open.delete(socket);
    socket.destroy();
  };
  server.on("connection", (socket: Socket) => {
    open.add(socket);
    socket.once("close", () => close(socket));
    const timer = setTimeout(() => close(socket), caps.idleSocketMs);
    timer.unref();
    waiting.set(socket, timer);
    if (open.size > caps.maxConnections) close(waiting.keys().next().value ?? socket);
  });
  server.on("request", (req: { socket: Socket }) => forget(req.socket));
  return () => open.size;
}
