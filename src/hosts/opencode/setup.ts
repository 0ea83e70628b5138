import { join } from "node:path";
import { mcpArgs, type Runner, runsBrain } from "../setup/common.ts";
import { dropIfEmpty, putOurs, readJson, removeOurs } from "../setup/json-edit.ts";
import { type HostPlan, jsonFile, ownFile } from "../setup/plan.ts";
import { OPENCODE_PLUGIN_HEAD, opencodePlugin } from "./plugin.ts";

/**
 * OpenCode (built against opencode-ai 1.18.33; opencode.ai/docs/plugins, /docs/mcp-servers, /docs/config):
 *   plugins/brain.js   Brain's plugin (~/.config/opencode/plugins/ or a project's .opencode/plugins/)
 *   opencode.json      `mcp.brain` (type local, command array, enabled) — ~/.config/opencode/opencode.json
 *                      or the project's opencode.json
 */
export function opencodePlan(pluginDir: string, configFile: string, r: Runner): HostPlan {
  const ours = runsBrain(r);
  return {
    host: "opencode",
    edits: [
      ownFile(join(pluginDir, "brain.js"), "plugin", opencodePlugin(r), OPENCODE_PLUGIN_HEAD),
      jsonFile(
        configFile,
        "MCP server",
        (t) =>
          putOurs(
            t,
            configFile,
            ["mcp", "brain"],
            { type: "local", command: [r.entry, ...mcpArgs(r)], enabled: true },
            ours,
          ),
        (t) => dropIfEmpty(removeOurs(t, configFile, ["mcp", "brain"], ours), configFile, ["mcp"]),
        (t) => Object.keys(readJson(t, configFile)).filter((k) => k !== "$schema").length === 0,
      ),
    ],
    notes: [],
  };
}
