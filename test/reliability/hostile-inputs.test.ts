/**
 * Issue 10 item 12, through real processes: inputs that used to abort, block or spin. `ingest` of a
 * character device or a fifo, a brain path on /proc, an MCP message over 10 MiB, and output into a closed
 * pipe each get a clear answer (or, for the pipe, silence) instead.
 */
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import { dirname, join } from "node:path";
import { after, before, describe, it } from "node:test";
import { startMcpProcess, textOf } from "../mcp/_support.ts";
import {
  BIN,
  bashBrain,
  brain,
  type CliResult,
  childEnv,
  removeSandbox,
  type Sandbox,
  sandbox,
  show,
} from "../support/cli.ts";

/** Safety net only (a regression would otherwise hang the suite); nothing here measures time. */
const KILL_AFTER = 30_000;
const linux = process.platform === "linux";

let sb: Sandbox;
before(async () => {
  sb = sandbox("brain-hostile-in-");
  const r = await brain(sb, ["add", "type=learning", "text=The staging port is 8443"]);
  assert.equal(r.code, 0, show(r));
});
after(() => removeSandbox(sb));

describe("ingest refuses what is not a regular file", () => {
  it("a character device (/dev/zero never ends)", async () => {
    const r = await brain(sb, ["ingest", "/dev/zero"], { timeoutMs: KILL_AFTER });
    assert.equal(r.code, 2, show(r));
    assert.match(r.stderr, /\/dev\/zero is a character device, not a regular file/);
  });

  it("a fifo (the read would block forever)", async () => {
    const fifo = join(sb.dir, "transcript.fifo");
    assert.equal(spawnSync("mkfifo", [fifo]).status, 0, "mkfifo");
    const r = await brain(sb, ["ingest", fifo], { timeoutMs: KILL_AFTER });
    assert.equal(r.code, 2, show(r));
    assert.match(r.stderr, /is a fifo \(named pipe\), not a regular file/);
  });
});

describe("a brain path that cannot hold a brain is refused before any read, lock or write", () => {
  const cases: [string, () => string, RegExp][] = [
    ["a file on /proc (its directory refuses new files)", () => "/proc/self/status", /on procfs/],
    ["a new file in a /proc directory", () => "/proc/self/brain.jsonl", /on procfs/],
    ["a fifo", () => join(sb.dir, "log.fifo"), /is a fifo/],
    ["a directory", () => sb.dir, /is a directory/],
  ];
  for (const [name, path, re] of cases) {
    it(name, { skip: !linux && /proc/.test(name) }, async () => {
      const p = path();
      if (p.endsWith(".fifo") && !fs.existsSync(p)) spawnSync("mkfifo", [p]);
      for (const args of [["add", "type=learning", "text=x"], ["list"], ["doctor"]]) {
        const r = await brain(sb, ["--brain", p, ...args], { timeoutMs: KILL_AFTER });
        assert.equal(r.code, 6, `${args[0]}: ${show(r)}`);
        assert.match(r.stderr, re, args[0]);
      }
    });
  }
});

describe("output into a closed pipe ends quietly", () => {
  /** Run the CLI with its stdout pipe closed by the reader before the CLI writes a byte. */
  function closedStdout(args: string[]): Promise<CliResult> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [BIN, ...args], {
        env: childEnv(sb),
        cwd: sb.dir,
        stdio: ["ignore", "pipe", "pipe"],
      });
      child.stdout.destroy();
      let stderr = "";
      child.stderr.setEncoding("utf8").on("data", (d: string) => {
        stderr += d;
      });
      const timer = setTimeout(() => child.kill("SIGKILL"), KILL_AFTER);
      child.on("error", reject);
      child.on("close", (code, signal) => {
        clearTimeout(timer);
        resolve({ code: code ?? (signal ? 128 : -1), stdout: "", stderr });
      });
    });
  }

  it("`doctor --repair` finishes its repair with its own exit code and no EPIPE stack", async () => {
    const litter = join(dirname(sb.brainPath), "brain.jsonl.compact-999999-00000000");
    fs.writeFileSync(litter, "left by a killed compaction");
    const r = await closedStdout(["doctor", "--repair"]);
    assert.equal(r.stderr, "", show(r));
    assert.equal(r.code, 0, show(r));
    assert.equal(fs.existsSync(litter), false, "the repair ran to the end");
  });

  it("`brain list type=learning limit=3000 | head -1`: more output than a pipe holds", async () => {
    const lines = Array.from({ length: 3000 }, (_, i) =>
      JSON.stringify({
        id: `big${String(i).padStart(5, "0")}`,
        type: "learning",
        text: `learning number ${i} with enough words to fill the pipe quickly`,
        created: "2026-01-01T00:00:00.000Z",
      }),
    );
    fs.appendFileSync(sb.brainPath, `${lines.join("\n")}\n`);
    // bash's own ${PIPESTATUS[0]}: the exit status of brain, not of head.
    const status = "$" + "{PIPESTATUS[0]}";
    const r = await bashBrain(
      sb,
      `brain list type=learning limit=3000 | head -1; echo "brain exit ${status}" >&2`,
      {
        timeoutMs: KILL_AFTER,
      },
    );
    assert.equal(r.stdout.split("\n").length, 2, "head printed one line");
    assert.equal(r.stderr, "brain exit 0\n", show(r));
  });
});

describe("MCP: a message over 10 MiB", () => {
  it("is answered with an error and the session goes on", async () => {
    const mcp = await startMcpProcess("brain-mcp-big-");
    try {
      const huge = "x".repeat(11 * 1024 * 1024);
      await assert.rejects(
        mcp.client.callTool({ name: "brain", arguments: { action: "add", type: "learning", text: huge } }),
        /message too large: 11\.0 MiB \(the limit is 10\.0 MiB\)/,
      );
      const added = await mcp.client.callTool({
        name: "brain",
        arguments: { action: "add", type: "learning", text: "Still here after the big one" },
      });
      assert.notEqual(added.isError, true, textOf(added));
      const listed = await mcp.client.callTool({
        name: "brain",
        arguments: { action: "list", type: "learning" },
      });
      assert.match(textOf(listed), /Still here after the big one/);
      assert.ok(
        !fs.readFileSync(mcp.sb.brainPath, "utf8").includes(huge.slice(0, 100)),
        "the big add was not read",
      );
    } finally {
      await mcp.close();
    }
  });
});
