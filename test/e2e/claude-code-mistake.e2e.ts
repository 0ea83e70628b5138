/**
 * A repeated mistake with the real Claude Code (e2e lane, issue 28), no model of Brain's: in the first session
 * the fake model runs `./scripts/deploy.sh production`, which fails (the release directory belongs to the deploy
 * user), then `./scripts/deploy.sh --as=deploy production`, which passes; the learner reads the ledger between
 * sessions (`brain learn`, as after every session). In a later session the same command fails the same way:
 * Claude Code fires PostToolUseFailure, and the next request it sends the model carries Brain's hint — what
 * passed last time — beside the error.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { FAILURE_HINT_HEADER } from "../../src/improve/failure-lookup.ts";
import { brain, removeSandbox, type Sandbox, sandbox, show } from "../support/cli.ts";
import { type FakeAnthropic, startFakeAnthropic, type ToolUse } from "./_fake-anthropic.ts";
import { CLAUDE, claudeEnv, missing, NODE22_DIR, runHost } from "./_hosts.ts";

const FIRST = "Deploy the storefront to production.";
const AGAIN = "Push the hotfix to production.";
const FAILING = "./scripts/deploy.sh production";
const FIX = "./scripts/deploy.sh --as=deploy production";
let sb: Sandbox;
let project: string;
let market: string;
let api: FakeAnthropic;

/** The first session: the failing deploy, then the one that passes. A later one: the failing deploy only. */
function script(body: Record<string, unknown>): ToolUse | undefined {
  const tools = Array.isArray(body.tools) ? (body.tools as { name?: string }[]) : [];
  const text = JSON.stringify(body.messages ?? []);
  if (!tools.some((t) => t.name === "Bash")) return undefined;
  // The later session first: its context may quote the first session's prompt.
  if (text.includes(AGAIN))
    return text.includes('"tool_use_id":"toolu_again"')
      ? undefined
      : { id: "toolu_again", name: "Bash", input: { command: FAILING, description: "deploy" } };
  if (text.includes(FIRST)) {
    if (text.includes('"tool_use_id":"toolu_fix"')) return undefined;
    if (text.includes('"tool_use_id":"toolu_first"'))
      return { id: "toolu_fix", name: "Bash", input: { command: FIX, description: "deploy as deploy" } };
    return { id: "toolu_first", name: "Bash", input: { command: FAILING, description: "deploy" } };
  }
  return undefined;
}

before(async () => {
  if (missing(CLAUDE)) return;
  sb = sandbox("brain-e2e-mistake-");
  project = join(sb.dir, "project");
  fs.mkdirSync(join(project, ".git"), { recursive: true });
  fs.mkdirSync(join(project, "scripts"));
  fs.writeFileSync(
    join(project, "scripts", "deploy.sh"),
    '#!/bin/sh\nif [ "$1" != "--as=deploy" ]; then\n' +
      "  echo 'rsync: [receiver] mkdir \"/srv/web-shop/releases/next\" failed: Permission denied (13)' >&2\n" +
      "  exit 11\nfi\necho 'release live'\n",
    { mode: 0o755 },
  );
  market = join(sb.dir, "market");
  const inst = await brain(sb, ["--brain", sb.brainPath, "install", "claude", "--dir", market]);
  assert.equal(inst.code, 0, show(inst));
  api = await startFakeAnthropic("Done.", undefined, script);
});
after(async () => {
  await api?.close();
  if (sb) removeSandbox(sb);
});

const session = (prompt: string) =>
  runHost(
    CLAUDE,
    [
      "-p",
      prompt,
      "--output-format",
      "json",
      "--allowedTools",
      "Bash",
      "--plugin-dir",
      join(market, "brain"),
    ],
    { env: claudeEnv(sb, api.baseUrl), cwd: project },
  );

describe("a repeated mistake in Claude Code", { skip: missing(CLAUDE, NODE22_DIR) }, () => {
  it("the second time the deploy fails, the model gets what passed the first time", async () => {
    const first = await session(FIRST);
    assert.equal(first.code, 0, `${first.stdout}\n${first.stderr}`);
    const learned = await brain(sb, ["learn"], { cwd: project });
    assert.equal(learned.code, 0, show(learned));
    const before = api.requests.length;
    const again = await session(AGAIN);
    assert.equal(again.code, 0, `${again.stdout}\n${again.stderr}`);
    // The request after the failed call: the tool result, and beside it Brain's hint.
    const after = api.requests
      .slice(before)
      .map((r) => JSON.stringify(r.body))
      .find((t) => t.includes('"tool_use_id":"toolu_again"'));
    assert.ok(after, "Claude Code sent the failed call's result to the model");
    assert.ok(after.includes(FAILURE_HINT_HEADER), `no hint in the request:\n${after.slice(-3000)}`);
    assert.ok(after.includes(FIX), "the hint names what passed then");
  });
});
