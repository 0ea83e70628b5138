/**
 * The help says what the commands do (issue 25 §5): `brain --help` names every tool the MCP server lists, and
 * `brain install --help` names the directory `brain install claude` writes to. Built CLI, real MCP client.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { startMcpProcess } from "../mcp/_support.ts";
import { brainOk, freshSandbox, json } from "../support/cli.ts";

test("brain --help lists exactly the tools brain mcp serves", async (t) => {
  const { sb, client, close } = await startMcpProcess("brain-help-mcp-");
  t.after(close);
  const served = (await client.listTools()).tools.map((x) => x.name).sort();
  const help = (await brainOk(sb, ["--help"])).stdout.replace(/\s+/g, " ");
  const line = /\bmcp serve the brain over MCP on stdio \(tools ([^)]*)\)/.exec(help);
  assert.ok(line, help);
  assert.deepEqual((line[1] as string).split(/,\s*/).sort(), served);
});

test("brain install --help names the directory brain install claude writes to", async (t) => {
  const sb = freshSandbox(t);
  const help = (await brainOk(sb, ["install", "--help"])).stdout.replace(/\s+/g, " ");
  const said = /claude: (~\/[^;)\s]+)/.exec(help)?.[1];
  assert.ok(said, help);
  const r = json<{ dir: string }>(await brainOk(sb, ["--json", "install", "claude"]));
  assert.equal(r.dir, join(sb.home, said.slice(2)));
});

test("--cwd of a directory that is not there is warned about, once, and the command still runs", async (t) => {
  const sb = freshSandbox(t);
  await brainOk(sb, ["init"]);
  const missing = join(sb.dir, "no", "such");
  for (const args of [["context"], ["search", "direct"], ["stats"]]) {
    const r = await brainOk(sb, ["--cwd", missing, ...args]);
    assert.equal(r.stderr, `brain: --cwd ${missing}: no such directory\n`, args.join(" "));
  }
  const there = await brainOk(sb, ["--cwd", sb.dir, "context"]);
  assert.equal(there.stderr, "");
});
