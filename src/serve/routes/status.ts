import { LIVE_TYPES } from "../../core/types.ts";
import type { RouteModule } from "../context.ts";

/** Health (the fold's health plus the server's) and stats. */
export const status: RouteModule = (app, ctx) => {
  const { brain } = ctx;
  const counts = () => Object.fromEntries(LIVE_TYPES.map((t) => [t, brain.state.count(t)]));

  app.get("/api/health", (c) => {
    brain.refresh();
    const entries = Object.values(counts()).reduce((a, b) => a + b, 0);
    return c.json({
      ...brain.health(),
      version: ctx.version,
      pid: process.pid,
      uptimeMs: Date.now() - ctx.startedMs,
      entries,
      /** Open event streams (each a viewer, usually). */
      subscribers: ctx.events.subscribers,
      /**
       * How the derived files were taken up: the fold snapshot ("loaded", or why not) and the recall index
       * ("none" before the first query, "loaded", or "rebuilt (why)") — a server that rebuilds at every start shows.
       */
      derived: { snapshot: brain.snapshotStatus, recallIndex: brain.recallEngine.status },
    });
  });

  app.get("/api/stats", (c) => {
    const text = brain.stats();
    return c.json({
      text,
      byType: counts(),
      removed: brain.state.tombstoned.size,
      bytes: brain.position.offset,
      lines: brain.position.line,
    });
  });
};
