/**
 * `brain mcp` on a team store follows it (issue 15): another process's new memory is folded when the server
 * announces it (LISTEN/NOTIFY), so the next tool call — through the official MCP SDK client — sees it without
 * fetching a row itself.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Brain } from "../../src/engine/brain.ts";
import { createServer } from "../../src/mcp/server.ts";
import { textOf } from "../mcp/_support.ts";
import { brainOk, freshSandbox } from "../support/cli.ts";
import { createDatabaseSync, postgresOrSkip } from "../support/postgres.ts";
import { openStore } from "./support/pg-store.ts";

const server = await postgresOrSkip();
const needs = server ? {} : { skip: "no PostgreSQL here" };

test("an add by another process reaches the MCP server's next tool call through NOTIFY", needs, async (t) => {
  if (!server) return;
  const url = createDatabaseSync(server, t);
  const store = openStore(t, { url });
  const brain = Brain.open({ store, seedDefault: false, snapshot: false });
  const mcp = createServer(brain);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await mcp.connect(serverSide);
  const client = new Client({ name: "brain-test", version: "1.0.0" });
  await client.connect(clientSide);
  t.after(async () => {
    await client.close();
    await mcp.close();
  });
  const search = async () =>
    textOf(await client.callTool({ name: "brain_search", arguments: { query: "heron bucket" } }));
  assert.doesNotMatch(await search(), /Nightly reports/);

  const other = freshSandbox(t, "brain-mcp-pg-other-");
  const fetched = store.rowsRead;
  await brainOk(other, ["add", "type=learning", "text=Nightly reports land in the heron bucket"], {
    env: { BRAIN_STORE: url },
  });
  // The announcement arrives on its own: the server folds the new row without any request asking.
  for (let i = 0; i < 400 && store.rowsRead === fetched; i++) await new Promise((r) => setTimeout(r, 25));
  assert.ok(store.rowsRead > fetched, "the NOTIFY made the MCP server fold the new row");

  const before = store.rowsRead;
  assert.match(await search(), /Nightly reports land in the heron bucket/);
  assert.equal(store.rowsRead, before, "the tool call itself fetched no rows");
});
