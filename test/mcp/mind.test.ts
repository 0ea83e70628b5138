/**
 * `brain_mind` through the official MCP SDK client: every action, the working state read back, errors as
 * isError results that name the field — in memory, and once through a real `brain mcp` over stdio.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { type McpFixture, startMcp, startMcpProcess, textOf } from "./_support.ts";

let f: McpFixture;
before(async () => {
  f = await startMcp("brain-mcp-mind-");
});
after(async () => {
  await f?.close();
});

async function call(args: Record<string, unknown>) {
  const r = await f.client.callTool({ name: "brain_mind", arguments: args });
  assert.ok(!r.isError, `${JSON.stringify(args)} failed: ${textOf(r)}`);
  return { text: textOf(r), s: r.structuredContent as Record<string, unknown> };
}

describe("brain_mind over MCP", () => {
  it("is listed, described field by field, not read-only", async () => {
    const { tools } = await f.client.listTools();
    const t = tools.find((x) => x.name === "brain_mind");
    assert.ok(t);
    assert.ok((t.description ?? "").length > 200);
    for (const [field, schema] of Object.entries(t.inputSchema.properties ?? {}))
      assert.ok((schema as { description?: string }).description, `${field} is described`);
    assert.equal(t.annotations?.readOnlyHint, false);
  });

  it("keeps goals, a plan, ticks, explorations and reflections, and shows them back", async () => {
    const g = await call({ action: "goal_add", text: "Ship dark mode" });
    assert.match(g.text, /^Goal g[0-9a-f]+: Ship dark mode$/);
    await call({ action: "replan", steps: ["find the theme", "add a dark palette"] });
    const t = await call({
      action: "tick",
      type: "read_file",
      what: "src/theme.ts",
      outcome: "success",
      thought: "found it",
    });
    assert.equal(t.text, "Tick 1 (success); next: add a dark palette");
    await call({ action: "explored", path: "/srv/app/src/theme.ts", summary: "the palette" });
    await call({
      action: "reflect",
      self_summary: "careful",
      facts: ["themes live in src/theme"],
      self_instructions: ["read first"],
    });
    await call({ action: "chat", role: "user", text: "and keep contrast AA" });
    const c = await call({ action: "context" });
    assert.match(c.text, /Primary goal: Ship dark mode/);
    assert.match(c.text, /Plan: step 2 of 2: add a dark palette/);
    assert.match(c.text, /Last user message: and keep contrast AA/);
    assert.match(c.text, /Explored paths: \/srv\/app\/src\/theme.ts/);
    assert.equal((c.s.primaryGoal as { text: string }).text, "Ship dark mode");
    const goals = await call({ action: "goals" });
    const id = (goals.s.goals as { id: string }[])[0]?.id as string;
    const done = await call({ action: "goal_complete", id });
    assert.match(done.text, /^Done: /);
    assert.equal((await call({ action: "goals" })).text, "No goals.");
    // The brain the server holds sees the same mind.
    assert.equal(f.brain.mind.state().selfSummary, "careful");
  });

  it("answers a bad call with isError naming the field", async () => {
    const r = await f.client.callTool({
      name: "brain_mind",
      arguments: { action: "goal_complete", id: "nope" },
    });
    assert.equal(r.isError, true);
    assert.match(textOf(r), /NOT_FOUND/);
    const e = await f.client.callTool({ name: "brain_mind", arguments: { action: "explored" } });
    assert.equal(e.isError, true);
    assert.match(textOf(e), /path/);
  });

  it("works through a real brain mcp over stdio", async () => {
    const p = await startMcpProcess("brain-mcp-mind-stdio-");
    try {
      const r = await p.client.callTool({
        name: "brain_mind",
        arguments: { action: "goal_add", text: "over stdio" },
      });
      assert.ok(!r.isError, textOf(r));
      const c = await p.client.callTool({ name: "brain_mind", arguments: { action: "context" } });
      assert.match(textOf(c), /Primary goal: over stdio/);
    } finally {
      await p.close();
    }
  });
});
