import { z } from "zod";
import type { RouteModule } from "../context.ts";
import { parse } from "../errors.ts";

/**
 * The model-free learner's inbox (`.brain/inbox.jsonl`, issue 11): list, accept, reject, edit — the same
 * engine methods `brain inbox`, the MCP tool and pi use.
 */
const list = z.object({ all: z.enum(["1", "true", "0", "false"]).optional() });
const edit = z.object({ text: z.string().trim().min(1) });

export const inbox: RouteModule = (app, { brain }) => {
  app.get("/api/inbox", async (c) => {
    const q = parse(list, c.req.query(), "query");
    const all = q.all === "1" || q.all === "true";
    return c.json({ items: await brain.inbox({ all }) });
  });
  app.post("/api/inbox/:id/accept", async (c) => c.json(await brain.inboxAccept(c.req.param("id"))));
  app.post("/api/inbox/:id/reject", async (c) => c.json(await brain.inboxReject(c.req.param("id"))));
  app.patch("/api/inbox/:id", async (c) => {
    const body = parse(edit, await c.req.json().catch(() => undefined), "body");
    return c.json(await brain.inboxEdit(c.req.param("id"), body.text));
  });
};
