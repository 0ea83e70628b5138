import assert from "node:assert/strict";
import { test } from "node:test";
import { addCandidates, candidateId } from "../../src/learn/inbox.ts";
import { BrainHome } from "../../src/store/home.ts";
import { freshSandbox, lastLine } from "../support/cli.ts";
import { http, startServe } from "./_support.ts";

/** The inbox routes of a real `brain serve`, over a real socket, on candidates the learner would write. */
test("GET /api/inbox lists candidates; accept stores one, reject and edit decide the others", async (t) => {
  const sb = freshSandbox(t);
  const texts = ["Run the linter before committing", "Prefers tabs over spaces", "Staging runs on port 8443"];
  const cands = texts.map((text) => ({
    id: candidateId("learning", text),
    type: "learning" as const,
    text,
    reason: "preference detector",
    score: 0.9,
    evidence: [],
  }));
  addCandidates(BrainHome.ofLog(sb.brainPath), "2026-03-01T12:00:00.000Z", cands);
  const { info } = await startServe(sb, t);
  const [a, b, c] = cands.map((x) => x.id) as [string, string, string];

  const listed = await http(info, "/api/inbox");
  assert.equal(listed.status, 200);
  assert.deepEqual((listed.body.items as { text: string }[]).map((i) => i.text).sort(), [...texts].sort());

  const accepted = await http(info, `/api/inbox/${a}/accept`, { method: "POST" });
  assert.equal(accepted.status, 200);
  assert.equal(accepted.body.item.status, "accepted");
  assert.equal(lastLine(sb.brainPath).text, texts[0]);

  assert.equal((await http(info, `/api/inbox/${b}/reject`, { method: "POST" })).status, 200);
  const edited = await http(info, `/api/inbox/${c}`, { method: "PATCH", body: { text: "Staging is 8443" } });
  assert.equal(edited.status, 200);
  assert.equal(edited.body.item.text, "Staging is 8443");

  // Decided items leave the pending list; `all` shows them with their status.
  const pending = (await http(info, "/api/inbox")).body.items as { id: string }[];
  assert.deepEqual(
    pending.map((i) => i.id),
    [c],
  );
  const all = (await http(info, "/api/inbox?all=1")).body.items as { id: string; status: string }[];
  assert.deepEqual(Object.fromEntries(all.map((i) => [i.id, i.status])), {
    [a]: "accepted",
    [b]: "rejected",
    [c]: "pending",
  });

  // Errors: deciding twice, an unknown id, an empty edit.
  assert.equal((await http(info, `/api/inbox/${a}/accept`, { method: "POST" })).status, 400);
  assert.equal((await http(info, "/api/inbox/nope/reject", { method: "POST" })).status, 404);
  const bad = await http(info, `/api/inbox/${c}`, { method: "PATCH", body: { text: " " } });
  assert.equal(bad.status, 400);
  assert.ok(bad.body.error.issues);
});
