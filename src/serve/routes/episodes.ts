import { z } from "zod";
import type { RouteModule } from "../context.ts";
import { parse } from "../errors.ts";

/**
 * Episodes as a timeline: one page of sessions (newest first, `offset`/`limit`, with the `total`), each a
 * summary; a session's turns, in conversation order, come with `session=` (the viewer asks when one opens), so
 * a large history is never sent in one answer.
 */
const query = z.object({
  project: z.string().optional(),
  session: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(10_000).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

const str = (v: unknown) => (typeof v === "string" ? v : "");

export const episodes: RouteModule = (app, { brain }) => {
  app.get("/api/episodes", (c) => {
    const q = parse(query, c.req.query(), "query");
    const log = brain.recallEngine.episodes;
    log.refresh();
    const sessions = [];
    for (const s of log.sessions.values()) {
      if (q.session !== undefined && s.key !== q.session) continue;
      const turns = s.recs.map((r) => r.peek() as Record<string, unknown>);
      const project = turns.map((t) => str(t.project)).find(Boolean) ?? "";
      if (q.project !== undefined && project !== q.project) continue;
      const dates = turns
        .map((t) => str(t.date))
        .filter(Boolean)
        .sort();
      sessions.push({
        sessionId: s.key,
        project,
        first: dates[0] ?? "",
        last: dates[dates.length - 1] ?? "",
        count: turns.length,
        ...(q.session !== undefined
          ? {
              episodes: turns.map((t) => ({
                id: str(t.id),
                turn: str(t.turn),
                role: str(t.role) || str(t.speaker),
                ts: str(t.date),
                text: str(t.text),
              })),
            }
          : {}),
      });
    }
    sessions.sort((a, b) => (a.last < b.last ? 1 : a.last > b.last ? -1 : 0));
    return c.json({
      sessions: sessions.slice(q.offset, q.offset + q.limit),
      total: sessions.length,
      offset: q.offset,
    });
  });
};
