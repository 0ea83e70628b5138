/**
 * The class of requests the resident server refuses, over a real socket: every route of the app's own routing
 * table × every method × each hostile variant of an otherwise proper request (foreign Host, no token, the
 * token only in a cookie, a foreign Origin, `Sec-Fetch-Site` of another site, a body that is not JSON). A route added later is in the
 * table, so it is covered by construction. Foreign origins and body types are seeded samples (fast-check).
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { removeSandbox, type Sandbox, sandbox } from "../support/cli.ts";
import { foreignOrigins, foreignTypes, METHODS, type Probe, probe, routePaths, WRITES } from "./_probe.ts";
import { type Served, startServe } from "./_support.ts";

let sb: Sandbox;
let s: Served;
const cleanups: (() => Promise<void> | void)[] = [];
before(async () => {
  sb = sandbox("brain-serve-guard-");
  s = await startServe(sb, { after: (fn) => cleanups.push(fn) }, { args: ["--idle-minutes", "0"] });
});
after(async () => {
  for (const fn of cleanups) await fn();
  removeSandbox(sb);
});

/** What the guard answers with when it refuses; a proper request must never get one of these. */
const REFUSALS = [401, 403, 415, 421];
type Want = number | "passes" | "any";
/** The viewer's page and assets (GET/HEAD outside /api/) hold no data: open to any navigation. */
const PAGE: Want = "passes";

interface Variant {
  name: string;
  /** The request made hostile in one way. */
  make(proper: Probe, i: number): Probe;
  want(api: boolean, write: boolean): Want;
}

test("every route × method: a proper request passes, each hostile variant is refused", async () => {
  const paths = await routePaths();
  assert.ok(
    paths.includes("/api/entries") && paths.includes("/api/events") && paths.includes("/"),
    paths.join(),
  );
  const own = `127.0.0.1:${s.info.port}`;
  const n = paths.length * METHODS.length;
  const origins = foreignOrigins(s.info.port, n);
  const types = foreignTypes(n);
  const variants: Variant[] = [
    {
      name: "proper, own Origin",
      make: (p) => withHeaders(p, { origin: `http://${own}` }),
      want: (api, write) => (api || write ? "passes" : PAGE),
    },
    {
      name: "proper, Sec-Fetch-Site same-origin",
      make: (p) => withHeaders(p, { "sec-fetch-site": "same-origin" }),
      want: (api, write) => (api || write ? "passes" : PAGE),
    },
    {
      name: "foreign Host",
      make: (p) => withHeaders(p, { host: `evil.example:${s.info.port}` }),
      want: () => 421,
    },
    {
      name: "no token",
      make: (p) => ({ ...p, headers: without(p.headers, "authorization") }),
      want: (api) => (api ? 401 : PAGE),
    },
    {
      // A cookie is sent to every port of the host: it must never stand for the token.
      name: "the token only in a cookie",
      make: (p) => withHeaders({ ...p, headers: without(p.headers, "authorization") }, { cookie: cookie() }),
      want: (api) => (api ? 401 : PAGE),
    },
    {
      name: "foreign Origin",
      make: (p, i) => withHeaders(p, { origin: origins[i] as string }),
      want: (api, write) => (api || write ? 403 : PAGE),
    },
    ...["cross-site", "same-site"].map(
      (site): Variant => ({
        name: `Sec-Fetch-Site ${site}`,
        make: (p) => withHeaders(p, { "sec-fetch-site": site }),
        want: (api, write) => (api || write ? 403 : PAGE),
      }),
    ),
    {
      name: "a body that is not JSON",
      make: (p, i) =>
        withHeaders({ ...p, body: '{"type":"learning","text":"x"}' }, { "content-type": types[i] as string }),
      want: (api, write) => (write ? 415 : api ? "passes" : PAGE),
    },
  ];
  const wrong: string[] = [];
  let i = 0;
  for (const path of paths)
    for (const method of METHODS) {
      const proper: Probe = {
        method,
        path,
        headers: {
          host: own,
          authorization: `Bearer ${s.info.token}`,
          ...(WRITES.has(method) ? { "content-type": "application/json" } : {}),
        },
        ...(WRITES.has(method) ? { body: "{}" } : {}),
      };
      for (const v of variants) {
        const req = v.make(proper, i);
        const status = await probe(s.info, req);
        const want = v.want(path.startsWith("/api/"), WRITES.has(method));
        const fine = want === "any" || (want === "passes" ? !REFUSALS.includes(status) : status === want);
        if (!fine)
          wrong.push(
            `${method} ${path} [${v.name}: ${JSON.stringify(req.headers)}] → ${status}, want ${want}`,
          );
      }
      i++;
    }
  assert.deepEqual(wrong, [], `${wrong.length} of ${i * variants.length} requests:\n${wrong.join("\n")}`);
});

const cookie = () =>
  `brain_token=${s.info.token}; token=${s.info.token}; authorization=Bearer%20${s.info.token}`;

function withHeaders(p: Probe, h: Record<string, string>): Probe {
  return { ...p, headers: { ...p.headers, ...h } };
}

function without(h: Record<string, string>, name: string): Record<string, string> {
  const { [name]: _, ...rest } = h;
  return rest;
}
