import { z } from "zod";
import type { RouteModule } from "../context.ts";
import { parse } from "../errors.ts";

/**
 * The review queue of lessons from mistakes (issue 28: `brain proposals`, `brain_proposals`): list, show with
 * evidence and diff, accept, edit, reject — the same engine methods the CLI and the tools use. Accepting
 * applies through the append-only brain-file path; nothing here runs a proposed tool or command.
 */
const STATUSES = ["pending", "accepted", "applied", "rejected", "reverted", "all"] as const;
const list = z.object({ status: z.enum(STATUSES).optional() });
const text = z.object({ text: z.string().trim().min(1) });
const accept = z.object({ text: z.string().trim().min(1).optional() }).optional();

export const proposals: RouteModule = (app, { brain }) => {
  app.get("/api/proposals", async (c) => {
    const q = parse(list, c.req.query(), "query");
    return c.json({ proposals: await brain.improve.proposals(q.status ?? "pending") });
  });
  app.get("/api/proposals/:id", async (c) => c.json(await brain.improve.proposal(c.req.param("id"))));
  app.post("/api/proposals/:id/accept", async (c) => {
    const body = parse(accept, await c.req.json().catch(() => undefined), "body");
    return c.json({ proposal: await brain.improve.accept(c.req.param("id"), body?.text) });
  });
  app.post("/api/proposals/:id/reject", async (c) =>
    c.json({ proposal: await brain.improve.reject(c.req.param("id")) }),
  );
  app.patch("/api/proposals/:id", async (c) => {
    const body = parse(text, await c.req.json().catch(() => undefined), "body");
    return c.json({ proposal: await brain.improve.edit(c.req.param("id"), body.text) });
  });
};
