/**
 * The MCP Inspector CLI (the reference tool users debug servers with) against `brain mcp`. The inspector
 * exits 0 even when a tool call fails, so every run's JSON output is checked.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { BIN, childEnv, ROOT, readLines, removeSandbox, type Sandbox, sandbox } from "../support/cli.ts";

const INSPECTOR = join(ROOT, "node_modules", ".bin", "mcp-inspector");

let sb: Sandbox;
before(() => {
  sb = sandbox("brain-inspector-");
});
after(() => removeSandbox(sb));

function inspect(args: string[]): Promise<{ code: number; json: Record<string, unknown>; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(INSPECTOR, ["--cli", process.execPath, BIN, "mcp", ...args], {
      env: childEnv(sb),
      cwd: sb.dir,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      out += d;
    });
    child.stderr.setEncoding("utf8").on("data", (d: string) => {
      err += d;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      const start = out.indexOf("{");
      try {
        resolve({
          code: code ?? -1,
          json: JSON.parse(out.slice(start)) as Record<string, unknown>,
          stderr: err,
        });
      } catch {
        reject(new Error(`inspector printed no JSON (exit ${code}):\n${out}\n${err}`));
      }
    });
  });
}

describe("MCP Inspector CLI", { skip: !fs.existsSync(INSPECTOR) && "npm install first" }, () => {
  it("lists the tools, calls brain to add a learning, and reports an error result for a bad action", async () => {
    const list = await inspect(["--method", "tools/list"]);
    const names = (list.json.tools as { name: string }[]).map((t) => t.name).sort();
    assert.deepEqual(names, ["brain", "brain_context", "brain_search", "load_brain_file"]);

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
    assert.match(JSON.stringify(bad.json.content), /action must be one of/);

    const res = await inspect(["--method", "resources/read", "--uri", "brain://prompt"]);
    assert.match(JSON.stringify(res.json), /Inspector was here/);
  });
});
