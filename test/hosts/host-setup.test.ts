/**
 * `brain install|uninstall codex|copilot|gemini|opencode|cursor` through the built CLI, against real-shaped
 * existing configs (the user's other MCP servers and hooks in place, comments in JSONC, a TOML config with
 * Codex's memory feature on): the user's entries survive; Brain's entries name only the stable entry point;
 * a second install changes nothing; uninstall gives every file back byte for byte; a file the user edited
 * after install keeps the edit and loses only Brain's part; a "brain" server that is not Brain's is refused;
 * the hosts' memory settings and memory files are byte-identical after install and after uninstall.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { dirname, join } from "node:path";
import { describe, it } from "node:test";
import { parse as parseJsonc } from "jsonc-parser";
import { parse as parseToml } from "smol-toml";
import { brain, freshSandbox, type Sandbox, show } from "../support/cli.ts";

const USER: Record<string, string> = {
  ".codex/config.toml": `# my Codex config
model = "o3"
approval_policy = "on-request"

[mcp_servers.docs]
command = "docs-mcp"
args = ["--stdio"]

[features]
memories = true

[memories]
use_memories = true
`,
  ".codex/hooks.json": `{
  "hooks": {
    "Stop": [{ "hooks": [{ "type": "command", "command": "notify-send done" }] }]
  }
}
`,
  ".gemini/settings.json": `{
  // mine
  "theme": "GitHub",
  "mcpServers": { "github": { "command": "gh-mcp", "args": [] } },
  "hooks": { "AfterTool": [{ "matcher": "write_file", "hooks": [{ "type": "command", "command": "./fmt.sh" }] }] },
  "experimental": { "autoMemory": true },
  "context": { "fileName": ["GEMINI.md", "AGENTS.md"] }
}
`,
  ".copilot/mcp-config.json": `{
  "mcpServers": { "playwright": { "type": "local", "command": "npx", "args": ["@playwright/mcp"], "tools": ["*"] } }
}
`,
  ".copilot/hooks/mine.json": `{ "version": 1, "hooks": { "sessionStart": [{ "type": "command", "bash": "echo hi" }] } }
`,
  ".config/opencode/opencode.json": `{
  "$schema": "https://opencode.ai/config.json",
  "model": "anthropic/claude-sonnet-4",
  "mcp": { "sentry": { "type": "remote", "url": "https://mcp.example/sse", "enabled": true } }
}
`,
  ".cursor/hooks.json": `{ "version": 1, "hooks": { "afterFileEdit": [{ "command": "./format.sh" }] } }
`,
  ".cursor/mcp.json": `{ "mcpServers": { "linear": { "url": "https://mcp.linear.app/sse" } } }
`,
  // The hosts' own memories: never touched.
  ".gemini/GEMINI.md": "## Gemini Added Memories\n- I prefer tabs\n",
  ".codex/memories/MEMORY.md": "# Memory\n- deploys go through make release\n",
  ".claude/projects/-work-app/memory/MEMORY.md": "- [Build](build.md)\n",
  ".claude/settings.json": '{ "autoMemoryEnabled": true }\n',
};

const HOSTS = ["codex", "copilot", "gemini", "opencode", "cursor"];

function seed(sb: Sandbox): void {
  for (const [rel, text] of Object.entries(USER)) {
    const f = join(sb.home, rel);
    fs.mkdirSync(dirname(f), { recursive: true });
    fs.writeFileSync(f, text);
  }
}

const read = (sb: Sandbox, rel: string) => fs.readFileSync(join(sb.home, rel), "utf8");
const json = (sb: Sandbox, rel: string) => parseJsonc(read(sb, rel)) as Record<string, any>;
/** A parsed TOML document as plain objects (smol-toml gives null-prototype ones). */
const plain = (v: unknown) => JSON.parse(JSON.stringify(v)) as Record<string, any>;
const entry = (sb: Sandbox) => join(sb.home, ".brain", "bin", "brain");

async function cli(sb: Sandbox, args: string[]) {
  const r = await brain(sb, args);
  assert.equal(r.code, 0, show(r));
  return r;
}

