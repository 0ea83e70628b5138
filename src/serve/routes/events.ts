import type { HttpBindings } from "@hono/node-server";
import { streamSSE } from "hono/streaming";
import type { RouteModule } from "../context.ts";
import { refuse } from "../errors.ts";
import { Feed, frame, PING } from "../feed.ts";

/**
 * `GET /api/events`: server-sent events — `hello` on connect, then `append` (and `reload`; `changed` for a
 * local file shown beside the log: proposals, the inbox, the mind), pings every 15 s.
 * Each subscriber's backlog is capped by `serve.eventBacklogBytes` (feed.ts): one that does not read is dropped.
 * A stream past `maxStreams` is refused (503).
 */
const PING_MS = 15_000;

/**
 * Event streams hold their connection for as long as they are open: at most a quarter of the connections
 * may be streams (32 by default: a viewer tab holds one), so streams never leave hooks and CLIs no slot.
 */
export const maxStreams = (maxConnections: number) => Math.max(1, Math.floor(maxConnections / 4));

export const events: RouteModule = (app, { brain, events: hub, config }) => {
  app.get("/api/events", (c) => {
    // HEAD: the headers only. Streaming it would subscribe a stream nobody reads, that no abort ever ends.
    if (c.req.method === "HEAD") return c.body(null, 200, { "content-type": "text/event-stream" });
    if (hub.subscribers >= maxStreams(config.serve.maxConnections))
      return refuse(c, 503, "busy", "too many open event streams; try again later");
    const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
    return streamSSE(c, async (stream) => {
      const feed = new Feed({
        write: (bytes) => stream.write(bytes),
        cap: config.serve.eventBacklogBytes,
        buffered: () => outgoing?.writableLength ?? 0,
        drop: () => {
          outgoing?.destroy();
          stream.abort();
        },
      });
      const unsubscribe = hub.subscribe((event, data) => feed.send(frame(event, data)));
      feed.send(frame("hello", { lines: brain.position.line }));
      const ping = setInterval(() => feed.send(PING), PING_MS);
      ping.unref();
      await new Promise<void>((resolve) => stream.onAbort(resolve));
      clearInterval(ping);
      unsubscribe();
    });
  });
};
