import { z } from "zod";
import type { RouteModule } from "../context.ts";
import { parse } from "../errors.ts";

/** Search every entry type and episodes in the relevance index. */
const query = z.object({
  q: z.string().trim().min(1),
  kinds: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(20),
});

const str = (v: unknown) => (typeof v === "string" ? v : undefined);

export const search: RouteModule = (app, { brain }) => {
  app.get("/api/search", (c) => {
    const q = parse(query, c.req.query(), "query");
    const kinds = q.kinds
      ?.split(",")
      .map((k) => k.trim())
      .filter(Boolean);
    const r = brain.search(q.q, {
      limit: q.limit,
      ...(kinds?.length ? { types: kinds as never } : {}),
    });
    const hits = r.hits.map((h) => {
      const e = h.entry as Record<string, unknown>;
      const sessionId = str(e.session);
      const project = str(e.project) ?? str(e.projectPath);
      const ts = str(e.date) ?? str(e.created);
      return {
        id: h.id,
        kind: h.type,
        text: h.text,
        score: h.score,
        ...(sessionId ? { sessionId } : {}),
        ...(project ? { project } : {}),
        ...(ts ? { ts } : {}),
      };
    });
    return c.json({ hits, total: r.total });
  });
};
