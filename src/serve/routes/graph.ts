import { z } from "zod";
import { BrainError } from "../../core/errors.ts";
import type { RouteModule } from "../context.ts";
import { parse } from "../errors.ts";

/**
 * The association graph (SERVE-API.md, "Graph"): hubs, a node's neighbourhood (the node, its strongest
 * neighbours and the edges among them, for the viewer to draw), its weights over time, stats, and a rebuild
 * from the logs.
 */
const limit = (max: number, dflt: number) => z.coerce.number().int().min(1).max(max).default(dflt);
const hubsQuery = z.object({ limit: limit(100, 10) });
const nodeQuery = z.object({ q: z.string().trim().min(1), limit: limit(100, 20) });
const timelineQuery = z.object({ q: z.string().trim().min(1), limit: limit(20, 8) });

const missing = (q: string): never => {
  throw new BrainError("NOT_FOUND", `the graph has no node "${q}"`);
};

export const graph: RouteModule = (app, { brain }) => {
  app.get("/api/graph/hubs", (c) => {
    const q = parse(hubsQuery, c.req.query(), "query");
    return c.json({ hubs: brain.graph.hubs(q.limit) });
  });
  app.get("/api/graph/node", (c) => {
    const q = parse(nodeQuery, c.req.query(), "query");
    return c.json(brain.graph.neighbourhood(q.q, q.limit) ?? missing(q.q));
  });
  app.get("/api/graph/timeline", (c) => {
    const q = parse(timelineQuery, c.req.query(), "query");
    return c.json(brain.graph.timeline(q.q, q.limit) ?? missing(q.q));
  });
  app.get("/api/graph/stats", (c) => c.json(brain.graph.stats()));
  app.post("/api/graph/rebuild", (c) => c.json(brain.graph.rebuild()));
};
