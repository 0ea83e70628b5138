import * as fs from "node:fs";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { Brain } from "../engine.ts";
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

function version(): string {
  try {
    const pkg = JSON.parse(fs.readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
      version?: string;
    };
    return pkg.version ?? "0.0.0";
  } catch {
    return "0.0.0";
  }
}

/** The MCP server over one brain: four tools, the prompt and brain files as resources, one prompt. */
export function createServer(
  brain: Brain,
  roots = new ProjectRoots(brain.cwd, brain.settings.projectRoots),
): McpServer {
  const server = new McpServer(
    { name: "brain", title: "Brain memory", version: version() },
    { instructions: INSTRUCTIONS, capabilities: { logging: {} } },
  );
  roots.attach(server);
  registerTools(server, brain, roots);
  registerResources(server, brain, roots);
  return server;
}

/** Serve over stdio until the client closes stdin. stdout carries only the protocol. */
export async function serveStdio(brain: Brain): Promise<void> {
  const server = createServer(brain);
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.on("end", () => resolve());
  });
  // A bug in one request must not end the session: report it and keep serving.
  process.on("uncaughtException", (e) => process.stderr.write(`brain mcp: ${e.stack ?? e}\n`));
  process.on("unhandledRejection", (e) => process.stderr.write(`brain mcp: ${String(e)}\n`));
  await server.connect(transport);
  await closed;
  brain.persist();
  await server.close();
}
