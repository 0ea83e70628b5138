/**
 * What an MCP client may read (issue 10 #16): `brain_context` and `load_brain_file` take a client-chosen
 * `cwd`, and read project rules only under the project roots the server was started for — its cwd, the
 * config's `projectRoots`, or the client's own MCP roots (roots/list) — and an error never lists files
 * outside them. Through the official SDK client against the built `brain mcp`.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { pathToFileURL } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ListRootsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { assertBuilt, BIN, childEnv, type Sandbox, sandbox } from "../support/cli.ts";
import { textOf, writeProject } from "./_support.ts";

interface Served {
  sb: Sandbox;
  project: string;
  other: string;
  client: Client;
  close: () => Promise<void>;
}

/** Another repository beside the project, with rule files the server must not read. */
function writeOther(sb: Sandbox): string {
  const other = join(sb.dir, "other-repo");
  fs.mkdirSync(join(other, ".git"), { recursive: true });
  fs.mkdirSync(join(other, ".cursor", "rules"), { recursive: true });
  fs.writeFileSync(join(other, "AGENTS.md"), "# Agents\nOTHER-REPO-CANARY\n");
  fs.writeFileSync(
    join(other, ".cursor", "rules", "private-notes.mdc"),
    "---\ndescription: x\n---\nOTHER-RULE\n",
  );
  return other;
}

async function serve(
  opts: { config?: (other: string) => object; clientRoots?: (other: string) => string[] } = {},
) {
  assertBuilt();
  const sb = sandbox("brain-mcp-roots-");
  const project = writeProject(sb);
  const other = writeOther(sb);
  const env: Record<string, string> = { BRAIN_NOW: "2026-03-01T12:00:00.000Z" };
  if (opts.config) {
    const cfg = join(sb.dir, "config.json");
    fs.writeFileSync(cfg, JSON.stringify(opts.config(other)));
    env.BRAIN_CONFIG = cfg;
  }
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, "mcp"],
    cwd: project,
    env: childEnv(sb, env) as Record<string, string>,
    stderr: "pipe",
  });
  const roots = opts.clientRoots?.(other);
  const client = new Client(
    { name: "roots-test", version: "1.0.0" },
    roots ? { capabilities: { roots: { listChanged: true } } } : {},
  );
  if (roots)
    client.setRequestHandler(ListRootsRequestSchema, async () => ({
      roots: roots.map((r) => ({ uri: pathToFileURL(r).href, name: "root" })),
    }));
  await client.connect(transport);
  return {
    sb,
    project,
    other,
    client,
    close: async () => {
      await client.close();
      fs.rmSync(sb.dir, { recursive: true, force: true });
    },
  } satisfies Served;
}

const call = (s: Served, name: string, args: Record<string, unknown>) =>
  s.client.callTool({ name, arguments: args }) as Promise<{ isError?: boolean; content: unknown }>;

describe("a server started in a project reads nothing outside it", () => {
  let s: Served;
  before(async () => {
    s = await serve();
  });
  after(() => s.close());

  test("brain_context for a cwd outside the project roots is refused without reading its rules", async () => {
    const r = await call(s, "brain_context", { cwd: s.other, budget: 3000 });
    assert.equal(r.isError, true, textOf(r));
    assert.match(textOf(r), /outside the project roots/);
    assert.ok(!textOf(r).includes("OTHER-REPO-CANARY"));
  });

  test("load_brain_file with an outside cwd is refused and lists none of that repo's files", async () => {
    for (const name of ["AGENTS.md", "nothing-here.md", join(s.other, "AGENTS.md")]) {
      const r = await call(s, "load_brain_file", { name, cwd: s.other });
      assert.equal(r.isError, true, textOf(r));
      assert.ok(!/OTHER-REPO-CANARY|private-notes/.test(textOf(r)), textOf(r));
    }
    const home = await call(s, "load_brain_file", { name: "CLAUDE.md", cwd: join(s.sb.dir, "home") });
    assert.equal(home.isError, true);
  });

  test("inside the project everything works as before", async () => {
    const r = await call(s, "load_brain_file", {
      name: ".cursor/rules/testing.mdc",
      cwd: join(s.project, ".cursor"),
    });
    assert.ok(!r.isError, textOf(r));
    assert.match(textOf(r), /node:test/);
    const c = await call(s, "brain_context", { cwd: s.project });
    assert.ok(!c.isError, textOf(c));
  });
});

test("config projectRoots allows another repository", async () => {
  const s = await serve({ config: (other) => ({ projectRoots: [other] }) });
  try {
    const r = await call(s, "load_brain_file", { name: "AGENTS.md", cwd: s.other });
    assert.ok(!r.isError, textOf(r));
    assert.match(textOf(r), /OTHER-REPO-CANARY/);
  } finally {
    await s.close();
  }
});

test("the client's MCP roots (roots/list) allow a repository", async () => {
  const s = await serve({ clientRoots: (other) => [other] });
  try {
    const r = await call(s, "brain_context", { cwd: s.other, budget: 3000 });
    assert.ok(!r.isError, textOf(r));
    assert.match(textOf(r), /OTHER-REPO-CANARY/);
  } finally {
    await s.close();
  }
});
