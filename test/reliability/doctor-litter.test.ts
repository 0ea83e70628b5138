/**
 * Issue 10 item 11: `brain doctor` checks episodes.jsonl as it checks brain.jsonl (bad lines, torn tail,
 * dead lock) and `--repair` fixes what it can there; it reports and removes the temp files that killed
 * compactions, snapshot saves and brain-file writes leave behind — only those whose writer is dead.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import { hostname } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, it } from "node:test";
import { brain, json, removeSandbox, type Sandbox, sandbox, show } from "../support/cli.ts";

interface Report {
  ok: boolean;
  episodes: {
    badLines: { line: number; reason: string }[];
    tornTail: { line: number } | null;
    lock: { present: boolean; stale: boolean };
    total: number;
  };
  tempFiles: { path: string; pid: number }[];
  repaired?: { actions: string[] };
}

const created = "2026-01-01T00:00:00.000Z";
const ep = (n: number) =>
  JSON.stringify({
    id: `ep${String(n).padStart(6, "0")}`,
    type: "episode",
    created,
    session: "s1",
    turn: `t${n}`,
    speaker: "Ada",
    text: `turn number ${n}`,
    date: created,
    source: "generic:t.jsonl",
  });

/** The pid of a process that has exited (so nothing can be about to rename its temp file). */
function deadPid(): number {
  const r = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], {
    encoding: "utf8",
  });
  return Number(r.stdout);
}

let sb: Sandbox;
let dir: string;
beforeEach(async () => {
  sb = sandbox("brain-doctor-");
  dir = dirname(sb.brainPath);
  const r = await brain(sb, ["add", "type=learning", "text=The staging port is 8443"]);
  assert.equal(r.code, 0, show(r));
});
afterEach(() => removeSandbox(sb));

const doctor = async (...args: string[]) => {
  const r = await brain(sb, ["--json", "doctor", ...args]);
  return { r, report: json<Report>(r) };
};

it("episodes.jsonl: a torn tail and a dead writer's lock are reported, and --repair fixes both", async () => {
  const episodes = join(dir, "episodes.jsonl");
  fs.writeFileSync(episodes, `${ep(1)}\n${ep(2)}\n${ep(3).slice(0, 40)}`);
  fs.writeFileSync(
    `${episodes}.lock`,
    JSON.stringify({
      pid: deadPid(),
      nonce: "n",
      acquiredAt: Date.now(),
      refreshedAt: Date.now(),
      hostname: hostname(),
      purpose: "ingest",
    }),
  );
  const before = await doctor();
  assert.equal(before.r.code, 1, show(before.r));
  assert.equal(before.report.episodes.total, 2);
  assert.equal(before.report.episodes.tornTail?.line, 3);
  assert.deepEqual(before.report.episodes.lock, {
    ...before.report.episodes.lock,
    present: true,
    stale: true,
  });
  const text = await brain(sb, ["doctor"]);
  assert.match(text.stdout, /episodes:[\s\S]*lock:\s+stale[\s\S]*torn tail: line 3/, show(text));

  const fixed = await doctor("--repair");
  const actions = fixed.report.repaired?.actions.join("\n") ?? "";
  assert.match(actions, /episodes\.jsonl: removed a stale lock/);
  assert.match(actions, /episodes\.jsonl: terminated the torn last line 3/);
  assert.equal(fixed.report.episodes.tornTail, null);
  assert.equal(fixed.report.episodes.lock.present, false);
  assert.deepEqual(
    fixed.report.episodes.badLines.map((b) => b.line),
    [3],
    "the torn line stays in the file, as a reported bad line",
  );
  assert.ok(fs.readFileSync(episodes, "utf8").includes(ep(3).slice(0, 40)), "nothing was dropped");
  assert.ok(
    fs.readdirSync(join(dir, ".brain", "backups")).some((f) => f.startsWith("episodes.jsonl.")),
    "backed up first",
  );
});

it("temp files of killed writers are reported and removed; a live writer's is left alone", async () => {
  const dead = deadPid();
  fs.mkdirSync(join(dir, ".brain"), { recursive: true });
  const litter = [
    join(dir, `brain.jsonl.compact-${dead}-0badc0de`),
    join(dir, `SOUL.md.tmp-${dead}-12345678`),
    join(dir, ".brain", `brain.jsonl.snapshot.tmp-${dead}-9abcdef0`),
    join(dir, ".brain", `brain.jsonl.recall.json.tmp-${dead}-0fedcba9`),
  ];
  for (const f of litter) fs.writeFileSync(f, "half a file");
  const live = join(dir, `PLAN.md.tmp-${process.pid}-deadbeef`);
  fs.writeFileSync(live, "a write in progress");
  const keep = join(dir, "notes.tmp-backup.md");
  fs.writeFileSync(keep, "a user's file that only looks like one");

  const before = await doctor();
  assert.equal(before.r.code, 1, show(before.r));
  assert.deepEqual(before.report.tempFiles.map((t) => t.path).sort(), [...litter].sort());
  assert.ok(before.report.tempFiles.every((t) => t.pid === dead));

  const fixed = await doctor("--repair");
  assert.equal(fixed.r.code, 0, show(fixed.r));
  assert.deepEqual(fixed.report.tempFiles, []);
  for (const f of litter) assert.equal(fs.existsSync(f), false, `${f} removed`);
  assert.ok(fs.existsSync(live), "a running writer's temp file is not touched");
  assert.ok(fs.existsSync(keep), "a file outside the pattern is not touched");
  assert.match(fixed.report.repaired?.actions.join("\n") ?? "", /SOUL\.md\.tmp-\d+-12345678/);

  const again = await brain(sb, ["doctor"]);
  assert.equal(again.code, 0, show(again));
  assert.match(again.stdout, /temp files left by killed writers: 0/);
});
