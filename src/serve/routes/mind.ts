import { z } from "zod";
import type { RouteModule } from "../context.ts";
import { parse } from "../errors.ts";

/**
 * The agent's own mind (issue 27), read-only, for the viewer's Mind tab: what the agent sees when it decides
 * (the decision context and its text), every goal, the affect over time (seed 001's history of emotions and
 * hormones, oldest first), the recent thoughts and what was explored last. A brain without a mind answers
 * `{ exists: false }` and reading creates no file.
 */
const mindQuery = z.object({
  q: z.string().trim().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(20),
});

export const mind: RouteModule = (app, { brain }) => {
  app.get("/api/mind", (c) => {
    const q = parse(mindQuery, c.req.query(), "query");
    const m = brain.mind;
    if (!m.exists) return c.json({ exists: false });
    const decision = m.decisionContext(q.q ? { query: q.q } : {});
    const s = m.state();
    const last = <T>(l: T[]) => l.slice(-q.limit);
    return c.json({
      exists: true,
      decision,
      goals: s.goals,
      affect: s.history.map((p) => ({
        at: p.at,
        emotions: p.emotions,
        hormones: p.hormones,
        outcome: p.outcome,
      })),
      thoughts: last(s.thoughts).map((t) => ({ at: t.at, text: t.text })),
      explored: {
        paths: last([...s.exploredPaths.values()]),
        urls: last([...s.exploredUrls.values()]),
      },
      ticks: s.ticks,
    });
  });
};
