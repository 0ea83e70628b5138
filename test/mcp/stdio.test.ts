/**
 * The one real stdio round trip: the built `brain mcp` in a child process, driven by the official SDK
 * client over its stdio transport (every other MCP test runs in process, over the in-memory transport);
 * and raw bytes on its stdin: a line that is not JSON-RPC does not end the session.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { describe, it } from "node:test";
import { assertBuilt, BIN, childEnv, freshSandbox, readLines } from "../support/cli.ts";
import { startProcess } from "../support/spawn.ts";
import { MCP_NOW, startMcpProcess, textOf } from "./_support.ts";

const fresh = freshSandbox;

describe("brain mcp over stdio", () => {
  it("the SDK client initializes, lists, calls a tool that writes, reads a resource, and closes", async (t) => {
    const { sb, client, stderr, close } = await startMcpProcess("brain-mcp-stdio-");
    t.after(close);
    assert.equal(client.getServerVersion()?.name, "brain");
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((x) => x.name).sort(), [
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

    const add = await client.callTool({
      name: "brain",
      arguments: { action: "add", type: "learning", text: "Stdio round trips work" },
    });
    assert.ok(!add.isError, textOf(add));
    const onDisk = readLines(sb.brainPath).filter((e) => e.text === "Stdio round trips work");
    assert.equal(onDisk.length, 1, "written once, to the sandbox's brain.jsonl");
    assert.equal(onDisk[0]?.created, MCP_NOW, "BRAIN_NOW reached the server");

    const prompt = await client.readResource({ uri: "brain://prompt" });
    assert.match(JSON.stringify(prompt.contents), /Stdio round trips work/);

    await client.close();
    assert.equal(stderr(), "", "nothing on stderr");
  });

  it("answers initialize after a line that is not JSON, and exits 0 when stdin closes", async (t) => {
    assertBuilt();
    const sb = fresh(t, "brain-mcp-raw-");
    fs.mkdirSync(sb.home, { recursive: true });
    const server = startProcess(process.execPath, [BIN, "mcp"], { env: childEnv(sb), cwd: sb.dir });
    t.after(() => server.child.kill("SIGKILL"));
    const init = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
    };
    server.child.stdin?.write("this is not json\n");
    server.child.stdin?.write(`${JSON.stringify({ jsonrpc: "2.0", id: 0, method: "no/such/method" })}\n`);
    server.child.stdin?.write(`${JSON.stringify(init)}\n`);
    await server.waitForLine(/"id":1\b/);
    const replies = server.lines.map((l) => JSON.parse(l) as { id?: number; error?: { code: number } });
    assert.equal(replies.find((l) => l.id === 0)?.error?.code, -32601, "unknown method is a JSON-RPC error");
    const res = replies.find((l) => l.id === 1) as { result?: { serverInfo?: { name: string } } };
    assert.equal(res?.result?.serverInfo?.name, "brain");
    server.child.stdin?.end();
    assert.equal((await server.done).code, 0, "closing stdin ends the server cleanly");
  });
});
