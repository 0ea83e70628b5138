import { z } from "zod";
import type { RouteModule } from "../context.ts";
import { jsonBody, parse } from "../errors.ts";

/** The context for a cwd, query and budget, with every candidate kept or cut and why. */
const body = z.object({
  cwd: z.string().min(1).optional(),
  query: z.string().optional(),
  budget: z.number().int().min(1).max(1_000_000).optional(),
  /** Every candidate kept or cut (default). Off: only what was kept — much cheaper on a large brain. */
  explain: z.boolean().default(true),
});

export const context: RouteModule = (app, { brain }) => {
  app.post("/api/context", async (c) => {
    const req = parse(body, await jsonBody(c), "body");
    const r = brain.context(req);
    const explain = [
      ...r.kept.map((k) => ({
        ...(k.entryId ? { id: k.entryId } : { path: k.label }),
        kind: k.entryId ? "entry" : "line",
        label: k.label,
        section: k.section,
        kept: true,
        reason: "kept",
        ...(k.score !== undefined ? { score: k.score } : {}),
        budgetLeft: k.budgetLeft,
      })),
      ...r.cuts.map((k) => ({
        ...(k.entryId ? { id: k.entryId } : { path: k.label }),
        kind: k.entryId ? "entry" : "line",
        label: k.label,
        section: k.section,
        kept: false,
        reason: k.reason,
        ...(k.score !== undefined ? { score: k.score } : {}),
        ...(k.needed !== undefined ? { needed: k.needed } : {}),
      })),
    ];
    return c.json({
      text: r.text,
      tokens: r.tokens,
      budget: r.budget,
      injectedIds: r.injectedIds,
      sections: r.blocks.map((b) => ({
        name: b.id,
        title: b.title,
        tokens: b.tokens,
        entryIds: b.entryIds,
        notExamined: b.notExamined,
      })),
      explain,
      problems: r.problems,
    });
  });
};