describe("installing into real-shaped configs", () => {
  it("keeps the user's entries, names only the entry point, is idempotent, and uninstalls byte for byte", async (t) => {
    const sb = freshSandbox(t, "brain-setup-");
    seed(sb);
    for (const h of HOSTS) await cli(sb, ["install", h]);
    const e = entry(sb);

    const toml = plain(parseToml(read(sb, ".codex/config.toml")));
    assert.deepEqual(toml.mcp_servers.docs, { command: "docs-mcp", args: ["--stdio"] });
    // Codex starts an MCP server with a short list of variables only: the ones choosing the brain are named,
    // so the MCP server opens the brain the hooks (which get the whole environment) write to.
    assert.deepEqual(toml.mcp_servers.brain, {
      command: e,
      args: ["mcp"],
      env_vars: ["BRAIN_PATH", "BRAIN_DIR", "BRAIN_STORE", "BRAIN_CONFIG"],
    });
    assert.equal(toml.model, "o3");
    assert.ok(
      read(sb, ".codex/config.toml").startsWith(USER[".codex/config.toml"] as string),
      "the user's text first, untouched",
    );
    const codexHooks = json(sb, ".codex/hooks.json").hooks;
    assert.equal(codexHooks.Stop[0].hooks[0].command, "notify-send done");
    assert.equal(codexHooks.Stop[1].hooks[0].command, `${e} hook stop`);
    assert.deepEqual(Object.keys(codexHooks).sort(), [
      "PostToolUse",
      "PreCompact",
      "SessionEnd",
      "SessionStart",
      "Stop",
      "UserPromptSubmit",
    ]);

    const gemini = json(sb, ".gemini/settings.json");
    assert.equal(gemini.theme, "GitHub");
    assert.deepEqual(gemini.mcpServers.github, { command: "gh-mcp", args: [] });
    assert.deepEqual(gemini.mcpServers.brain, { command: e, args: ["mcp"] });
    assert.equal(gemini.hooks.AfterTool[0].hooks[0].command, "./fmt.sh");
    assert.equal(gemini.hooks.BeforeAgent[0].hooks[0].command, `${e} hook user-prompt-submit`);
    assert.match(read(sb, ".gemini/settings.json"), /\/\/ mine/, "the comment stays");

    assert.equal(json(sb, ".copilot/mcp-config.json").mcpServers.playwright.command, "npx");
    assert.equal(json(sb, ".copilot/mcp-config.json").mcpServers.brain.command, e);
    const copilotHooks = json(sb, ".copilot/hooks/brain.json");
    assert.equal(copilotHooks.version, 1);
    assert.equal(copilotHooks.hooks.userPromptSubmitted[0].bash, `${e} hook user-prompt-submit`);
    assert.equal(read(sb, ".copilot/hooks/mine.json"), USER[".copilot/hooks/mine.json"]);

    const oc = json(sb, ".config/opencode/opencode.json");
    assert.equal(oc.model, "anthropic/claude-sonnet-4");
    assert.equal(oc.mcp.sentry.url, "https://mcp.example/sse");
    assert.deepEqual(oc.mcp.brain, { type: "local", command: [e, "mcp"], enabled: true });
    assert.match(read(sb, ".config/opencode/plugins/brain.js"), new RegExp(`const ENTRY = "${e}"`));

    const cursor = json(sb, ".cursor/hooks.json");
    assert.equal(cursor.hooks.afterFileEdit[0].command, "./format.sh");
    assert.equal(cursor.hooks.sessionStart[0].command, `${e} hook session-start`);
    assert.equal(json(sb, ".cursor/mcp.json").mcpServers.linear.url, "https://mcp.linear.app/sse");

    // Nothing in any host file names the node binary or Brain's install directory: only the entry point.
    const written = [
      ".codex/config.toml",
      ".codex/hooks.json",
      ".gemini/settings.json",
      ".copilot/mcp-config.json",
      ".copilot/hooks/brain.json",
      ".config/opencode/opencode.json",
      ".config/opencode/plugins/brain.js",
      ".cursor/hooks.json",
      ".cursor/mcp.json",
    ];
    for (const f of written) {
      assert.doesNotMatch(read(sb, f), /dist\/cli|brain\.cjs/, f);
      assert.doesNotMatch(read(sb, f), new RegExp(process.execPath.replace(/[/.]/g, "\\$&")), f);
    }

    // The hosts' memory settings and memory files are byte-identical after install.
    for (const f of [
      ".gemini/GEMINI.md",
      ".codex/memories/MEMORY.md",
      ".claude/projects/-work-app/memory/MEMORY.md",
      ".claude/settings.json",
    ])
      assert.equal(read(sb, f), USER[f], f);
    assert.deepEqual([toml.features, toml.memories], [{ memories: true }, { use_memories: true }]);
    assert.deepEqual(
      [gemini.experimental, gemini.context],
      [{ autoMemory: true }, { fileName: ["GEMINI.md", "AGENTS.md"] }],
    );

    // A second install changes nothing.
    const snapshot = written.map((f) => read(sb, f));
    for (const h of HOSTS) {
      const r = await cli(sb, ["--json", "install", h]);
      const changes = (JSON.parse(r.stdout) as { changes: { action: string }[] }).changes;
      assert.ok(
        changes.every((c) => c.action === "unchanged"),
        `${h}: ${r.stdout}`,
      );
    }
    assert.deepEqual(
      written.map((f) => read(sb, f)),
      snapshot,
    );

    for (const h of HOSTS) await cli(sb, ["uninstall", h]);
    for (const [rel, text] of Object.entries(USER)) assert.equal(read(sb, rel), text, `${rel} byte for byte`);
    for (const f of [
      ".codex/hooks.json",
      ".copilot/hooks/brain.json",
      ".config/opencode/opencode.json",
      ".config/opencode/plugins/brain.js",
      ".cursor/mcp.json",
    ].filter((f) => !(f in USER)))
      assert.equal(fs.existsSync(join(sb.home, f)), false, `${f} removed`);
  });

  it("a file the user changed after install keeps the change; only Brain's part goes", async (t) => {
    const sb = freshSandbox(t, "brain-setup-edit-");
    seed(sb);
    await cli(sb, ["install", "gemini"]);
    await cli(sb, ["install", "codex"]);
    const settings = join(sb.home, ".gemini/settings.json");
    fs.writeFileSync(
      settings,
      read(sb, ".gemini/settings.json").replace('"theme": "GitHub"', '"theme": "Dracula"'),
    );
    fs.appendFileSync(join(sb.home, ".codex/config.toml"), '\n[mcp_servers.later]\ncommand = "later-mcp"\n');
    await cli(sb, ["uninstall", "gemini"]);
    await cli(sb, ["uninstall", "codex"]);
    const g = json(sb, ".gemini/settings.json");
    assert.equal(g.theme, "Dracula");
    assert.equal(g.mcpServers.brain, undefined);
    assert.deepEqual(g.mcpServers.github, { command: "gh-mcp", args: [] });
    assert.deepEqual(Object.keys(g.hooks), ["AfterTool"]);
    assert.equal(JSON.stringify(g).includes(entry(sb)), false);
    const toml = plain(parseToml(read(sb, ".codex/config.toml")));
    assert.deepEqual(Object.keys(toml.mcp_servers).sort(), ["docs", "later"]);
  });

  it("a 'brain' MCP server that is not Brain's is refused, the file left as it was", async (t) => {
    const sb = freshSandbox(t, "brain-setup-theirs-");
    const f = join(sb.home, ".gemini/settings.json");
    fs.mkdirSync(dirname(f), { recursive: true });
    const theirs = '{ "mcpServers": { "brain": { "command": "someone-elses-brain" } } }\n';
    fs.writeFileSync(f, theirs);
    const r = await brain(sb, ["install", "gemini"]);
    assert.notEqual(r.code, 0, show(r));
    assert.match(r.stderr, /mcpServers\.brain is already set to something not Brain's/);
    assert.equal(fs.readFileSync(f, "utf8"), theirs);
  });

  it("--dry-run writes nothing; --project writes into the project; --export writes a marked section that uninstall takes out", async (t) => {
    const sb = freshSandbox(t, "brain-setup-scope-");
    seed(sb);
    const project = join(sb.dir, "app");
    fs.mkdirSync(join(project, ".git"), { recursive: true });
    const dry = await cli(sb, ["--json", "install", "cursor", "--dry-run"]);
    assert.ok((JSON.parse(dry.stdout) as { changes: unknown[] }).changes.length > 0);
    assert.equal(read(sb, ".cursor/hooks.json"), USER[".cursor/hooks.json"]);

    await cli(sb, ["add", "type=learning", "text=Releases are cut on Thursdays"]);
    const p = await brain(sb, ["install", "cursor", "--project"], { cwd: project });
    assert.equal(p.code, 0, show(p));
    assert.equal(JSON.parse(fs.readFileSync(join(project, ".cursor/hooks.json"), "utf8")).version, 1);
    assert.match(
      fs.readFileSync(join(project, ".cursor/rules/brain.mdc"), "utf8"),
      /^---\ndescription: Brain[\s\S]*alwaysApply: true/,
    );
    assert.equal(read(sb, ".cursor/hooks.json"), USER[".cursor/hooks.json"], "the user scope is untouched");

    await cli(sb, ["install", "gemini", "--export"]);
    const md = read(sb, ".gemini/GEMINI.md");
    assert.ok(md.startsWith(USER[".gemini/GEMINI.md"] as string), "Gemini's own memories first, untouched");
    assert.match(md, /<!-- brain:begin[\s\S]*Releases are cut on Thursdays[\s\S]*<!-- brain:end -->/);
    await cli(sb, ["install", "gemini", "--export"]);
    assert.equal(read(sb, ".gemini/GEMINI.md"), md, "updated in place, not appended twice");
    await cli(sb, ["uninstall", "gemini"]);
    await brain(sb, ["uninstall", "cursor", "--project"], { cwd: project });
    assert.equal(read(sb, ".gemini/GEMINI.md"), USER[".gemini/GEMINI.md"]);
    assert.equal(read(sb, ".gemini/settings.json"), USER[".gemini/settings.json"]);
    assert.equal(fs.existsSync(join(project, ".cursor/hooks.json")), false);
    assert.equal(fs.existsSync(join(project, ".cursor/rules/brain.mdc")), false);
  });
});
