import * as fs from "node:fs";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono } from "hono";
import { packageRoot } from "../package-root.ts";
import { hasCookie, tokenLanding } from "./auth.ts";

/** Where the viewer's built assets are (`dist/viewer/`, built by the viewer's build step). */
export function viewerDir(): string | null {
  const root = packageRoot();
  return root ? join(root, "dist", "viewer") : null;
}

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>brain</title>
<p>The brain viewer is not built. Run <code>npm run build</code> in the brain package; the API under
<code>/api/</code> works without it.</p>`;

const NO_TOKEN = `<!doctype html><meta charset="utf-8"><title>brain</title>
<p>Open the viewer with the URL <code>brain open</code> prints (it carries the token).</p>`;

/**
 * `/`: the viewer's index.html for a browser holding the token cookie (`/?token=` sets it); `/assets/*`:
 * its static files, no token needed (they hold no data).
 */
export function registerStatic(app: Hono, token: string, dir: string | null = viewerDir()): void {
  const index = dir ? join(dir, "index.html") : null;
  app.get("/", tokenLanding(token), (c) => {
    if (!hasCookie(c, token)) return c.html(NO_TOKEN, 401);
    if (!index || !fs.existsSync(index)) return c.html(NOT_BUILT, 200);
    return c.html(fs.readFileSync(index, "utf8"));
  });
  if (dir && fs.existsSync(dir))
    app.use(
      "/assets/*",
      serveStatic({ root: dir, rewriteRequestPath: (p) => p.replace(/^\/assets\//, "/") }),
    );
}
