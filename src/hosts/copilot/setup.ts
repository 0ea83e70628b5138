import { join } from "node:path";
import { eventsOf, hookCommand, mcpArgs, type Runner, runsBrain } from "../setup/common.ts";
import { dropIfEmpty, putOurs, readJson, removeOurs } from "../setup/json-edit.ts";
import { type FileEdit, type HostPlan, jsonFile } from "../setup/plan.ts";

/**
 * Copilot CLI (built against @github/copilot 1.0.102; docs.github.com hooks reference):
 *   hooks/brain.json    Brain's own hooks file (version 1, camelCase events, `bash` commands) in
 *                       ~/.copilot/hooks/ (or a project's .github/hooks/)
 *   mcp-config.json     `mcpServers.brain` (type local, tools *), user scope
 * Copilot also runs a project's `.claude/settings.json` hooks; the entry handles such a second firing once.
 */
export function copilotHooks(r: Runner): string {
  const hooks: Record<string, unknown[]> = {};
  for (const e of eventsOf("copilot"))
    hooks[e.name] = [
      { type: "command", bash: hookCommand(r, e.event), ...(e.timeout ? { timeoutSec: e.timeout } : {}) },
    ];
  return `${JSON.stringify({ version: 1, hooks }, null, 2)}\n`;
}

/** Whether every hook of a Copilot hooks file runs Brain (the file is Brain's to remove). */
function onlyBrainHooks(text: string, r: Runner): boolean {
  try {
    const v = JSON.parse(text) as { hooks?: Record<string, { bash?: unknown; command?: unknown }[]> };
    const commands = Object.values(v.hooks ?? {}).flatMap((list) => list.map((h) => h.bash ?? h.command));
    return commands.length > 0 && commands.every((c) => typeof c === "string" && c.includes(r.entry));
  } catch {
    return false;
  }
}

export function copilotPlan(hooksDir: string, mcpDir: string | undefined, r: Runner): HostPlan {
  const ours = runsBrain(r);
  const hooksFile = join(hooksDir, "brain.json");
  const own: FileEdit = {
    file: hooksFile,
    what: "hooks",
    install: () => copilotHooks(r),
    uninstall: (text) => (onlyBrainHooks(text, r) ? null : text),
  };
  const edits: FileEdit[] = [own];
  if (mcpDir) {
    const mcp = join(mcpDir, "mcp-config.json");
    edits.push(
      jsonFile(
        mcp,
        "MCP server",
        (t) =>
          putOurs(
            t,
            mcp,
            ["mcpServers", "brain"],
            { type: "local", command: r.entry, args: mcpArgs(r), tools: ["*"] },
            ours,
          ),
        (t) => dropIfEmpty(removeOurs(t, mcp, ["mcpServers", "brain"], ours), mcp, ["mcpServers"]),
        (t) => Object.keys(readJson(t, mcp)).length === 0,
      ),
    );
  }
  return { host: "copilot", edits, notes: [] };
}
