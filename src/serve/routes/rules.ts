import { z } from "zod";
import { approxTokens } from "../../core/text.ts";
import { discoverRules } from "../../project/rules.ts";
import type { RouteModule } from "../context.ts";
import { parse } from "../errors.ts";

/** The project rules discovered for a cwd and the brain files, each with its activation and size. */
const query = z.object({ cwd: z.string().min(1).optional() });

export const rules: RouteModule = (app, { brain }) => {
  app.get("/api/rules", (c) => {
    const q = parse(query, c.req.query(), "query");
    const found = discoverRules(q.cwd ?? brain.cwd);
    return c.json({
      rules: found.map((r) => ({
        path: r.path,
        kind: r.format,
        applies: r.mode,
        globs: r.globs,
        tokens: approxTokens(r.content),
        ...(r.problem ? { problem: r.problem } : {}),
      })),
      brainFiles: brain.listBrainFiles().map((f) => ({
        name: f.name,
        kind: f.kind,
        applies: f.mode,
        tokens: approxTokens(f.content),
      })),
    });
  });
};
