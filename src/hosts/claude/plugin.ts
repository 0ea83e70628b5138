/**
 * The Claude Code plugin, as files: manifest, hooks and the MCP server. `plugins/claude/` in the repository is
 * this with the command `brain` (on PATH); `brain install claude` writes it with absolute paths instead, inside
 * a local marketplace so `claude plugin install` can pick it up.
 */
import * as fs from "node:fs";
import { join } from "node:path";
import { HOOK_EVENTS } from "../../hooks/events.ts";
import { packageRoot, packageVersion } from "../../package-root.ts";

export const PLUGIN_NAME = "brain";
export const MARKETPLACE_NAME = "brain-local";

const DESCRIPTION =
  "Persistent memory for Claude Code: the brain's context at session start and after compaction, relevant " +
  "memories on every prompt, the brain MCP tools, transcripts queued for extraction, and tool calls recorded.";

/** `words` joined for a shell: words with spaces or quotes are single-quoted. */
export function shellJoin(words: string[]): string {
  return words.map((w) => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`)).join(" ");
}

export interface PluginOptions {
  /** How to run the brain CLI, e.g. ["brain"] or [process.execPath, "/abs/dist/cli/main.js"]. */
  command: string[];
  /** Extra global options baked into every call, e.g. ["--brain", "/path/brain.jsonl"]. */
  globalArgs?: string[];
  version?: string;
}

/** The plugin's hooks.json: one entry per event of the table (src/hooks/events.ts), under Claude Code's name. */
export function hooksJson(o: PluginOptions) {
  const hooks: Record<string, unknown[]> = {};
  for (const e of HOOK_EVENTS) {
    const { name, matcher, timeout } = e.hosts.claude;
    const command = shellJoin([...o.command, ...(o.globalArgs ?? []), "hook", e.cli]);
    hooks[name] = [
      {
        ...(matcher ? { matcher } : {}),
        hooks: [{ type: "command", command, ...(timeout ? { timeout } : {}) }],
      },
    ];
  }
  return {
    description:
      "Brain: context at session start and per prompt; transcripts queued for extraction; tool calls recorded.",
    hooks,
  };
}

export function mcpJson(o: PluginOptions) {
  const [command, ...rest] = o.command;
  return { mcpServers: { brain: { command, args: [...rest, ...(o.globalArgs ?? []), "mcp"] } } };
}

export function pluginJson(o: PluginOptions) {
  return {
    name: PLUGIN_NAME,
    version: o.version ?? packageVersion(),
    description: DESCRIPTION,
    keywords: ["memory", "context", "rho", "mcp"],
  };
}

export function marketplaceJson(o: PluginOptions, source = "./brain") {
  return {
    name: MARKETPLACE_NAME,
    owner: { name: "brain" },
    plugins: [
      { name: PLUGIN_NAME, source, description: DESCRIPTION, version: o.version ?? packageVersion() },
    ],
  };
}

const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;

/** Skills the plugin ships, in Claude Code's own format (`skills/<name>/SKILL.md`): the package's built-ins. */
export const PLUGIN_SKILLS = ["memory-consolidate"];

function skillFiles(): Record<string, string> {
  const root = packageRoot();
  const out: Record<string, string> = {};
  for (const name of PLUGIN_SKILLS) {
    const rel = `skills/${name}/SKILL.md`;
    if (root) out[rel] = fs.readFileSync(join(root, rel), "utf8");
  }
  return out;
}

/** Files of the plugin folder, keyed by path relative to it. */
export function pluginFiles(o: PluginOptions): Record<string, string> {
  return {
    ".claude-plugin/plugin.json": json(pluginJson(o)),
    "hooks/hooks.json": json(hooksJson(o)),
    ".mcp.json": json(mcpJson(o)),
    ...skillFiles(),
  };
}

/** Files of a local marketplace holding the plugin in `brain/`, keyed by path relative to its root. */
export function marketplaceFiles(o: PluginOptions): Record<string, string> {
  const files: Record<string, string> = { ".claude-plugin/marketplace.json": json(marketplaceJson(o)) };
  for (const [k, v] of Object.entries(pluginFiles(o))) files[`brain/${k}`] = v;
  return files;
}
