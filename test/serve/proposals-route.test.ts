import assert from "node:assert/strict";
import * as fs from "node:fs";
import { test } from "node:test";
import { Brain } from "../../src/engine/brain.ts";
import { freshSandbox } from "../support/cli.ts";
import { http, startServe } from "./_support.ts";

/**
 * The proposals routes of a real `brain serve` over a real socket: what `brain proposals` reviews — list,
 * show with the diff, edit, accept (applied through the brain-file path), reject; errors for an unknown id,
 * a second decision and an empty edit.
 */
test("GET /api/proposals lists the queue; show, edit, accept and reject decide it", async (t) => {
  const sb = freshSandbox(t);
  const brain = Brain.open({ path: sb.brainPath });
  const draft = (n: number) => ({
    kind: "append" as const,
    scope: "brain" as const,
    target: "TOOLS.md",
    title: `Rule ${n}`,
    text: `- Run the tests with \`npm test -- --runInBand\` (${n})`,
    issue: "tool-usage" as const,
    why: "npm test failed 5 times this week without it",
    evidence: [{ line: 1, at: "2026-03-01T10:00:00.000Z", session: "s1", text: "npm test failed" }],
    opportunity: { hash: `h${n}`, kind: "tool-failure" },
    source: "cycle" as const,
    drafter: "rule" as const,
  });
  const { proposed } = await brain.improve.propose([draft(1), draft(2)]);
  brain.close();
  const [a, b] = proposed.map((p) => p.id) as [string, string];
  const { info } = await startServe(sb, t);

  const listed = await http(info, "/api/proposals");
  assert.equal(listed.status, 200);
  assert.deepEqual((listed.body.proposals as { id: string }[]).map((p) => p.id).sort(), [a, b].sort());
  const shown = await http(info, `/api/proposals/${a}`);
  assert.equal(shown.status, 200);
  assert.equal(shown.body.proposal.evidence[0].text, "npm test failed");
  assert.match(shown.body.diff, /\+- Run the tests/);

  const edited = await http(info, `/api/proposals/${a}`, {
    method: "PATCH",
    body: { text: "- Use --runInBand" },
  });
  assert.equal(edited.status, 200);
  assert.equal(edited.body.proposal.text, "- Use --runInBand");
  const accepted = await http(info, `/api/proposals/${a}/accept`, { method: "POST" });
  assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
  assert.equal(accepted.body.proposal.status, "accepted");
  assert.match(fs.readFileSync(accepted.body.proposal.applied.file, "utf8"), /- Use --runInBand/);
  assert.equal(
    (await http(info, `/api/proposals/${b}/reject`, { method: "POST" })).body.proposal.status,
    "rejected",
  );

  assert.deepEqual((await http(info, "/api/proposals")).body.proposals, [], "nothing left to review");
  const all = (await http(info, "/api/proposals?status=all")).body.proposals as {
    id: string;
    status: string;
  }[];
  assert.deepEqual(Object.fromEntries(all.map((p) => [p.id, p.status])), {
    [a]: "accepted",
    [b]: "rejected",
  });
  assert.equal((await http(info, `/api/proposals/${a}/accept`, { method: "POST" })).status, 400);
  assert.equal((await http(info, "/api/proposals/pnope/reject", { method: "POST" })).status, 404);
  assert.equal(
    (await http(info, `/api/proposals/${b}`, { method: "PATCH", body: { text: " " } })).status,
    400,
  );
  assert.equal((await http(info, "/api/proposals?status=bogus")).status, 400);
});
