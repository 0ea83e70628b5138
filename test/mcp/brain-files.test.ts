/**
 * Agents edit brain files through MCP (issue 13): `write_brain_file` appends, rewrites only with a
 * cleanup_intent (backup first, intent recorded), refuses secrets and paths; `load_brain_file` loads a skill
 * by its name. The official SDK client against the server.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { dirname, join } from "node:path";
import { after, before, describe, it } from "node:test";
import { type McpFixture, startMcp, textOf } from "./_support.ts";

let f: McpFixture;
before(async () => {
  f = await startMcp("brain-mcp-files-");
});
after(async () => {
  await f?.close();
});

const call = (name: string, args: Record<string, unknown>) => f.client.callTool({ name, arguments: args });

describe("write_brain_file", () => {
  it("appends to a brain file and the context's index lists it as user-created", async () => {
    const r = await call("write_brain_file", { name: "NOTES", text: "Deploys need the VPN." });
    assert.ok(!r.isError, textOf(r));
    assert.deepEqual(r.structuredContent, { name: "NOTES.md", mode: "append", backup: null });
    const dir = dirname(f.sb.brainPath);
    assert.equal(fs.readFileSync(join(dir, "NOTES.md"), "utf8"), "Deploys need the VPN.\n");
    const ctx = await call("brain_context", {});
    assert.match(textOf(ctx), /- NOTES\.md \(user-created\)/);
  });

  it("rewrites only with cleanup_intent, after a backup, recording the intent", async () => {
    const refused = await call("write_brain_file", { name: "CODE.md", text: "new", mode: "rewrite" });
    assert.ok(refused.isError);
    assert.match(textOf(refused), /cleanup_intent/);
    const dir = dirname(f.sb.brainPath);
    const old = fs.readFileSync(join(dir, "CODE.md"), "utf8");
    const r = await call("write_brain_file", {
      name: "CODE.md",
      text: "# Code\nEarly returns; no nested ternaries.",
      mode: "rewrite",
      cleanup_intent: "fold the two style notes into one",
    });
    assert.ok(!r.isError, textOf(r));
    const backup = (r.structuredContent as { backup: string }).backup;
    assert.equal(fs.readFileSync(backup, "utf8"), old);
    const record = JSON.parse(
      fs
        .readFileSync(join(dir, ".brain", "rewrites.jsonl"), "utf8")
        .trim()
        .split("\n")
        .at(-1) as string,
    );
    assert.equal(record.file, "CODE.md");
    assert.equal(record.intent, "fold the two style notes into one");
  });

  it("refuses a path and a secret, naming the field", async () => {
    const path = await call("write_brain_file", { name: "../escape.md", text: "x" });
    assert.ok(path.isError);
    assert.match(textOf(path), /not a brain file name/);
    const secret = await call("write_brain_file", { name: "NOTES", text: "key AKIAIOSFODNN7EXAMPLE" });
    assert.ok(secret.isError, textOf(secret));
  });
});

describe("load_brain_file of a skill", () => {
  it("returns the built-in memory-consolidate skill by its name", async () => {
    const r = await call("load_brain_file", { name: "memory-consolidate" });
    assert.ok(!r.isError, textOf(r));
    assert.equal((r.structuredContent as { kind: string }).kind, "skill");
    assert.match(textOf(r), /brain/);
  });
});
