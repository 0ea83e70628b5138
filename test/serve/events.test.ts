/** `GET /api/events`: appends by other processes (a separate `brain` CLI) reach a connected client. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { brainOk, freshSandbox } from "../support/cli.ts";
import { startServe, subscribe } from "./_support.ts";

type Append = {
  events: { n: number; id: string; type: string; op: string; entry: Record<string, unknown> }[];
};

test("an add and a remove made by another brain process arrive as append events", async (t) => {
  const sb = freshSandbox(t, "brain-serve-sse-");
  await brainOk(sb, ["init"]);
  const s = await startServe(sb, t);
  const sse = subscribe(s.info);
  t.after(sse.close);
  const headers = await sse.opened;
  assert.match(String(headers["content-type"]), /text\/event-stream/);
  assert.equal(headers["access-control-allow-origin"], undefined);
  const hello = await sse.next((e) => e.event === "hello");
  const lines = (hello.data as { lines: number }).lines;
  assert.ok(lines > 0);

  const added = await brainOk(sb, [
    "add",
    "type=learning",
    "text=Deploys go through the staging cluster",
    "--json",
  ]);
  const id = (JSON.parse(added.stdout) as { data: { id: string } }).data.id;
  const addEvent = await sse.next((e) => e.event === "append");
  const [ev] = (addEvent.data as Append).events;
  assert.deepEqual(
    { n: ev?.n, id: ev?.id, type: ev?.type, op: ev?.op, text: ev?.entry.text },
    { n: lines + 1, id, type: "learning", op: "add", text: "Deploys go through the staging cluster" },
  );

  await brainOk(sb, ["update", `id=${id}`, "text=Deploys go through staging"]);
  const upd = await sse.next((e) => e.event === "append" && (e.data as Append).events[0]?.op === "update");
  assert.equal((upd.data as Append).events[0]?.id, id);

  await brainOk(sb, ["remove", `id=${id}`]);
  const rm = await sse.next((e) => e.event === "append" && (e.data as Append).events[0]?.op === "remove");
  assert.deepEqual(
    { id: (rm.data as Append).events[0]?.id, type: (rm.data as Append).events[0]?.type },
    { id, type: "learning" },
  );
  const appended = sse.events.filter((e) => e.event === "append").flatMap((e) => (e.data as Append).events);
  assert.deepEqual(
    appended.map((e) => e.n),
    [lines + 1, lines + 2, lines + 3],
    "each line once, in log order",
  );
});

test("the server's own writes reach the stream too", async (t) => {
  const sb = freshSandbox(t, "brain-serve-sse-own-");
  await brainOk(sb, ["init", "--empty"]); // brain serve refuses a path with no brain (a mistyped one)
  const s = await startServe(sb, t);
  const sse = subscribe(s.info);
  t.after(sse.close);
  await sse.next((e) => e.event === "hello");
  const { http } = await import("./_support.ts");
  const r = await http(s.info, "/api/entries", {
    method: "POST",
    body: { type: "preference", text: "Short answers", category: "Style" },
  });
  assert.equal(r.status, 201);
  const ev = await sse.next((e) => e.event === "append");
  assert.equal((ev.data as Append).events[0]?.entry.text, "Short answers");
});

test("a proposal made by another process arrives as a changed event (the viewer's Proposals tab reloads on it)", async (t) => {
  const sb = freshSandbox(t, "brain-serve-sse-side-");
  await brainOk(sb, ["init"]);
  const s = await startServe(sb, t);
  const sse = subscribe(s.info);
  t.after(sse.close);
  await sse.next((e) => e.event === "hello");
  const { Brain } = await import("../../src/engine/brain.ts");
  const other = Brain.open({ path: sb.brainPath });
  await other.improve.propose([
    {
      kind: "append",
      scope: "brain",
      target: "TOOLS.md",
      title: "Rule",
      text: "- Run the tests with `npm test -- --runInBand`",
      issue: "tool-usage",
      why: "npm test failed 5 times this week without it",
      evidence: [{ line: 1, at: "2026-03-01T10:00:00.000Z", session: "s1", text: "npm test failed" }],
      opportunity: { hash: "h1", kind: "tool-failure" },
      source: "cycle",
      drafter: "rule",
    },
  ]);
  other.close();
  const changed = await sse.next((e) => e.event === "changed");
  assert.deepEqual(changed.data, { file: "proposals.jsonl" });
  assert.equal(sse.events.filter((e) => e.event === "append").length, 0, "brain.jsonl did not change");
});
