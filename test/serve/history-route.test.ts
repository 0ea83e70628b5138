import assert from "node:assert/strict";
import { test } from "node:test";
import { brainOk, freshSandbox, lastLine } from "../support/cli.ts";
import { http, startServe } from "./_support.ts";

/** The history routes of a real `brain serve`, over a real socket, on a log the CLI writes. */
test("GET /api/history, /state and /diff answer from the log", async (t) => {
  const sb = freshSandbox(t);
  await brainOk(sb, ["add", "type=learning", "text=uses pnpm"]);
  const base = lastLine(sb.brainPath);
  const { info } = await startServe(sb, t);
  const get = (path: string) => http(info, `/api/history${path}`);
  const first = (await get("")).body.count as number;
  assert.ok(first >= 1);
  assert.equal(base.text, "uses pnpm");

  await brainOk(sb, ["add", "type=learning", "text=deploys on fridays"]);
  await brainOk(sb, ["remove", `id=${base.id}`]);

  // Appends by another process after the server's first read are picked up.
  const list = await get("");
  assert.equal(list.status, 200);
  assert.equal(list.body.count, first + 2);
  const events = (await get(`?since=${first - 1}`)).body.events as { n: number; op: string; id: string }[];
  assert.deepEqual(
    events.map((e) => [e.n, e.op]),
    [
      [first, "add"],
      [first + 1, "add"],
      [first + 2, "remove"],
    ],
  );
  assert.equal(events[2]?.id, base.id);

  const texts = async (at: number) =>
    ((await get(`/state?at=${at}`)).body.entries as { text?: string }[]).map((e) => e.text);
  assert.ok((await texts(first)).includes("uses pnpm"));
  assert.ok(!(await texts(first - 1)).includes("uses pnpm"));
  assert.ok(!(await texts(first + 2)).includes("uses pnpm"));

  const diff = (await get(`/diff?from=${first}&to=${first + 2}`)).body;
  assert.deepEqual(
    (diff.removed as { id: string }[]).map((e) => e.id),
    [base.id],
  );
  assert.deepEqual(
    (diff.added as { text: string }[]).map((e) => e.text),
    ["deploys on fridays"],
  );
  assert.deepEqual(diff.changed, []);

  const bad = await get("/state?at=-1");
  assert.equal(bad.status, 400);
  assert.equal((bad.body.error as { code: string }).code, "invalid");
  assert.equal((await get("/diff?from=x&to=1")).status, 400);
  assert.equal((await http(info, "/api/history", { token: null })).status, 401);
});
