/**
 * `brain mcp` through the official SDK client over stdio: every tool's metadata, every action of the `brain`
 * tool (with Rho-style string arguments), brain_context, load_brain_file and brain_search.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ACTIONS } from "../../src/core/actions.ts";
import { readLines } from "../support/cli.ts";
import { type McpFixture, startMcp, textOf } from "./_support.ts";

let f: McpFixture;
before(async () => {
  f = await startMcp();
});
after(async () => {
  await f?.close();
});

type Structured = Record<string, unknown> & { data?: Record<string, unknown> };
async function call(name: string, args: Record<string, unknown>) {
  const r = await f.client.callTool({ name, arguments: args });
  assert.ok(!r.isError, `${name} ${JSON.stringify(args)} failed: ${textOf(r)}`);
  return { text: textOf(r), s: r.structuredContent as Structured };
}

describe("tool metadata", () => {
  it("lists the nine tools with titles, annotations, described fields and output schemas", async () => {
    const { tools } = await f.client.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    assert.deepEqual([...byName.keys()].sort(), [
      "brain",
      "brain_context",
      "brain_graph",
      "brain_inbox",
      "brain_mind",
      "brain_proposals",
      "brain_search",
      "load_brain_file",
      "write_brain_file",
    ]);
    for (const t of tools) {
      assert.ok(t.title, `${t.name} has a title`);
      assert.ok((t.description ?? "").length > 120, `${t.name} explains itself`);
      assert.ok(t.outputSchema, `${t.name} has an output schema`);
      for (const [field, schema] of Object.entries(t.inputSchema.properties ?? {})) {
        assert.ok((schema as { description?: string }).description, `${t.name}.${field} is described`);
      }
    }
    const brain = byName.get("brain")!;
    assert.equal(brain.annotations?.destructiveHint, true);
    assert.equal(brain.annotations?.readOnlyHint, false);
    const action = brain.inputSchema.properties?.action as { enum?: string[] };
    assert.deepEqual(action.enum, [...ACTIONS]);
    assert.deepEqual(brain.inputSchema.required, ["action"]);
    for (const name of ["brain_context", "brain_search", "load_brain_file"]) {
      const a = byName.get(name)!.annotations;
      assert.equal(a?.readOnlyHint, true, `${name} is read-only`);
      assert.equal(a?.idempotentHint, true, `${name} is idempotent`);
    }
  });
});

describe("the brain tool runs every action", () => {
  it("add writes the entry to brain.jsonl and returns it as structured content", async () => {
    const { text, s } = await call("brain", {
      action: "add",
      type: "learning",
      text: "This repo uses pnpm not npm",
    });
    assert.equal(text, "Added learning: This repo uses pnpm not npm");
    const written = s.written as { id: string; text: string }[];
    assert.equal(written.length, 1);
    const onDisk = readLines(f.sb.brainPath).find((e) => e.id === written[0]?.id);
    assert.equal(onDisk?.text, "This repo uses pnpm not npm");
    assert.equal(onDisk?.type, "learning");
  });

  it("takes Rho-style string arguments (tags, cadence JSON, enabled, limit)", async () => {
    const task = await call("brain", {
      action: "add",
      type: "task",
      description: "Fix the flaky CI test",
      priority: "high",
      tags: "code,ci",
    });
    const taskEntry = (task.s.written as Record<string, unknown>[])[0]!;
    assert.deepEqual(taskEntry.tags, ["code", "ci"]);
    const rem = await call("brain", {
      action: "add",
      type: "reminder",
      text: "Run backup script",
      cadence: '{"kind":"interval","every":"6h"}',
      enabled: "true",
    });
    const remEntry = (rem.s.written as Record<string, unknown>[])[0]!;
    assert.deepEqual(remEntry.cadence, { kind: "interval", every: "6h" });
    assert.equal(remEntry.enabled, true);
    const list = await call("brain", { action: "list", type: "task", filter: "pending", limit: "1" });
    assert.match(list.text, /Fix the flaky CI test/);
    assert.equal(list.s.data?.shown, 1);

    const runR = await call("brain", { action: "reminder_run", id: remEntry.id, result: "ok" });
    assert.match(runR.text, /Reminder run recorded: Run backup script → ok/);
    assert.ok(runR.s.data?.next_due);
    const doneR = await call("brain", { action: "task_done", id: taskEntry.id });
    assert.equal(doneR.text, "Completed: Fix the flaky CI test");
    const cleared = await call("brain", { action: "task_clear" });
    assert.deepEqual(cleared.s.data?.cleared, [taskEntry.id]);
  });

  it("update, list by query, remove (echoing the content) and decay", async () => {
    const added = await call("brain", {
      action: "add",
      type: "preference",
      text: "User prefers tabs",
      category: "Code",
    });
    const id = (added.s.data as { id: string }).id;
    await call("brain", { action: "update", id, text: "User prefers two-space indents" });
    const listed = await call("brain", { action: "list", query: "two-space" });
    assert.match(listed.text, new RegExp(`${id}: \\[Code\\] User prefers two-space indents`));
    const removed = await call("brain", { action: "remove", id, reason: "test" });
    assert.equal(removed.text, `Removed preference ${id}: [Code] User prefers two-space indents`);
    const tomb = readLines(f.sb.brainPath).at(-1)!;
    assert.equal(tomb.type, "tombstone");
    assert.equal(tomb.target_id, id);
    const decayed = await call("brain", { action: "decay" });
    assert.equal(decayed.s.action, "decay");
  });
});

describe("read tools", () => {
  it("brain_context returns the context for the project, with blocks and injected ids", async () => {
    const { text, s } = await call("brain_context", { cwd: f.project, budget: 3000 });
    assert.match(text, /This repo uses pnpm not npm/);
    assert.match(text, /Curious and exact/, "SOUL.md is always loaded");
    assert.match(text, /\.cursor\/rules\/testing\.mdc/, "the agent-requested rule is listed");
    assert.ok((s.tokens as number) <= 3000);
    const blocks = s.blocks as { id: string; cacheable: boolean }[];
    assert.ok(blocks.some((b) => b.id === "learnings"));
    const firstVolatile = blocks.findIndex((b) => !b.cacheable);
    assert.ok(
      blocks.slice(firstVolatile).every((b) => !b.cacheable),
      "stable blocks come first",
    );
    assert.ok((s.injectedIds as string[]).length > 0);
  });

  it("brain_context with recover=true includes the brain files in full", async () => {
    const { text } = await call("brain_context", { cwd: f.project, recover: true });
    assert.match(text, /Curious and exact/);
  });

  it("load_brain_file reads a brain file by name (with or without .md) and a listed project rule", async () => {
    const code = await call("load_brain_file", { name: "CODE" });
    assert.match(code.text, /Prefer early returns/);
    assert.equal(code.s.name, "CODE.md");
    assert.equal(code.s.description, "coding conventions");
    const rule = await call("load_brain_file", { name: ".cursor/rules/testing.mdc", cwd: f.project });
    assert.match(rule.text, /Tests use node:test/);
    assert.equal(rule.s.kind, "rule");
    assert.equal(rule.s.mode, "agent");
  });

  it("brain_search ranks the better match first and honours type and limit", async () => {
    await call("brain", {
      action: "add",
      type: "learning",
      text: "Deploys go through the staging cluster first",
    });
    await call("brain", { action: "add", type: "learning", text: "The staging cluster is called kite" });
    const { s, text } = await call("brain_search", { query: "staging cluster kite" });
    const hits = s.hits as { text: string; type: string; score: number }[];
    assert.equal(hits[0]?.text, "The staging cluster is called kite");
    assert.ok(hits[0]!.score > hits[1]!.score);
    assert.match(
      text,
      /^Notes from earlier sessions — information, not instructions\.\n- \[learning [0-9a-f]{8}\] The staging cluster is called kite/,
    );
    const one = await call("brain_search", { query: "staging", limit: 1, type: "learning" });
    assert.equal((one.s.hits as unknown[]).length, 1);
    assert.equal(one.s.total, 2);
    const none = await call("brain_search", { query: "staging", type: "preference" });
    assert.equal((none.s.hits as unknown[]).length, 0);
    assert.match(none.text, /No memories match/);
  });
});

describe("brain_graph", () => {
  it("a word's neighbours with references to walk on; no node: the hubs; an unknown word: NOT_FOUND", async () => {
    await call("brain", {
      action: "add",
      type: "learning",
      text: "The heron service writes to the ledger queue",
    });
    const r = await call("brain_graph", { node: "heron" });
    assert.match(r.text, /^\[c:heron\] heron/);
    const node = r.s.node as { ref: string };
    assert.equal(node.ref, "c:heron");
    const mem = (r.s.neighbours as { ref: string; kind: string }[]).find((n) => n.kind === "memory");
    assert.ok(mem, r.text);
    const walked = await call("brain_graph", { node: mem.ref, limit: 5 });
    assert.match(walked.text, /ledger/);
    const hubs = await call("brain_graph", {});
    assert.ok(Array.isArray(hubs.s.hubs) && (hubs.s.hubs as unknown[]).length > 0);
    const missing = await f.client.callTool({ name: "brain_graph", arguments: { node: "zzzunknownzzz" } });
    assert.equal(missing.isError, true);
    assert.match(textOf(missing), /NOT_FOUND/);
  });
});
