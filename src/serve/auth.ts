import { timingSafeEqual } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { refuse } from "./errors.ts";

/**
 * The server's security model: it listens on 127.0.0.1 only; the Host header must name a loopback address
 * and our port (a DNS-rebinding page cannot reach us under its own name); every `/api/*` request carries the
 * token from serve.json as `Authorization: Bearer`, and nothing else stands for it — no cookie (a browser
 * sends a cookie of 127.0.0.1 to every port of it, so any local web server would receive it) and no query
 * parameter (URLs reach logs). The viewer gets the token in the URL's fragment, which browsers never send
 * (static.ts); what a page of another origin could send is refused by guard.ts; no CORS headers are ever
 * sent, so other origins cannot read answers.
 */
export function sameToken(given: string, token: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function allowedHosts(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);
}

export function hostCheck(port: () => number): MiddlewareHandler {
  return async (c, next) => {
    const host = (c.req.header("host") ?? "").toLowerCase();
    if (!allowedHosts(port()).has(host))
      return refuse(c, 421, "bad_host", `Host "${host}" is not a loopback address of this server`);
    return next();
  };
}

export function requireToken(token: string): MiddlewareHandler {
  return async (c, next) => {
    const auth = c.req.header("authorization");
    const t = auth?.startsWith("Bearer ") ? auth.slice("Bearer ".length).trim() : undefined;
    if (t === undefined || t === "") return refuse(c, 401, "unauthorized", "this API needs the token");
    if (!sameToken(t, token)) return refuse(c, 403, "forbidden", "wrong token");
    return next();
  };
}
