import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Brain } from "../engine/brain.ts";
import { packageVersion } from "../package-root.ts";
import { registerResources } from "./resources.ts";
import { ProjectRoots } from "./roots.ts";
import { registerTools } from "./tools.ts";

const INSTRUCTIONS = [
  "Brain is your persistent memory across sessions (a Rho-compatible brain.jsonl).",
  "At the start of a task read the context (brain_context, or the brain://prompt resource) and follow it.",
  "Use brain_search to recall what was learned before; use the brain tool with action=add to store durable",
  "learnings (type=learning) and user preferences (type=preference) as you discover them.",
  "Load files listed under 'Available context files' with load_brain_file when they match the task.",
].join(" ");

/**
 * The MCP server over one brain: four tools, the prompt and brain files as resources, one prompt. On a team
 * store it follows the store's announcements (LISTEN/NOTIFY) until the connection closes.
 */
export function createServer(
  brain: Brain,
  roots = new ProjectRoots(brain.cwd, brain.settings.projectRoots),
): McpServer {
  const server = new McpServer(
    { name: "brain", title: "Brain memory", version: packageVersion() },
    { instructions: INSTRUCTIONS, capabilities: { logging: {} } },
  );
  roots.attach(server);
  registerTools(server, brain, roots);
  registerResources(server, brain, roots);
  // A team store announces other machines' writes: they are folded as they come, not at the next call.
  const stop = brain.follow();
  if (stop) {
    const closed = server.server.onclose;
    server.server.onclose = () => {
      stop();
      closed?.();
    };
  }
  return server;
}
