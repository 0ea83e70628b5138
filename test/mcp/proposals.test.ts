/**
 * The `brain_proposals` tool through the official SDK client: the agent proposes a skill (seed 004's
 * rsi_propose), it waits for review (never applied by proposing), the user's accept writes the SKILL.md;
 * the same proposal again is no new one; a proposal carrying a credential, or one without its kind, is refused.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { after, before, describe, it } from "node:test";
import { type McpFixture, startMcp, textOf } from "./_support.ts";

let f: McpFixture;
before(async () => {
  f = await startMcp("brain-mcp-proposals-");
});
after(async () => {
  await f?.close();
});

const SKILL = {
  action: "propose",
  kind: "skill",
  target: "release-notes",
  title: "Write release notes from the merged PRs",
  text: "---\nname: release-notes\ndescription: Draft release notes from merged PRs\n---\n1. List merged PRs since the last tag.\n2. Group them by label.\n",
  why: "The user asked for release notes three times this month",
};

async function call(args: Record<string, unknown>) {
  return f.client.callTool({ name: "brain_proposals", arguments: args });
}

describe("brain_proposals", () => {
  it("proposes, lists, shows and — on the user's accept — applies a skill", async () => {
    const proposed = await call(SKILL);
    assert.ok(!proposed.isError, textOf(proposed));
    const p = (proposed.structuredContent as { proposal: { id: string; status: string } }).proposal;
    assert.equal(p.status, "pending", "proposing applies nothing");
    assert.match(textOf(proposed), /waits for the user/);

    const listed = await call({ action: "list" });
    assert.match(textOf(listed), new RegExp(`${p.id} \\[pending\\] skill → release-notes`));
    const shown = await call({ action: "show", id: p.id });
    assert.match(textOf(shown), /why: The user asked for release notes/);

    const again = await call(SKILL);
    assert.ok(!again.isError);
    assert.match(textOf(again), /Already proposed/);
    assert.equal((await f.brain.improve.proposals("all")).length, 1, "no second proposal");

    const accepted = await call({ action: "accept", id: p.id });
    assert.ok(!accepted.isError, textOf(accepted));
    const done = (accepted.structuredContent as { proposal: { status: string; applied?: { file: string } } })
      .proposal;
    assert.equal(done.status, "accepted");
    assert.ok(done.applied && fs.existsSync(done.applied.file), JSON.stringify(done));
    assert.match(fs.readFileSync(done.applied.file, "utf8"), /Group them by label/);
  });

  it("refuses a credential in the proposal, and a proposal without its kind or text", async () => {
    const secret = await call({
      ...SKILL,
      target: "deploy",
      text: "Deploy with the token ghp_1234567890abcdefghijklmnopqrstuvwxyzAB",
    });
    assert.ok(secret.isError);
    assert.match(textOf(secret), /secret/);
    const noKind = await call({ action: "propose", target: "x", title: "x", text: "x", why: "x" });
    assert.ok(noKind.isError);
    assert.match(textOf(noKind), /kind/);
    const noText = await call({ action: "propose", kind: "skill", target: "x", title: "x", why: "x" });
    assert.ok(noText.isError);
    assert.match(textOf(noText), /text/);
    assert.equal((await f.brain.improve.proposals("all")).length, 1, "nothing stored");
  });
});
