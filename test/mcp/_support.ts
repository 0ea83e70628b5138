/**
 * MCP test support: the official SDK client talking to our server factory in this process over the SDK's
 * in-memory transport (no child process; `stdio.test.ts` does the one real stdio round trip), in a sandbox
 * with a project directory (a git root with an agent-requested Cursor rule) and brain files beside the log.
 */
import * as fs from "node:fs";
import { dirname, join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Brain, loadConfig } from "../../src/index.ts";
import { createServer } from "../../src/mcp/server.ts";
import { assertBuilt, BIN, childEnv, type Sandbox, sandbox } from "../support/cli.ts";

/** The clock every MCP test runs at (the CLI gets it as BRAIN_NOW). */
export const MCP_NOW = "2026-03-01T12:00:00.000Z";

export interface McpFixture {
  sb: Sandbox;
  project: string;
  brain: Brain;
  client: Client;
  close: () => Promise<void>;
}

export function writeProject(sb: Sandbox): string {
  const project = join(sb.dir, "project");
  fs.mkdirSync(join(project, ".git"), { recursive: true });
  fs.mkdirSync(join(project, ".cursor", "rules"), { recursive: true });
  fs.writeFileSync(
    join(project, ".cursor", "rules", "testing.mdc"),
    "---\ndescription: How tests are written here\n---\nTests use node:test and assert/strict.\n",
  );
  const brainDir = dirname(sb.brainPath);
  fs.mkdirSync(brainDir, { recursive: true });
  fs.writeFileSync(
    join(brainDir, "CODE.md"),
    "> Owns: coding conventions\n\n# Code\nPrefer early returns.\n",
  );
  fs.writeFileSync(join(brainDir, "SOUL.md"), "# Soul\nCurious and exact.\n");
  return project;
}

/** The server as `brain mcp` builds it (config from the sandbox's environment), connected in memory. */
export async function startMcp(prefix = "brain-mcp-", env: Record<string, string> = {}): Promise<McpFixture> {
  const sb = sandbox(prefix);
  const project = writeProject(sb);
  const config = loadConfig(childEnv(sb, env), undefined, sb.home);
  const fixed = Date.parse(MCP_NOW);
  const brain = Brain.open({
    path: config.brainPath,
    settings: config,
    cwd: project,
    now: () => new Date(fixed),
  });
  const server = createServer(brain);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "brain-test", version: "1.0.0" });
  await client.connect(clientSide);
  return {
    sb,
    project,
    brain,
    client,
    close: async () => {
      await client.close();
      await server.close();
      brain.persist();
      fs.rmSync(sb.dir, { recursive: true, force: true });
    },
  };
}

/** The same fixture over a real `brain mcp` child process on stdio (for what only the transport decides). */
export async function startMcpProcess(
  prefix = "brain-mcp-",
): Promise<Omit<McpFixture, "brain"> & { stderr: () => string }> {
  assertBuilt();
  const sb = sandbox(prefix);
  const project = writeProject(sb);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, "mcp"],
    cwd: project,
    env: childEnv(sb, { BRAIN_NOW: MCP_NOW }) as Record<string, string>,
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (d: Buffer) => {
    stderr += d.toString();
  });
  const client = new Client({ name: "brain-test", version: "1.0.0" });
  await client.connect(transport);
  return {
    sb,
    project,
    client,
    stderr: () => stderr,
    close: async () => {
      await client.close();
      fs.rmSync(sb.dir, { recursive: true, force: true });
    },
  };
}

type Content = { type: string; text?: string }[];

/** The text of a tool result's first content item. */
export function textOf(r: unknown): string {
  const c = (r as { content?: Content }).content?.[0];
  return c?.text ?? "";
}
