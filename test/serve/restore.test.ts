/**
 * The restore path of `POST /api/entries` (re-posting a removed id, the viewer's undo) goes through the write
 * gate like `add` (issue 21): it brings back what the log held — it cannot turn a learning into an identity,
 * store a field nested deeper than the reader reads (an acknowledged write that would then be lost) or take
 * thousands of extra keys. Over a real socket against `brain serve`.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { brainOk, freshSandbox, readLines } from "../support/cli.ts";
import { http, ok, startServe } from "./_support.ts";

test("a restore brings back the removed entry as it was, and refuses what add refuses", async (t) => {
  const sb = freshSandbox(t, "brain-restore-");
  await brainOk(sb, ["init"]);
  const s = await startServe(sb, t);
  const added = await ok(
    s.info,
    "/api/entries",
    { method: "POST", body: { type: "learning", text: "Ship on Fridays" } },
    201,
  );
  const id = added.result.data.id as string;
  const removed = await ok(s.info, `/api/entries/${id}`, { method: "DELETE" });

  let deep: unknown = "x";
  for (let i = 0; i < 70; i++) deep = { d: deep };
  const attacks: [string, Record<string, unknown>][] = [
    ["another type", { ...removed.entry, type: "identity", key: "name", value: "evil" }],
    ["a field nested 70 deep", { ...removed.entry, extra: deep }],
    [
      "50 000 extra keys",
      { ...removed.entry, ...Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, 1])) },
    ],
  ];
  for (const [what, body] of attacks) {
    const r = await http(s.info, "/api/entries", { method: "POST", body });
    assert.ok(r.status === 400 || r.status === 413, `${what}: ${r.status} ${r.text.slice(0, 200)}`);
  }
  // Nothing of the attacks reached the log, and every line in it reads back.
  const lines = readLines(sb.brainPath);
  assert.ok(!lines.some((l) => l.type === "identity" && l.value === "evil"), "type changed");
  assert.ok(!lines.some((l) => "extra" in l || "k1" in l), "attack fields stored");

  // The real undo still works, and brings back the text the log held.
  const undo = await ok(s.info, "/api/entries", { method: "POST", body: removed.entry }, 201);
  assert.equal(undo.result.data.id, id);
  assert.equal((await ok(s.info, `/api/entries/${id}`)).entry.text, "Ship on Fridays");
});
