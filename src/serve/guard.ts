import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { allowedHosts } from "./auth.ts";
import { refuse } from "./errors.ts";

/**
 * What a web page in the user's browser could send us, refused before any route runs (issue 21). A page on any
 * other local port is *same-site* to us (ports do not count for sites), so neither SameSite nor the Host check
 * stops it; what it cannot fake is the browser's own `Origin` and `Sec-Fetch-Site` headers, and a form cannot
 * send `application/json` (a fetch that does needs a CORS preflight, which we never grant).
 *
 * - `/api/*` (any method) and every state-changing request elsewhere: an `Origin` that is not this server's
 *   (`http://` + a loopback name + our port; `null` included) or a `Sec-Fetch-Site` other than `same-origin` /
 *   `none` is 403. Clients that are not browsers (hooks, the CLI, curl) send neither header.
 * - A state-changing request with a body (or a body type) that is not `application/json` is 415, so a
 *   `text/plain` form is never parsed as JSON.
 * A GET of the viewer's page itself stays open to navigations from anywhere (it holds no data).
 */
export const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function originGuard(port: () => number): MiddlewareHandler {
  return async (c, next) => {
    if (!c.req.path.startsWith("/api/") && !WRITES.has(c.req.method)) return next();
    const origin = c.req.header("origin");
    if (origin !== undefined && !ownOrigins(port()).has(origin.toLowerCase()))
      return refuse(c, 403, "cross_origin", `a request from ${JSON.stringify(origin)} is not accepted`);
    const site = c.req.header("sec-fetch-site");
    if (site !== undefined && site !== "same-origin" && site !== "none")
      return refuse(c, 403, "cross_origin", `a ${site} request is not accepted`);
    return next();
  };
}

export function ownOrigins(port: number): Set<string> {
  return new Set([...allowedHosts(port)].map((h) => `http://${h}`));
}

/** The JSON routes take `application/json` only (a charset parameter is fine). */
export function jsonOnly(): MiddlewareHandler {
  return async (c, next) => {
    if (!WRITES.has(c.req.method)) return next();
    const type = c.req.header("content-type");
    const length = c.req.header("content-length");
    const hasBody =
      c.req.header("transfer-encoding") !== undefined || (length !== undefined && length !== "0");
    const json = type?.split(";")[0]?.trim().toLowerCase() === "application/json";
    if (type === undefined ? hasBody : !json)
      return refuse(c, 415, "unsupported_media_type", "the body must be application/json");
    return next();
  };
}

/**
 * A body above `max` bytes is 413: at once when its Content-Length says so (nothing of it is read), else
 * (chunked) as soon as the bytes read pass `max` — never more than `max` is held. It runs after the token
 * check, so a request without the token never has its body read at all.
 */
export function bodyCap(max: number): MiddlewareHandler {
  return bodyLimit({
    maxSize: max,
    onError: (c) => refuse(c, 413, "too_large", `the body is larger than ${max} bytes (serve.maxBodyBytes)`),
  });
}
