import { Hono } from "hono";
import { z } from "zod";
import { BrainError } from "../../core/errors.ts";
import { describeEvents, diffStates, entriesOf, stateAt } from "../../core/history.ts";
import type { Brain } from "../../engine.ts";

/**
 * The brain at any point of its log (SERVE-API.md, "History"): the events, the fold after event N, and
 * the difference between two points. Mounted at /api/history; the log is read through the engine.
 */
const count = z.coerce.number().int().min(0);
const ListQuery = z.object({ since: count.default(0), limit: count.max(10_000).default(1000) });
const StateQuery = z.object({ at: count });
const DiffQuery = z.object({ from: count, to: count });

function parse<T>(schema: z.ZodType<T>, query: Record<string, string>): T {
  const r = schema.safeParse(query);
  if (!r.success)
    throw new BrainError("INVALID", "invalid query", { issues: r.error.issues.map((i) => i.message) });
  return r.data;
}

export function historyRoutes(brain: Brain): Hono {
  const app = new Hono();
  app.get("/", (c) => {
    const q = parse(ListQuery, c.req.query());
    const { recs, skipped } = brain.historyEvents();
    const events = describeEvents(recs).slice(q.since, q.since + q.limit);
    return c.json({ count: recs.length, skipped, events });
  });
  app.get("/state", (c) => {
    const q = parse(StateQuery, c.req.query());
    const { recs } = brain.historyEvents();
    const at = Math.min(q.at, recs.length);
    return c.json({ at, entries: entriesOf(stateAt(recs, at)) });
  });
  app.get("/diff", (c) => {
    const q = parse(DiffQuery, c.req.query());
    const { recs } = brain.historyEvents();
    return c.json(diffStates(stateAt(recs, q.from), stateAt(recs, q.to)));
  });
  return app;
}
