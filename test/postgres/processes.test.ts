/**
 * The team store across processes: the dedup race (many processes add the same learning at once: one row)
 * and a server crash (kill -9 of the postmaster and its backends) in the middle of 8 writer processes.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Rec } from "../../src/core/rec.ts";
import { START } from "../../src/store/event-store.ts";
import type { PostgresStore } from "../../src/store/postgres/store.ts";
import { postgresOrSkip } from "../support/postgres.ts";
import { freshStore, optionsOf, startPgChild } from "./support/pg-store.ts";

const server = await postgresOrSkip();
const needs = server ? {} : { skip: "no PostgreSQL here" };

function recs(store: PostgresStore): Rec[] {
  const out: Rec[] = [];
  store.scan(START, { rec: (r) => out.push(r), bad: () => {}, unknownType: () => {}, warning: () => {} });
  return out;
}

test("dedup race: 6 processes add the same learning at once, one row is stored", needs, async (t) => {
  if (!server) return;
  const store = freshStore(t, server);
  const url = optionsOf(store).url;
  const children = Array.from({ length: 6 }, (_, w) =>
    startPgChild(t, "writer", [url, "learn", String(w), "1"]),
  );
  // Every process has opened the brain and folded it (no learning yet) before any of them adds.
  await Promise.all(children.map((c) => c.waitForLine(/^ready$/)));
  for (const c of children) c.child.stdin?.write("go\n");
  const outcomes = await Promise.all(children.map((c) => c.waitForLine(/^(added|refused)/)));
  for (const c of children) assert.equal((await c.done).code, 0, c.stderr());
  assert.equal(outcomes.filter((o) => o === "added").length, 1, outcomes.join(", "));
  assert.deepEqual(
    outcomes.filter((o) => o !== "added"),
    Array(5).fill("refused DUPLICATE"),
  );
  assert.equal(recs(store).filter((r) => r.type === "learning").length, 1);
});

test(
  "kill -9 of the server amid 8 writers: after restart every acknowledged write is there exactly once",
  needs,
  async (t) => {
    if (!server) return;
    const store = freshStore(t, server);
    const url = optionsOf(store).url;
    const EACH = 60;
    const children = Array.from({ length: 8 }, (_, w) =>
      startPgChild(t, "writer", [url, "crash", String(w), String(EACH)]),
    );
    // Crash once every writer has had some writes acknowledged, so the kill lands in the middle of the run.
    await Promise.all(children.map((c) => c.waitForLine(/^ack c\d+-5$/)));
    await server.crashAndRestart();
    const ends = await Promise.all(children.map((c) => c.done));
    for (const [i, e] of ends.entries()) assert.equal(e.code, 0, `writer ${i}: ${e.stderr}`);
    const acked = children.flatMap((c) => c.lines.filter((l) => l.startsWith("ack ")).map((l) => l.slice(4)));
    assert.equal(acked.length, 8 * EACH, "every writer finished its writes");
    const stored = recs(store).map((r) => r.id);
    const counts = new Map<string, number>();
    for (const id of stored) counts.set(id, (counts.get(id) ?? 0) + 1);
    for (const id of acked) assert.equal(counts.get(id), 1, `${id} stored ${counts.get(id) ?? 0} times`);
    assert.equal(stored.length, acked.length, "nothing stored that was not written");
  },
);
