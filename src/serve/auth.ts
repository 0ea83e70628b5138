import { timingSafeEqual } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { refuse } from "./errors.ts";

/**
 * The server's security model: it listens on 127.0.0.1 only; the Host header must name a loopback address
 * and our port (a DNS-rebinding page cannot reach us under its own name); every `/api/*` request carries the
 * token from serve.json (Bearer header or the `brain_token` cookie, set by `/?token=`); no CORS headers are
 * ever sent, so other origins cannot read answers.
 */
export const COOKIE = "brain_token";

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

/** The token a request carries, from its Authorization header or its cookie. */
function given(c: Context): string | undefined {
  const auth = c.req.header("authorization");
  if (auth?.startsWith("Bearer ")) return auth.slice("Bearer ".length).trim();
  return getCookie(c, COOKIE);
}

export function requireToken(token: string): MiddlewareHandler {
  return async (c, next) => {
    const t = given(c);
    if (t === undefined || t === "") return refuse(c, 401, "unauthorized", "this API needs the token");
    if (!sameToken(t, token)) return refuse(c, 403, "forbidden", "wrong token");
    return next();
  };
}

/** `GET /?token=…`: a right token becomes the cookie and the URL loses it; a wrong one is refused. */
export function tokenLanding(token: string): MiddlewareHandler {
  return async (c, next) => {
    const t = c.req.query("token");
    if (t === undefined) return next();
    if (!sameToken(t, token)) return c.text("Wrong token: open the URL `brain open` prints.", 403);
    setCookie(c, COOKIE, token, { httpOnly: true, sameSite: "Strict", path: "/" });
    return c.redirect("/", 302);
  };
}

export function hasCookie(c: Context, token: string): boolean {
  const t = getCookie(c, COOKIE);
  return t !== undefined && sameToken(t, token);
}
