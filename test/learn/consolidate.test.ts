/**
 * `brain consolidate` through the real CLI: stale learnings decayed, near-duplicates merged into the older id
 * (tombstone reason "merged into <id>"), episodes since the checkpoint mined through the extractor (the fake
 * OpenAI-compatible server), the checkpoint written as meta `memory_consolidate.last_consolidated_at`; a
 * second run mines nothing new; `--dry-run` writes nothing.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { it } from "node:test";
import { brain, freshSandbox, readLines, type Sandbox, show } from "../support/cli.ts";
import { startFakeLlm } from "../support/fake-llm.ts";
import { project, queueTranscript, S1, turn } from "./_support.ts";

const OLD = "2025-06-01T00:00:00.000Z";
const THEN = "2026-03-02T10:00:00.000Z";
const NOW = "2026-03-10T09:00:00.000Z";
const A = "Deploys go through the release script in tools/release.sh";
const B = "Deploys always go through the release script in tools/release.sh";
const MINED = "Nightly backups of the orders database run at 02:00 UTC";

async function ok(sb: Sandbox, args: string[], env: Record<string, string>) {
  const r = await brain(sb, args, { env });
  assert.equal(r.code, 0, show(r));
  return r;
}

interface Report {
  decayed: { id: string }[];
  merged: { id: string; into: string }[];
  mined: { episodes: number; stored: number; since: string | null };
  checkpoint: string | null;
}

it("consolidate: decay, merge near-duplicates into the older id, mine episodes since the checkpoint", async (t) => {
  const fake = await startFakeLlm("openai");
  t.after(() => fake.close());
  const sb = freshSandbox(t, "brain-consolidate-");
  const p = project(sb);
  const config = join(sb.dir, "config.json");
  fs.writeFileSync(
    config,
    JSON.stringify({
      extraction: { provider: "openai", baseUrl: fake.baseUrl, model: "tiny", maxRetries: 0 },
    }),
  );
  const env = (now: string) => ({ BRAIN_CONFIG: config, BRAIN_NOW: now });

  const stale = await ok(sb, ["add", "type=learning", "text=The old CI ran on Travis", "--json"], env(OLD));
  const staleId = (JSON.parse(stale.stdout) as { data: { id: string } }).data.id;
  const older = await ok(sb, ["add", "type=learning", `text=${A}`, "--json"], env(THEN));
  const olderId = (JSON.parse(older.stdout) as { data: { id: string } }).data.id;
  const newer = await ok(sb, ["add", "type=learning", `text=${B}`, "--json"], env(THEN));
  const newerId = (JSON.parse(newer.stdout) as { data: { id: string } }).data.id;

  // A session becomes episodes (the learner's first step; its own extraction finds nothing here).
  const transcript = join(sb.dir, "s1.jsonl");
  fs.writeFileSync(
    transcript,
    turn(S1, "user", "FYI the orders database is backed up every night at 02:00 UTC.", p.cwd) +
      turn(S1, "assistant", "Good to know, I will not schedule the migration then.", p.cwd),
  );
  queueTranscript(sb.brainPath, transcript, p.cwd);
  fake.script({ answer: { items: [], summary: "Talked about the nightly orders backup" } });
  const learned = await ok(sb, ["learn"], env(THEN));
  assert.match(learned.stdout, /to the inbox, 1 session summary in 1 run\(s\)/);
  const learnCalls = fake.requests.length;
  const summaries = () =>
    readLines(join(sb.dir, "brain", "episodes.jsonl")).filter((e) => e.role === "summary").length;
  assert.equal(summaries(), 1, "the learner stored the session's summary");

  const before = fs.readFileSync(sb.brainPath, "utf8");
  const dry = JSON.parse((await ok(sb, ["consolidate", "--dry-run", "--json"], env(NOW))).stdout) as Report;
  assert.deepEqual(
    dry.decayed.map((d) => d.id),
    [staleId],
  );
  assert.deepEqual(dry.merged, [{ id: newerId, into: olderId, text: B }]);
  assert.equal(dry.mined.episodes, 2, "the summary is not mined as if someone had said it");
  assert.equal(dry.checkpoint, null);
  assert.equal(fs.readFileSync(sb.brainPath, "utf8"), before, "a dry run writes nothing");
  assert.equal(fake.requests.length, learnCalls, "a dry run asks no model");

  fake.script({ answer: { items: [{ type: "learning", text: MINED, importance: "medium" }] } });
  const r = await ok(sb, ["consolidate"], env(NOW));
  assert.match(r.stdout, /^Decayed 1 stale learning\(s\)/m);
  assert.match(r.stdout, new RegExp(`^- ${newerId} into ${olderId}: `, "m"));
  assert.match(r.stdout, /^Mined 2 episode\(s\) in 1 session\(s\) since the start: 1 memory stored/m);
  const mining = JSON.stringify(fake.requests.at(-1)?.body);
  assert.doesNotMatch(
    mining,
    /Talked about the nightly orders backup|"summary"/,
    "no summary asked or shown",
  );
  assert.equal(summaries(), 1, "consolidation writes no summary");

  const lines = readLines(sb.brainPath);
  const tomb = lines.filter((e) => e.type === "tombstone");
  assert.deepEqual(
    tomb.map((e) => [e.target_id, e.reason]),
    [
      [staleId, "decay"],
      [newerId, `merged into ${olderId}`],
    ],
  );
  assert.ok(lines.some((e) => e.type === "learning" && e.text === MINED && e.source === "auto"));
  const meta = lines.filter((e) => e.type === "meta" && e.key === "memory_consolidate.last_consolidated_at");
  assert.deepEqual(
    meta.map((e) => e.value),
    [NOW],
  );

  const second = JSON.parse((await ok(sb, ["consolidate", "--json"], env(NOW))).stdout) as Report;
  assert.equal(second.mined.since, NOW);
  assert.equal(second.mined.episodes, 0, "episodes before the checkpoint are not mined again");
  assert.deepEqual(second.merged, []);
});
