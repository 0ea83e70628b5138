/**
 * MCP test support: the official SDK client spawning the built `brain mcp` over stdio, in a sandbox with a
 * project directory (a git root with an agent-requested Cursor rule) and brain files beside the log.
 */
import * as fs from "node:fs";
import { dirname, join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { assertBuilt, BIN, childEnv, type Sandbox, sandbox } from "../support/cli.ts";

export interface McpFixture {
  sb: Sandbox;
  project: string;
  client: Client;
  stderr: () => string;
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

export async function startMcp(prefix = "brain-mcp-", env: Record<string, string> = {}): Promise<McpFixture> {
  assertBuilt();
  const sb = sandbox(prefix);
  const project = writeProject(sb);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, "mcp"],
    cwd: project,
    env: childEnv(sb, { BRAIN_NOW: "2026-03-01T12:00:00.000Z", ...env }) as Record<string, string>,
    stderr: "pipe",
  });
  let err = "";
  transport.stderr?.on("data", (d: Buffer) => {
    err += d.toString();
  });
  const client = new Client({ name: "brain-test", version: "1.0.0" });
  await client.connect(transport);
  return {
    sb,
    project,
    client,
    stderr: () => err,
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
