import { z } from "zod";
import { DEFAULT_IDS } from "../../core/defaults.ts";
import { BrainError } from "../../core/errors.ts";
import { LIVE_TYPES, type LiveType } from "../../core/types.ts";
import type { RouteModule, ServeContext } from "../context.ts";
import { jsonBody, parse } from "../errors.ts";

/** Entries: list (filtered, paged), get (also a removed one, for undo), add or restore, update, remove. */
const listQuery = z.object({
  type: z.enum(LIVE_TYPES as [LiveType, ...LiveType[]]).optional(),
  q: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(10_000).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});

const noControl = (o: Record<string, unknown>) => !("action" in o) && !("dry_run" in o);
const fields = z.record(z.string(), z.unknown()).refine(noControl, "action and dry_run are not fields");
const addBody = z
  .looseObject({ type: z.string().min(1), id: z.string().min(1).optional() })
  .refine(noControl, {
    message: "action and dry_run are not fields",
  });
const patchBody = fields.refine((o) => Object.keys(o).length > 0, "nothing to change");

export const entries: RouteModule = (app, { brain }) => {
  app.get("/api/entries", (c) => {
    const q = parse(listQuery, c.req.query(), "query");
    brain.refresh();
    const needle = q.q?.trim().toLowerCase();
    const recs = [...(q.type ? brain.state.list(q.type) : brain.state.live())].filter(
      (r) => !needle || r.raw.toLowerCase().includes(needle),
    );
    return c.json({
      entries: recs.slice(q.offset, q.offset + q.limit).map((r) => r.entry),
      total: recs.length,
      /** The ids `brain init` wrote: the viewer shows those apart from the user's own memories. */
      defaultIds: DEFAULT_IDS,
    });
  });

  app.get("/api/entries/:id", (c) => {
    const id = c.req.param("id");
    brain.refresh();
    const live = brain.state.find(id);
    if (live) return c.json({ entry: live.entry });
    const removed = brain.lastRemoved(id);
    if (removed) return c.json({ entry: removed, removed: true });
    throw new BrainError("NOT_FOUND", `No entry with id "${id}"`);
  });

  app.post("/api/entries", async (c) => {
    const body = parse(addBody, await jsonBody(c), "body");
    // With an id: undo of a removal (the same id appended again resurrects it in the fold).
    const result = body.id ? await brain.restore(body) : await brain.act({ ...body, action: "add" });
    return c.json({ result }, 201);
  });

  app.patch("/api/entries/:id", async (c) => {
    const body = parse(patchBody, await jsonBody(c), "body");
    refuseMeta(brain, c.req.param("id"), "changed");
    const result = await brain.act({ ...body, action: "update", id: c.req.param("id") });
    return c.json({ result });
  });

  app.delete("/api/entries/:id", async (c) => {
    const id = c.req.param("id");
    brain.refresh();
    const entry = brain.state.find(id)?.entry;
    if (!entry) throw new BrainError("NOT_FOUND", `No entry with id "${id}"`);
    refuseMeta(brain, id, "removed");
    const result = await brain.act({ action: "remove", id });
    return c.json({ result, entry });
  });
};

/** A meta entry (schema_version) is the brain's own bookkeeping: the API neither changes nor removes it. */
function refuseMeta(brain: ServeContext["brain"], id: string, what: string): void {
  brain.refresh();
  const entry = brain.state.find(id)?.entry;
  if (entry?.type !== "meta") return;
  const key = typeof entry.key === "string" ? ` ${entry.key}` : "";
  throw new BrainError("INVALID", `"${id}" is the brain's meta entry${key}: it is not ${what} here`);
}
