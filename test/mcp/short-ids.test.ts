/**
 * The brain tool takes back the short ids a context prints (`#a1b2`): task_done, update and remove by a
 * unique prefix with or without the `#`; an ambiguous prefix is an error naming the candidates.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { after, before, test } from "node:test";
import { type McpFixture, startMcp, textOf } from "./_support.ts";

let f: McpFixture;
before(async () => {
  f = await startMcp("brain-mcp-short-");
});
after(async () => {
  await f?.close();
});

async function call(args: Record<string, unknown>) {
  return f.client.callTool({ name: "brain", arguments: args });
}

test("task_done and update take `#abcd` as the context shows it", async () => {
  const added = await call({ action: "add", type: "task", description: "Renew the TLS certificate" });
  const id =
    (added.structuredContent as { data: { id: string } } | undefined)?.data?.id ??
    /"id":"([0-9a-f]{8})"/.exec(JSON.stringify(added))?.[1];
  assert.ok(id, JSON.stringify(added));
  const ctx = await f.client.callTool({ name: "brain_context", arguments: {} });
  assert.match(textOf(ctx), /Renew the TLS certificate/);
  const done = await call({ action: "task_done", id: `#${id.slice(0, 4)}` });
  assert.notEqual(done.isError, true, textOf(done));
  assert.match(textOf(done), /Completed: Renew the TLS certificate/);
  const up = await call({ action: "update", id: `#${id.slice(0, 6)}`, priority: "high" });
  assert.notEqual(up.isError, true, textOf(up));
});

test("an ambiguous prefix names every candidate", async () => {
  const task = (id: string) =>
    JSON.stringify({
      id,
      type: "task",
      description: `errand ${id}`,
      status: "pending",
      priority: "normal",
      tags: [],
      due: null,
      completedAt: null,
      created: "2026-03-01T00:00:00.000Z",
    });
  fs.appendFileSync(f.sb.brainPath, `${task("abcd0001")}\n${task("abcd0002")}\n`);
  const r = await call({ action: "task_done", id: "#abcd" });
  assert.equal(r.isError, true, textOf(r));
  assert.match(textOf(r), /^INVALID \(field "id"\): id "#abcd" is ambiguous/);
  assert.match(textOf(r), /abcd0001 \(task: errand abcd0001\)/);
  assert.match(textOf(r), /abcd0002 \(task: errand abcd0002\)/);
  const one = await call({ action: "task_done", id: "#abcd0002" });
  assert.match(textOf(one), /Completed: errand abcd0002/);
  const none = await call({ action: "task_done", id: "#zzzz" });
  assert.match(textOf(none), /^NOT_FOUND: No task with id "#zzzz"/);
});

test("a reminder added without `enabled` is enabled; the same open reminder again is refused by id", async () => {
  const r = await call({ action: "add", type: "reminder", text: "Stretch your legs", cadence: "2h" });
  assert.notEqual(r.isError, true, textOf(r));
  const id = /"id":"([0-9a-f]{8})"/.exec(JSON.stringify(r))?.[1];
  assert.ok(id, JSON.stringify(r));
  const listed = await call({ action: "list", type: "reminder", filter: "enabled" });
  assert.match(textOf(listed), /Stretch your legs/);
  const twin = await call({ action: "add", type: "reminder", text: "stretch your legs", cadence: "3h" });
  assert.equal(twin.isError, true);
  assert.match(textOf(twin), new RegExp(`^DUPLICATE: Duplicate reminder: already open as ${id}`));
});
