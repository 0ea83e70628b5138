import { z } from "zod";
import { DEFAULT_IDS } from "../../core/defaults.ts";
import { describeEvents, diffStates, entriesOf, stateAt } from "../../core/history.ts";
import type { RouteModule } from "../context.ts";
import { parse } from "../errors.ts";

/**
 * The brain at any point of its log (SERVE-API.md, "History"): the events, the fold after event N, and the
 * difference between two points. The log is read through the engine (`Brain.historyEvents`).
 */
const count = z.coerce.number().int().min(0);
const listQuery = z.object({ since: count.default(0), limit: count.max(10_000).default(1000) });
const stateQuery = z.object({ at: count });
const diffQuery = z.object({ from: count, to: count });

export const history: RouteModule = (app, { brain }) => {
  app.get("/api/history", (c) => {
    const q = parse(listQuery, c.req.query(), "query");
    const recs = brain.historyEvents();
    const events = describeEvents(recs, q.since + q.limit).slice(q.since);
    return c.json({ count: recs.length, events });
  });
  app.get("/api/history/state", (c) => {
    const q = parse(stateQuery, c.req.query(), "query");
    const recs = brain.historyEvents();
    const at = Math.min(q.at, recs.length);
    return c.json({ at, entries: entriesOf(stateAt(recs, at)), defaultIds: DEFAULT_IDS });
  });
  app.get("/api/history/diff", (c) => {
    const q = parse(diffQuery, c.req.query(), "query");
    const recs = brain.historyEvents();
    return c.json(diffStates(stateAt(recs, q.from), stateAt(recs, q.to)));
  });
};
