import { homeOf } from "../../engine/options.ts";
import { learnStatus } from "../../learn/status.ts";
import type { RouteModule } from "../context.ts";

/** The learner's status, and the kick a hook sends after queueing work (the learner runs in the server). */
export const learn: RouteModule = (app, ctx) => {
  app.get("/api/learn/status", (c) => c.json(learnStatus(homeOf(ctx.config))));
  app.post("/api/learn/kick", (c) => {
    ctx.kickLearner();
    return c.json({ ok: true }, 202);
  });
};
