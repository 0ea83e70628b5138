/** Resources (the brain prompt, Rho's prompt, each brain file) and the context prompt template, over stdio. */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { type McpFixture, startMcp } from "./_support.ts";

let f: McpFixture;
before(async () => {
  f = await startMcp("brain-mcp-res-");
  await f.client.callTool({
    name: "brain",
    arguments: { action: "add", type: "learning", text: "The staging cluster is called kite" },
  });
});
after(async () => {
  await f?.close();
});

const textOf = (c: unknown) => String((c as { contents: { text?: unknown }[] }).contents[0]?.text ?? "");

describe("resources", () => {
  it("lists the prompt, Rho's prompt and every brain file", async () => {
    const { resources } = await f.client.listResources();
    const uris = resources.map((r) => r.uri);
    assert.ok(uris.includes("brain://prompt"));
    assert.ok(uris.includes("brain://prompt/rho"));
    assert.ok(uris.includes("brain://files/CODE.md"));
    assert.ok(uris.includes("brain://files/SOUL.md"));
    const code = resources.find((r) => r.uri === "brain://files/CODE.md");
    assert.equal(code?.description, "coding conventions");
    assert.equal(code?.mimeType, "text/markdown");
    const { resourceTemplates } = await f.client.listResourceTemplates();
    assert.deepEqual(
      resourceTemplates.map((t) => t.uriTemplate),
      ["brain://files/{name}"],
    );
  });

  it("reads the brain prompt (with the new learning) and Rho's rendering of it", async () => {
    const prompt = textOf(await f.client.readResource({ uri: "brain://prompt" }));
    assert.match(prompt, /The staging cluster is called kite/);
    assert.match(prompt, /## Behavior/);
    const rho = textOf(await f.client.readResource({ uri: "brain://prompt/rho" }));
    assert.match(rho, /The staging cluster is called kite/);
  });

  it("reads a brain file, and a missing one is a resource-not-found error", async () => {
    const code = textOf(await f.client.readResource({ uri: "brain://files/CODE.md" }));
    assert.match(code, /Prefer early returns/);
    await assert.rejects(
      f.client.readResource({ uri: "brain://files/MISSING.md" }),
      (e: { code?: number; message?: string }) => {
        assert.equal(e.code, -32002);
        assert.match(String(e.message), /No brain file "MISSING.md"/);
        return true;
      },
    );
    await assert.rejects(
      f.client.readResource({ uri: "brain://files/..%2Fbrain.jsonl" }),
      /not a brain file name/,
    );
  });

  it("completes brain file names in the URI template", async () => {
    const r = await f.client.complete({
      ref: { type: "ref/resource", uri: "brain://files/{name}" },
      argument: { name: "name", value: "CO" },
    });
    assert.deepEqual(r.completion.values, ["CODE.md"]);
  });
});

describe("prompt template", () => {
  it("brain-context injects the context and the task into a user message", async () => {
    const { prompts } = await f.client.listPrompts();
    assert.deepEqual(
      prompts.map((p) => p.name),
      ["brain-context"],
    );
    const p = await f.client.getPrompt({ name: "brain-context", arguments: { task: "deploy to kite" } });
    assert.equal(p.messages.length, 1);
    const m = p.messages[0]!;
    assert.equal(m.role, "user");
    const text = (m.content as { text: string }).text;
    assert.match(text, /The staging cluster is called kite/);
    assert.match(text, /Task: deploy to kite$/);
    assert.match(String(p.description), /^Brain context \(\d+ tokens\)$/);
  });
});
