/**
 * `brain serve` on a team store: another machine's new memory (here another process with the same
 * BRAIN_STORE) reaches the server's event stream through LISTEN/NOTIFY — no log file to watch.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { startServe, subscribe } from "../serve/_support.ts";
import { brainOk, freshSandbox } from "../support/cli.ts";
import { createDatabaseSync, postgresOrSkip } from "../support/postgres.ts";

const server = await postgresOrSkip();
const needs = server ? {} : { skip: "no PostgreSQL here" };

test("an add by another process on the team store arrives as an append event", needs, async (t) => {
  if (!server) return;
  const url = createDatabaseSync(server, t);
  const here = freshSandbox(t, "brain-serve-pg-");
  const there = freshSandbox(t, "brain-serve-pg-other-");
  const env = { BRAIN_STORE: url };
  await brainOk(here, ["init"], { env });
  const s = await startServe(here, t, { env });
  const sse = subscribe(s.info);
  t.after(sse.close);
  await sse.next((e) => e.event === "hello");

  const text = "The nightly build publishes to the staging bucket";
  await brainOk(there, ["add", "type=learning", `text=${text}`], { env });
  const got = await sse.next(
    (e) =>
      e.event === "append" &&
      (e.data as { events: { entry: { text?: string } }[] }).events.some((x) => x.entry.text === text),
  );
  assert.equal(got.event, "append");
});
