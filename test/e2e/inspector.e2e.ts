/**
 * The MCP Inspector CLI (the reference tool users debug servers with) against `brain mcp`, in the optional
 * e2e lane (test/e2e/setup.mjs installs it; it is not a project dependency: it warns on Node 20). The
 * inspector exits 0 even when a tool call fails, so every run's JSON output is checked.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { MCP_TOOL_NAMES } from "../../src/core/mcp-tool-names.ts";
import {
  assertBuilt,
  BIN,
  childEnv,
  readLines,
  removeSandbox,
  type Sandbox,
  sandbox,
} from "../support/cli.ts";
import { spawnProcess } from "../support/spawn.ts";
import { INSPECTOR, missing } from "./_hosts.ts";

let sb: Sandbox;
before(() => {
  sb = sandbox("brain-inspector-");
});
after(() => removeSandbox(sb));

async function inspect(
  args: string[],
): Promise<{ code: number; json: Record<string, unknown>; stderr: string }> {
  assertBuilt();
  const r = await spawnProcess(INSPECTOR, ["--cli", process.execPath, BIN, "mcp", ...args], {
    env: childEnv(sb),
    cwd: sb.dir,
  });
  try {
    return { code: r.code, json: JSON.parse(r.stdout.slice(r.stdout.indexOf("{"))), stderr: r.stderr };
  } catch {
    throw new Error(`inspector printed no JSON (exit ${r.code}):\n${r.stdout}\n${r.stderr}`);
  }
}

describe("MCP Inspector CLI", { skip: missing(INSPECTOR) }, () => {
  it("lists the tools, calls brain to add a learning, and reports an error result for a bad action", async () => {
    const list = await inspect(["--method", "tools/list"]);
    const names = (list.json.tools as { name: string }[]).map((t) => t.name).sort();
    assert.deepEqual(names, [...MCP_TOOL_NAMES].sort());

    const add = await inspect([
      "--method",
      "tools/call",
      "--tool-name",
      "brain",
      "--tool-arg",
      "action=add",
      "--tool-arg",
      "type=learning",
      "--tool-arg",
      "text=Inspector was here",
    ]);
    assert.equal(add.json.isError, undefined, JSON.stringify(add.json));
    assert.equal(
      (add.json.structuredContent as { message: string }).message,
      "Added learning: Inspector was here",
    );
    assert.ok(readLines(sb.brainPath).some((e) => e.text === "Inspector was here"));

    const bad = await inspect([
      "--method",
      "tools/call",
      "--tool-name",
      "brain",
      "--tool-arg",
      "action=bogus",
    ]);
    assert.equal(bad.code, 0, "the inspector exits 0 even on a tool error (why its output is checked)");
    assert.equal(bad.json.isError, true);
    assert.match(JSON.stringify(bad.json.content), /unknown action /);

    const res = await inspect(["--method", "resources/read", "--uri", "brain://prompt"]);
    assert.match(JSON.stringify(res.json), /Inspector was here/);
  });
});
