/**
 * Bad arguments give an `isError` result naming the field, engine errors keep their code, and nothing a
 * client sends takes the server down (a line that is not JSON-RPC: stdio.test.ts).
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { MCP_TOOL_NAMES } from "../../src/core/mcp-tool-names.ts";
import { type McpFixture, startMcp, textOf } from "./_support.ts";

let f: McpFixture;
before(async () => {
  f = await startMcp("brain-mcp-err-");
});
after(async () => {
  await f?.close();
});

async function failing(name: string, args: Record<string, unknown>): Promise<string> {
  const r = await f.client.callTool({ name, arguments: args });
  assert.equal(r.isError, true, `${name} ${JSON.stringify(args)} should fail, got ${textOf(r)}`);
  assert.equal(r.structuredContent, undefined);
  return textOf(r);
}

describe("tool errors name the field", () => {
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ["brain", { action: "bogus" }, /unknown action "bogus" \(valid: add, update, remove/],
    ["brain", {}, /action/],
    ["brain", { action: "add" }, /^INVALID \(field "type"\): add requires type/],
    ["brain", { action: "add", type: "learning" }, /^INVALID \(field "text"\): learning requires text/],
    ["brain", { action: "add", type: "robot", text: "x" }, /unknown type "robot" \(valid: /],
    ["brain", { action: "list", limit: "many" }, /limit must be a whole number/],
    [
      "brain",
      { action: "add", type: "task", description: "x", priorty: "urgent" },
      /^INVALID \(field "priorty"\): unknown parameter priorty \(did you mean priority\?\)/,
    ],
    ["brain", { action: "list", type: "task", filter: "soon" }, /^INVALID \(field "filter"\)/],
    ["brain", { action: "add", type: "reminder", text: "x", cadence: "sometimes", enabled: true }, /cadence/],
    ["brain", { action: "update", id: "00000000", text: "x" }, /^NOT_FOUND: No entry with id "00000000"/],
    [
      "brain",
      { action: "reminder_run", id: "00000000", result: "maybe" },
      /result must be one of: ok, error, skipped/,
    ],
    ["brain_context", { budget: 10 }, /budget must be at least 50 tokens at budget/],
    ["brain_context", { budget: "lots" }, /budget/],
    ["brain_search", { query: "" }, /query must not be empty/],
    ["brain_search", { query: "x", limit: 0 }, /limit must be at least 1/],
    ["load_brain_file", {}, /name/],
    [
      "load_brain_file",
      { name: "NOPE.md" },
      /^NOT_FOUND \(field "name"\): No brain file or project rule "NOPE.md"/,
    ],
    ["load_brain_file", { name: "../brain.jsonl" }, /^NOT_FOUND \(field "name"\)/],
  ];
  for (const [tool, args, re] of cases) {
    it(`${tool} ${JSON.stringify(args)}`, async () => {
      assert.match(await failing(tool, args), re);
    });
  }

  it("a duplicate learning is refused with DUPLICATE and not written twice", async () => {
    const ok = await f.client.callTool({
      name: "brain",
      arguments: { action: "add", type: "learning", text: "Uses pnpm" },
    });
    assert.ok(!ok.isError);
    assert.match(
      await failing("brain", { action: "add", type: "learning", text: "uses PNPM!" }),
      /^DUPLICATE: /,
    );
  });

  it("an unknown tool is an error result, and the server still answers afterwards", async () => {
    const r = await f.client.callTool({ name: "nope", arguments: {} });
    assert.equal(r.isError, true);
    assert.match(textOf(r), /Tool nope not found/);
    const { tools } = await f.client.listTools();
    assert.equal(tools.length, MCP_TOOL_NAMES.length);
  });

  it("an error's text carries the MCP error prefix at most once (schema errors and unknown tools)", async () => {
    for (const [name, args] of [
      ["brain", { action: "bogus" }],
      ["brain", { action: "list", limit: "many" }],
      ["brain_search", { query: 5 }],
      ["nope", {}],
    ] as const) {
      const text = await failing(name, args as Record<string, unknown>);
      assert.ok((text.match(/MCP error/g) ?? []).length <= 1, text);
      assert.ok((text.match(/-32602/g) ?? []).length <= 1, text);
    }
  });
});
