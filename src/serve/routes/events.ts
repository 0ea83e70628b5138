import { streamSSE } from "hono/streaming";
import type { RouteModule } from "../context.ts";

/** `GET /api/events`: server-sent events — `hello` on connect, then `append` (and `reload`), pings every 15 s. */
const PING_MS = 15_000;

export const events: RouteModule = (app, { brain, events: hub }) => {
  app.get("/api/events", (c) => {
    // HEAD: the headers only. Streaming it would subscribe a stream nobody reads, that no abort ever ends.
    if (c.req.method === "HEAD") return c.body(null, 200, { "content-type": "text/event-stream" });
    return streamSSE(c, async (stream) => {
      let chain = Promise.resolve();
      const send = (event: string, data: unknown) => {
        chain = chain.then(() => stream.writeSSE({ event, data: JSON.stringify(data) })).catch(() => {});
      };
      const unsubscribe = hub.subscribe(send);
      send("hello", { lines: brain.position.line });
      const ping = setInterval(() => {
        chain = chain
          .then(() => stream.write(": ping\n\n"))
          .then(
            () => {},
            () => {},
          );
      }, PING_MS);
      ping.unref();
      await new Promise<void>((resolve) => stream.onAbort(resolve));
      clearInterval(ping);
      unsubscribe();
    });
  });
};
