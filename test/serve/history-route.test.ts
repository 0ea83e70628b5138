import assert from "node:assert/strict";
import type { AddressInfo } from "node:net";
import { test } from "node:test";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { BrainError } from "../../src/core/errors.ts";
import { Brain } from "../../src/engine.ts";
import { historyRoutes } from "../../src/serve/routes/history.ts";
import { freshSandbox } from "../support/cli.ts";

/** The history routes over a real socket, on a real brain file written by the engine. */
test("GET /api/history, /state and /diff answer from the log", async (t) => {
  const sb = freshSandbox(t);
  const brain = Brain.open({ path: sb.brainPath, seedDefault: false, fsync: false });
  const app = new Hono();
  app.route("/api/history", historyRoutes(brain));
  app.onError((err, c) =>
    c.json(
      { error: { code: err instanceof BrainError ? err.code : "INTERNAL" } },
      err instanceof BrainError ? 400 : 500,
    ),
  );
  const server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 });
  await new Promise((r) => server.once("listening", r));
  t.after(() => server.close());
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/history`;
  const get = async (path: string) => {
    const res = await fetch(base + path);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  const a = await brain.act({ action: "add", type: "learning", text: "uses pnpm" });
  await brain.act({ action: "add", type: "learning", text: "deploys on fridays" });
  const id = String(a.written[0]?.id);
  await brain.act({ action: "remove", id });

  const list = await get("");
  assert.equal(list.status, 200);
  assert.equal(list.body.count, 3);
  const events = list.body.events as { n: number; op: string; id: string }[];
  assert.deepEqual(
    events.map((e) => [e.n, e.op]),
    [
      [1, "add"],
      [2, "add"],
      [3, "remove"],
    ],
  );
  assert.equal(events[2]?.id, id);

  const at1 = await get("/state?at=1");
  assert.deepEqual(
    (at1.body.entries as { text: string }[]).map((e) => e.text),
    ["uses pnpm"],
  );
  const diff = await get("/diff?from=1&to=3");
  assert.deepEqual(
    (diff.body.removed as { id: string }[]).map((e) => e.id),
    [id],
  );
  assert.deepEqual(
    (diff.body.added as { text: string }[]).map((e) => e.text),
    ["deploys on fridays"],
  );

  // An append by anyone after the first read is picked up (the engine reads only the new tail).
  await brain.act({ action: "add", type: "learning", text: "third" });
  assert.equal((await get("?since=3")).body.count, 4);
  assert.deepEqual(
    ((await get("?since=3")).body.events as { n: number }[]).map((e) => e.n),
    [4],
  );

  assert.equal((await get("/state?at=-1")).status, 400);
  assert.equal((await get("/diff?from=x&to=1")).status, 400);
});
