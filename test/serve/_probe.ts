/**
 * The request classes the resident server must refuse, and a probe that sends one request over a real socket
 * and reports only its status (then drops the connection: an event stream never ends by itself).
 */
import { request } from "node:http";
import type { ServeContext } from "../../src/serve/context.ts";
import { fc, SEED } from "../support/fc.ts";
import type { ServeInfo } from "./_support.ts";

export const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
export const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Every concrete path of the app's own routing table (`:param` and `*` filled in), read from the app itself. */
export async function routePaths(): Promise<string[]> {
  const { createApp } = await import("../../src/serve/app.ts");
  const { DEFAULT_SETTINGS } = await import("../../src/config.ts");
  const app = createApp({ token: "t", port: () => 0, config: DEFAULT_SETTINGS } as unknown as ServeContext);
  const paths = app.routes
    .filter((r) => r.method !== "ALL" || !r.path.endsWith("/*") || r.path === "/assets/*")
    .map((r) => r.path.replace(/:[^/]+/g, "x").replace(/\*$/, "app.css"));
  return [...new Set(paths)].sort();
}

export interface Probe {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export function probe(info: ServeInfo, p: Probe): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({
      host: "127.0.0.1",
      port: info.port,
      path: p.path,
      method: p.method,
      agent: false,
      headers: {
        ...(p.body !== undefined ? { "content-length": String(Buffer.byteLength(p.body)) } : {}),
        ...p.headers,
      },
    });
    req.on("response", (res) => {
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    req.on("error", reject);
    req.end(p.body);
  });
}

/** Seeded samples of what a foreign page sends: its origin, a non-JSON body type. */
const otherPort = fc.integer({ min: 1, max: 65535 });
export function foreignOrigins(ownPort: number, n: number): string[] {
  const arb = fc.oneof(
    otherPort.filter((p) => p !== ownPort).map((p) => `http://127.0.0.1:${p}`),
    otherPort.filter((p) => p !== ownPort).map((p) => `http://localhost:${p}`),
    fc.constantFrom(
      "null",
      "http://evil.example",
      `https://127.0.0.1:${ownPort}`,
      `http://127.0.0.2:${ownPort}`,
    ),
    fc.domain().map((d) => `http://${d}:${ownPort}`),
  );
  return fc.sample(arb, { numRuns: n, seed: SEED });
}

export function foreignTypes(n: number): string[] {
  const arb = fc.oneof(
    fc.constantFrom(
      "text/plain",
      "text/plain;charset=UTF-8",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/jsonx",
      "text/json",
    ),
    fc
      .tuple(fc.constantFrom("text", "application", "image"), fc.stringMatching(/^[a-z][a-z0-9.+-]{0,12}$/))
      .filter(([t, s]) => !(t === "application" && s === "json"))
      .map(([t, s]) => `${t}/${s}`),
  );
  return fc.sample(arb, { numRuns: n, seed: SEED + 1 });
}
