import * as fs from "node:fs";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono } from "hono";
import { packageRoot } from "../package-root.ts";

/** Where the viewer's built assets are (`dist/viewer/`, built by the viewer's build step). */
export function viewerDir(): string | null {
  const root = packageRoot();
  return root ? join(root, "dist", "viewer") : null;
}

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>brain</title>
<p>The brain viewer is not built. Run <code>npm run build</code> in the brain package; the API under
<code>/api/</code> works without it.</p>`;

/**
 * The viewer's page: no data and no token in it, so it is served to anyone (the page takes the token from the
 * `#token=` fragment of the URL `brain open` prints and sends it as a Bearer header itself). It may not be
 * framed (a page of another port must not overlay it), loads nothing but its own files and sends no Referer.
 */
const PAGE_HEADERS = {
  "content-security-policy":
    "default-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'; object-src 'none'",
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
  "cache-control": "no-store",
};

/** `/`: the viewer's index.html; `/assets/*`: its static files. */
export function registerStatic(app: Hono, dir: string | null = viewerDir()): void {
  const index = dir ? join(dir, "index.html") : null;
  app.get("/", (c) => {
    if (!index || !fs.existsSync(index)) return c.html(NOT_BUILT, 200, PAGE_HEADERS);
    return c.html(fs.readFileSync(index, "utf8"), 200, PAGE_HEADERS);
  });
  if (dir && fs.existsSync(dir))
    app.use(
      "/assets/*",
      serveStatic({ root: dir, rewriteRequestPath: (p) => p.replace(/^\/assets\//, "/") }),
    );
}
