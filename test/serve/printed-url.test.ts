/**
 * `brain serve` prints the URL that works: the viewer on the port it really bound (`--port 0` picks one),
 * with the token in the fragment, as `brain open` prints it — opened, the page loads and its token is let in.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { brain, brainOk, freshSandbox } from "../support/cli.ts";
import { http, startServe } from "./_support.ts";

test("brain serve prints the viewer URL with its token, on the bound port", async (t) => {
  const sb = freshSandbox(t, "brain-serve-url-");
  await brainOk(sb, ["init"]);
  const served = await startServe(sb, t, { args: ["--port", "0"] });
  const line = served.proc.lines.find((l) => l.includes("listening on")) ?? "";
  const url = /https?:\/\/\S+/.exec(line)?.[0];
  assert.ok(url, line);
  const u = new URL(url);
  assert.equal(u.hostname, "127.0.0.1");
  assert.equal(Number(u.port), served.info.port, `${line}: the port it bound`);
  const token = new URLSearchParams(u.hash.slice(1)).get("token");
  assert.equal(token, served.info.token, `${line}: the token fragment`);
  const page = await http(served.info, u.pathname, { token: null });
  assert.equal(page.status, 200);
  assert.match(page.text, /<html/i);
  const health = await http(served.info, "/api/health", { token });
  assert.equal(health.status, 200);
  // The same URL `brain open` prints for it.
  const open = await brain(sb, ["open"]);
  assert.equal(open.stdout.trim(), url);
});
