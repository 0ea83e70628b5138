/**
 * The graph through a real `brain serve` (the built CLI, a real socket): the API routes, the prompt hook
 * answered by the server recording its match, and the settings file re-read when it changes (seed 002 reads
 * `autoContext` on every request).
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { http, ok, startServe } from "../serve/_support.ts";
import { brainOk, freshSandbox, writeConfig } from "../support/cli.ts";

test("graph routes: hubs, a node's neighbourhood, its timeline, stats, rebuild; 404 for an unknown node", async (t) => {
  const sb = freshSandbox(t);
  await brainOk(sb, ["init", "--empty"]);
  await brainOk(sb, ["add", "type=learning", "text=The otter service writes to the ledger queue"]);
  await brainOk(sb, ["add", "type=learning", "text=The otter service retries ledger writes three times"]);
  const { info } = await startServe(sb, t);
  const hubs = (await ok(info, "/api/graph/hubs?limit=3")).hubs as { ref: string; edges: number }[];
  assert.equal(hubs.length, 3);
  assert.ok(hubs[0] && hubs[0].edges >= (hubs[2]?.edges ?? 0));
  const node = await ok(info, "/api/graph/node?q=otter&limit=10");
  assert.equal(node.node.ref, "c:otter");
  const refs = new Set([node.node.ref, ...node.neighbours.map((n: { ref: string }) => n.ref)]);
  assert.ok(
    node.neighbours.some(
      (n: { kind: string; title: string }) => n.kind === "memory" && /ledger queue/.test(n.title),
    ),
  );
  for (const [a, b, w] of node.links as [string, string, number][]) {
    assert.ok(refs.has(a) && refs.has(b) && w > 0 && w <= 1, `${a}–${b}`);
  }
  const tl = await ok(info, "/api/graph/timeline?q=otter&limit=3");
  assert.equal(tl.refs[0], "c:otter");
  assert.ok(tl.points.length >= 1);
  assert.equal(tl.points.at(-1).weights[0], 0.4, "a concept never matched: 0.4 now");
  const stats = await ok(info, "/api/graph/stats");
  assert.ok(stats.nodes > 0 && stats.edges > 0);
  const rebuilt = await ok(info, "/api/graph/rebuild", { method: "POST", body: {} });
  assert.equal(rebuilt.nodes, stats.nodes);
  assert.equal(rebuilt.edges, stats.edges);
  const missing = await http(info, "/api/graph/node?q=zzzunknownzzz");
  assert.equal(missing.status, 404);
});

test("the server re-reads autoContext when the settings file changes; the served prompt hook records its match", async (t) => {
  const sb = freshSandbox(t);
  writeConfig(sb, { autoContext: false });
  await brainOk(sb, ["init", "--empty"]);
  await brainOk(sb, ["add", "type=learning", "text=Otters hold hands while sleeping"]);
  const { info } = await startServe(sb, t);
  const names = async () =>
    ((await ok(info, "/api/context", { method: "POST", body: {} })).sections as { name: string }[]).map(
      (s) => s.name,
    );
  assert.ok(!(await names()).includes("hubs"), "off");
  writeConfig(sb, { autoContext: true });
  assert.ok((await names()).includes("hubs"), "on after the file changed, without a restart");
  writeConfig(sb, { autoContext: false, graph: { minWeight: 0.3 } });
  assert.ok(!(await names()).includes("hubs"), "off again");

  const answer = await ok(info, "/api/hook/user-prompt-submit", {
    method: "POST",
    body: { prompt: "do otters sleep?", session_id: "sess-1", cwd: sb.dir },
  });
  assert.ok(answer !== undefined);
  // The event is written once the answer is out (BrainOptions.later), at the latest before the next request.
  await ok(info, "/api/graph/stats");
  const events = fs.readFileSync(join(sb.dir, "brain", ".brain", "graph-events.jsonl"), "utf8");
  const prompt = JSON.parse(events.trim().split("\n").at(-1) as string);
  assert.equal(prompt.t, "prompt");
  assert.equal(prompt.session, "sess-1");
  assert.ok(prompt.keys.includes("otter"), events);
});
