/**
 * Forget means gone from the disk (issue 22): after `brain forget --session …` and `brain remove id=… --purge`,
 * a `grep -r` of the brain's directory finds nothing of what was forgotten — not in episodes.jsonl or
 * brain.jsonl, not in a backup compaction made, not in the recall index, the fold snapshot, the learner's
 * queue, inbox, run log, cursors or detector state — while everything else stays, byte for byte in the logs,
 * and the brain still loads. Checked the way a user would: grep over the directory, through the installed bin.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { project, queueTranscript, S1, S2, turn } from "../learn/_support.ts";
import { brain, brainOk, freshSandbox, json, type Sandbox, show } from "../support/cli.ts";

const SECRET_TURN = "my home address is 42 Wallaby Way, Sydney — use it for the invoice";
const KEPT_TURN = "the staging cluster runs in eu-west-2 and deploys on Fridays";

/** `grep -r -l` of the brain's directory for `needle`: the files that still hold it. */
function grep(sb: Sandbox, needle: string): string[] {
  const r = spawnSync("grep", ["-r", "-l", "-F", needle, dirname(sb.brainPath)], { encoding: "utf8" });
  return r.stdout.split("\n").filter(Boolean);
}

/**
 * A Claude Code session queued as the Stop hook queues it and learned by the real learner (`brain learn`; no
 * background learner racing it). Returns the transcript's path.
 */
async function learnSession(sb: Sandbox, session: string, lines: string[], cwd: string): Promise<string> {
  const transcript = join(sb.dir, `${session}.jsonl`);
  fs.writeFileSync(transcript, lines.join(""));
  queueTranscript(sb.brainPath, transcript, cwd, session);
  await brainOk(sb, ["learn"]);
  return transcript;
}

test("brain forget --session removes the session's bytes from every file of the brain", async (t) => {
  const sb = freshSandbox(t, "brain-purge-");
  const { cwd } = project(sb);
  await brainOk(sb, ["init"]);
  const t1 = await learnSession(
    sb,
    S1,
    [
      turn(S1, "user", SECRET_TURN, cwd),
      turn(S1, "assistant", "Noted, I will use that address.", cwd),
      turn(S1, "user", "Remember: always send invoices as PDF, never as Word files.", cwd),
    ],
    cwd,
  );
  await learnSession(sb, S2, [turn(S2, "user", KEPT_TURN, cwd)], cwd);
  // A search builds and saves the recall index; a compaction leaves a backup of brain.jsonl.
  assert.match((await brainOk(sb, ["search", "Wallaby"])).stdout, /Wallaby/);
  await brainOk(sb, ["compact"]);
  assert.ok(grep(sb, "Wallaby Way").length > 0, "the fixture holds the text before");

  const r = await brainOk(sb, ["forget", "--session", S1, "--json"]);
  assert.equal(json<{ forgotten: number }>(r).forgotten, 3);
  assert.deepEqual(grep(sb, "Wallaby Way"), [], "no file of the brain holds the forgotten text");
  assert.deepEqual(grep(sb, "invoices as PDF"), [], "nor the session's other turns");
  // The rest is there, and the brain works.
  assert.ok(grep(sb, KEPT_TURN).length > 0, "another session's turns are kept");
  assert.doesNotMatch((await brainOk(sb, ["search", "Wallaby"])).stdout, /Wallaby Way/);
  assert.match((await brainOk(sb, ["search", "staging cluster"])).stdout, /eu-west-2/);
  // Importing the same transcript again brings nothing back (the tombstones keep its turns out).
  const again = await brainOk(sb, ["ingest", t1, "--json"]);
  assert.equal(json<{ added: number }>(again).added, 0, show(again));
  assert.deepEqual(grep(sb, "Wallaby Way"), [], "a re-imported transcript does not bring it back");
});

test("brain remove id=… --purge takes the entry's lines out of the log, its backups and derived files", async (t) => {
  const sb = freshSandbox(t, "brain-purge-");
  await brainOk(sb, ["init"]);
  const secret = "the staging database is called Tr0ub4dor-and-3";
  const id = json<{ data: { id: string } }>(
    await brainOk(sb, ["--json", "add", "type=learning", `text=${secret}`]),
  ).data.id;
  await brainOk(sb, ["add", "type=learning", "text=Deploys go out on Fridays"]);
  await brainOk(sb, ["update", `id=${id}`, `text=${secret} (rotated monthly)`]);
  await brainOk(sb, ["search", "staging password"]); // the recall index holds it now
  await brainOk(sb, ["compact"]); // a backup holds every line so far
  const before = fs.readFileSync(sb.brainPath, "utf8");
  assert.ok(grep(sb, "Tr0ub4dor").length >= 2, "log and backup hold it before");

  const dry = await brainOk(sb, ["remove", `id=${id}`, "--purge", "--dry-run"]);
  assert.match(dry.stdout, /^Would purge/);
  assert.ok(grep(sb, "Tr0ub4dor").length >= 2, "a dry run writes nothing");

  const r = await brainOk(sb, ["remove", `id=${id}`, "--purge"]);
  assert.match(r.stdout, /^Purged learning/);
  assert.deepEqual(grep(sb, "Tr0ub4dor"), []);
  assert.deepEqual(grep(sb, id), [], "not even its id is left (no tombstone)");
  // Every other line is byte for byte what it was.
  const kept = before.split("\n").filter((l) => !l.includes(id));
  assert.deepEqual(fs.readFileSync(sb.brainPath, "utf8").split("\n"), kept);
  assert.match((await brainOk(sb, ["list", "type=learning"])).stdout, /Deploys go out on Fridays/);
  const r2 = await brain(sb, ["remove", `id=${id}`, "--purge"]);
  assert.notEqual(r2.code, 0, "a purged id is unknown afterwards");
});
