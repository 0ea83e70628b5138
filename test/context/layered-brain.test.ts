/**
 * A project's brain layered over the personal one, as a long-lived process (the resident server, an MCP
 * session) holds it: what another process writes to the personal brain reaches its search, and an undo of a
 * personal entry removed from the project restores it in the personal brain. Real files.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { Brain } from "../../src/engine/brain.ts";

function temp(t: { after: (fn: () => void) => void }): string {
  const dir = fs.mkdtempSync(join(tmpdir(), "brain-layered-"));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function brains(dir: string): { personal: string; layered: Brain; other: () => Brain } {
  const personal = join(dir, "home", "brain.jsonl");
  const project = join(dir, "app", ".brain", "brain.jsonl");
  fs.mkdirSync(join(dir, "app", ".git"), { recursive: true });
  const other = () => Brain.open({ path: personal, cwd: dir, seedDefault: false });
  other().core.store.createIfMissing([]);
  const layered = Brain.open({ path: project, personal, cwd: join(dir, "app"), seedDefault: false });
  return { personal, layered, other };
}

const ids = (r: { hits?: { id: string }[] }) => (r.hits ?? []).map((h) => h.id);

test("a personal entry another process adds is found by a layered brain already open", async (t) => {
  const dir = temp(t);
  const { layered, other } = brains(dir);
  const first = await other().act({
    action: "add",
    type: "learning",
    text: "Deploys go through the kestrel pipeline",
  });
  assert.ok(ids(layered.search("kestrel")).includes(String(first.data?.id)));
  const later = await other().act({
    action: "add",
    type: "learning",
    text: "The staging host is called osprey",
  });
  assert.ok(
    ids(layered.search("osprey")).includes(String(later.data?.id)),
    "the open layered brain missed it",
  );
});

test("undo of a personal entry removed in the project restores it in the personal brain", async (t) => {
  const dir = temp(t);
  const { personal, layered, other } = brains(dir);
  const pin = await other().act({
    action: "add",
    type: "preference",
    text: "Tabs, never spaces",
    category: "style",
  });
  const id = String(pin.data?.id);
  const removed = await layered.act({ action: "remove", id });
  assert.equal(removed.ok, true);
  assert.equal(other().state.find(id), undefined, "the removal did not reach the personal brain");
  const last = layered.lastRemoved(id);
  assert.ok(last, "the project's brain does not see the personal removal to undo");
  await layered.restore(last);
  assert.ok(other().state.find(id), "restored somewhere else than the personal brain");
  const projectLog = join(dir, "app", ".brain", "brain.jsonl");
  assert.ok(!fs.existsSync(projectLog) || !/Tabs/.test(fs.readFileSync(projectLog, "utf8")));
  assert.match(fs.readFileSync(personal, "utf8"), /Tabs, never spaces/);
});

test("'Recently in this project' holds the sessions the personal brain kept here before the project's brain", async (t) => {
  const dir = temp(t);
  const { layered, other } = brains(dir);
  const app = join(dir, "app");
  const turn = (session: string, text: string) => ({
    session,
    turn: "1",
    speaker: "user",
    role: "user",
    text,
    date: "2026-01-10T10:00:00.000Z",
  });
  await other().ingestTurns([turn("s-before", "migrate the billing tables to postgres")], "claude:a.jsonl", {
    project: app,
  });
  await layered.ingestTurns([turn("s-after", "add a retry to the webhook sender")], "claude:b.jsonl", {
    project: app,
  });
  const recent = layered
    .recentSessions(app)
    .map((s) => s.text)
    .join("\n");
  assert.match(recent, /billing tables/, "the personal brain's session here is missing");
  assert.match(recent, /webhook sender/);
});
