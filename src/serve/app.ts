import { Hono } from "hono";
import { hostCheck, requireToken } from "./auth.ts";
import type { RouteModule, ServeContext } from "./context.ts";
import { errorBody, errorResponse } from "./errors.ts";
import { bodyCap, jsonOnly, originGuard } from "./guard.ts";
import { ROUTES } from "./routes/index.ts";
import { registerStatic } from "./static.ts";

/**
 * The HTTP app: Host check on everything, then what a browser page of another origin could send (guard.ts),
 * the token on `/api/*`, JSON bodies of a capped size only, the route modules, the viewer's static files,
 * and one error mapping. `onRequest` is told of every API request (the idle timer).
 */
export function createApp(
  ctx: ServeContext,
  opts: { onRequest?: () => void; routes?: RouteModule[]; viewerDir?: string | null } = {},
): Hono {
  const app = new Hono();
  app.use("*", hostCheck(ctx.port));
  app.use("*", originGuard(ctx.port));
  app.use("/api/*", requireToken(ctx.token));
  app.use("*", jsonOnly());
  app.use("*", bodyCap(ctx.config.serve.maxBodyBytes));
  app.use("/api/*", async (c, next) => {
    opts.onRequest?.();
    await next();
    // The server's own writes reach the event stream at once (other processes' through the watch).
    if (c.req.method !== "GET") ctx.events.check();
  });
  for (const register of opts.routes ?? ROUTES) register(app, ctx);
  registerStatic(app, opts.viewerDir);
  app.notFound((c) => c.json(errorBody("not_found", `no route ${c.req.method} ${c.req.path}`), 404));
  app.onError((err, c) => errorResponse(c, err));
  return app;
}
