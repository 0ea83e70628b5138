/**
 * An error that is not a BrainError is a bug: every surface reports it as INTERNAL (never IO), and the MCP
 * session keeps serving. The MCP server runs in process over the SDK's in-memory transport, on a brain whose
 * store (a test twin of the EventStore interface) fails with a TypeError once opened.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Brain } from "../../src/engine/brain.ts";
import { createServer } from "../../src/mcp/server.ts";
import { MemoryStore } from "../../src/store/memory-store.ts";
import type { Position, ScanSink } from "../../src/store/scan.ts";
import { BIN, childEnv, ROOT } from "../support/cli.ts";
import { textOf } from "./_support.ts";

/** A memory store that breaks (as a bug would) once `broken` is set. */
class BreakingStore extends MemoryStore {
  broken = false;
  override scan(from: Position, sink: ScanSink) {
    if (this.broken) throw new TypeError("cannot read properties of undefined (reading 'offset')");
    return super.scan(from, sink);
  }
  // Every refresh asks this first (a refresh with nothing new does not scan).
  override identity() {
    if (this.broken) throw new TypeError("cannot read properties of undefined (reading 'offset')");
    return super.identity();
  }
}

test("MCP: a non-BrainError in a tool is an INTERNAL isError result, and the server keeps serving", async () => {
  const store = new BreakingStore();
  const brain = Brain.open({ store, cwd: tmpdir() });
  const server = createServer(brain);
  const client = new Client({ name: "test", version: "0" });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(a), client.connect(b)]);
  try {
    store.broken = true;
    const r = await client.callTool({ name: "brain_context", arguments: {} });
    assert.equal(r.isError, true);
    assert.match(textOf(r), /^INTERNAL: cannot read properties of undefined/);
    store.broken = false;
    const ok = await client.callTool({ name: "brain_context", arguments: {} });
    assert.notEqual(ok.isError, true, textOf(ok));
  } finally {
    await client.close();
    await server.close();
  }
});

test("CLI: a non-BrainError exits 70 with INTERNAL (json) and says it is a bug (text)", () => {
  // The CLI's one error path (src/cli/output.ts `fail`), in a real process, handed what a bug throws.
  const run = (json: boolean) =>
    spawnSync(
      process.execPath,
      [
        "--import",
        "tsx",
        "-e",
        `import { fail } from "./src/cli/output.ts"; process.exitCode = fail(new TypeError("x is not a function"), { json: ${json} });`,
      ],
      { encoding: "utf8", cwd: ROOT },
    );
  const json = run(true);
  assert.equal(json.status, 70, json.stderr);
  const err = (JSON.parse(json.stdout) as { error: { code: string; message: string } }).error;
  assert.equal(err.code, "INTERNAL");
  const text = run(false);
  assert.equal(text.status, 70);
  assert.match(text.stderr, /^brain: internal error \(a bug\): x is not a function/);
});

test("CLI: a brain path whose symlinks loop is a configuration error, not a bug", () => {
  const root = fs.mkdtempSync(join(tmpdir(), "brain-loop-"));
  try {
    const path = join(root, "brain.jsonl");
    fs.symlinkSync(path, path);
    const env = childEnv({ dir: root, home: root, brainPath: path });
    const r = spawnSync(process.execPath, [BIN, "--json", "stats"], { env, encoding: "utf8" });
    assert.equal(r.status, 6, r.stderr);
    assert.match(
      (JSON.parse(r.stdout) as { error: { message: string } }).error.message,
      /symlinks form a loop/,
    );
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
