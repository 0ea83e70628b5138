/**
 * The Claude Code plugin as files: the checked-in `plugins/claude` matches the generator, and the plugin
 * `brain install claude` writes works as written — its hook commands run from a shell, its .mcp.json starts a
 * server the SDK client can list. `brain install pi` writes an extension stub that loads.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { dirname, join } from "node:path";
import { after, before, describe, it } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { HOOK_EVENTS } from "../../src/hooks/events.ts";
import { marketplaceJson, pluginFiles, shellJoin } from "../../src/hosts/claude/plugin.ts";
import {
  BIN,
  brain,
  childEnv,
  json,
  ROOT,
  removeSandbox,
  type Sandbox,
  sandbox,
  show,
} from "../support/cli.ts";
import { spawnProcessSync } from "../support/spawn.ts";

/** The bin `brain install` points hooks and the MCP server at: the installed one (package.json "bin"). */
const INSTALLED = join(dirname(BIN), "brain.cjs");

const readJson = (f: string) => JSON.parse(fs.readFileSync(f, "utf8")) as Record<string, unknown>;
type Hooks = { hooks: Record<string, { matcher?: string; hooks: { type: string; command: string }[] }[]> };

let sb: Sandbox;
/** Where `brain install` puts the stable entry point hosts run (in the sandbox's HOME). */
let ENTRY: string;
before(async () => {
  sb = sandbox("brain plugin ");
  ENTRY = join(sb.home, ".brain", "bin", "brain");
  const r = await brain(sb, ["add", "type=learning", "text=Plugin smoke test learning"]);
  assert.equal(r.code, 0, show(r));
});
after(() => removeSandbox(sb));

describe("plugins/claude in the repository", () => {
  it("is what the generator writes for a `brain` on PATH", () => {
    for (const [rel, content] of Object.entries(pluginFiles({ command: ["brain"] }))) {
      const file = join(ROOT, "plugins", "claude", rel);
      if (rel.endsWith(".json")) assert.deepEqual(readJson(file), JSON.parse(content), rel);
      else assert.equal(fs.readFileSync(file, "utf8"), content, rel);
    }
    // The skill is Claude Code's own format: SKILL.md with a name and a description.
    const skill = fs.readFileSync(
      join(ROOT, "plugins", "claude", "skills", "memory-consolidate", "SKILL.md"),
      "utf8",
    );
    assert.match(skill, /^---\nname: memory-consolidate\ndescription: .+\n---\n/);
    assert.match(skill, /brain consolidate/);
    assert.deepEqual(
      readJson(join(ROOT, "plugins", ".claude-plugin", "marketplace.json")),
      marketplaceJson({ command: ["brain"] }, "./claude"),
    );
  });

  it("hooks every event of the table (src/hooks/events.ts) under Claude Code's name, and nothing else", () => {
    const h = readJson(join(ROOT, "plugins", "claude", "hooks", "hooks.json")) as unknown as Hooks;
    assert.deepEqual(
      Object.keys(h.hooks),
      HOOK_EVENTS.map((e) => e.hosts.claude.name),
    );
    for (const e of HOOK_EVENTS) {
      const entry = h.hooks[e.hosts.claude.name];
      assert.equal(entry?.length, 1, e.cli);
      assert.equal(entry?.[0]?.hooks[0]?.command, `brain hook ${e.cli}`);
      assert.equal(entry?.[0]?.matcher, e.hosts.claude.matcher);
    }
    assert.deepEqual(h.hooks.SessionStart?.[0]?.matcher?.split("|").sort(), [
      "clear",
      "compact",
      "resume",
      "startup",
    ]);
    // Tool events for every tool: Claude Code's "*" matches all of them.
    assert.equal(h.hooks.PostToolUse?.[0]?.matcher, "*");
    assert.equal(h.hooks.PostToolUseFailure?.[0]?.matcher, "*");
  });
});

describe("brain install claude", () => {
  it("writes a local marketplace whose hook commands run from a shell (paths with spaces quoted)", async () => {
    const dir = join(sb.dir, "market place");
    const r = await brain(sb, ["--brain", sb.brainPath, "install", "claude", "--dir", dir, "--json"]);
    assert.equal(r.code, 0, show(r));
    const out = json<{ commands: string[]; files: string[] }>(r);
    assert.deepEqual(out.commands, [
      `claude plugin marketplace add ${dir}`,
      "claude plugin install brain@brain-local",
    ]);
    assert.equal(readJson(join(dir, ".claude-plugin", "marketplace.json")).name, "brain-local");
    const hooks = readJson(join(dir, "brain", "hooks", "hooks.json")) as unknown as Hooks;
    const cmd = hooks.hooks.SessionStart?.[0]?.hooks[0]?.command ?? "";
    // The stable entry point (test/hooks/stable-entry.test.ts), which runs this install: the installed bin.
    assert.ok(cmd.startsWith(`${shellJoin([ENTRY])} --brain '${sb.brainPath}'`), cmd);
    assert.equal(fs.readFileSync(`${ENTRY}.install`, "utf8"), `${process.execPath}\n${INSTALLED}\n`);
    const env = childEnv(sb, { BRAIN_PATH: undefined });
    const input = JSON.stringify({
      session_id: "s",
      cwd: sb.dir,
      hook_event_name: "SessionStart",
      source: "startup",
    });
    const run = spawnProcessSync("sh", ["-c", cmd], { stdin: input, env, cwd: sb.dir });
    assert.equal(run.code, 0, run.stderr);
    const ctx = JSON.parse(run.stdout).hookSpecificOutput.additionalContext as string;
    assert.match(ctx, /Plugin smoke test learning/);
  });

  it("writes an .mcp.json that starts a working MCP server", async () => {
    const dir = join(sb.dir, "market place");
    const mcp = readJson(join(dir, "brain", ".mcp.json")) as {
      mcpServers: { brain: { command: string; args: string[] } };
    };
    const server = mcp.mcpServers.brain;
    assert.equal(server.command, ENTRY);
    assert.deepEqual(server.args, ["--brain", sb.brainPath, "mcp"]);
    const client = new Client({ name: "plugin-test", version: "1" });
    const env = childEnv(sb, { BRAIN_PATH: undefined }) as Record<string, string>;
    await client.connect(
      new StdioClientTransport({ command: server.command, args: server.args, env, stderr: "ignore" }),
    );
    try {
      const r = await client.callTool({ name: "brain_search", arguments: { query: "smoke" } });
      assert.match(JSON.stringify(r.content), /Plugin smoke test learning/);
    } finally {
      await client.close();
    }
  });
});

describe("brain install pi", () => {
  it("writes an extension stub that loads the compiled extension", async () => {
    const dir = join(sb.dir, "pi-ext");
    const r = await brain(sb, ["install", "pi", "--dir", dir]);
    assert.equal(r.code, 0, show(r));
    const stub = join(dir, "brain.ts");
    assert.match(fs.readFileSync(stub, "utf8"), /createBrainExtension\(\{\}\)/);
    const mod = (await import(stub)) as { default: unknown };
    assert.equal(typeof mod.default, "function");
  });

  it("refuses an unknown host with exit 2", async () => {
    const r = await brain(sb, ["install", "vscode"]);
    assert.equal(r.code, 2, show(r));
    assert.match(r.stderr, /unknown host "vscode"/);
  });
});
