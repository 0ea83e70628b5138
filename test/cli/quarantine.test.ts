/**
 * A way back to healthy from bad lines, through the built CLI: `brain stats` warns that there are some,
 * `brain doctor` says which and offers the command, and `brain doctor --repair --quarantine` moves them —
 * after a backup, written to a temp file and renamed — into `.brain/quarantine/<log>` beside the log, saying
 * which lines went where. Nothing is lost: every moved line is in the quarantine file, byte for byte, with
 * its line number and reason; every other line stays in the log in its order (unknown types included).
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { brain, freshSandbox, json, type Sandbox, show } from "../support/cli.ts";
import { fc } from "../support/fc.ts";

const NOW = "2026-02-10T12:00:00.000Z";
const env = { BRAIN_NOW: NOW };

interface DoctorJson {
  ok: boolean;
  badLineCount: number;
  badLines: { line: number; reason: string }[];
  repaired?: { backup: string | null; actions: string[]; quarantined?: { file: string; lines: number[] } };
}

const kinds = {
  good: (i: number) =>
    JSON.stringify({
      id: `900000${String(i).padStart(2, "0")}`,
      type: "learning",
      text: `good ${i}`,
      created: NOW,
    }),
  future: (i: number) =>
    JSON.stringify({ id: `f${i}`, type: "hologram", text: `from a newer brain ${i}`, created: NOW }),
  garbage: (i: number) => `not json at all ${i} {`,
  nul: () => "null",
  array: (i: number) => `[${i}, 2]`,
  noId: (i: number) => JSON.stringify({ type: "learning", text: `no id ${i}`, created: NOW }),
};
type Kind = keyof typeof kinds;

async function run(sb: Sandbox, args: string[]) {
  return brain(sb, args, { env });
}

test("doctor --repair --quarantine moves exactly the bad lines out, after a backup, and says where", async (t) => {
  const [arrangement] = fc.sample(
    fc.array(fc.constantFrom<Kind>("good", "good", "future", "garbage", "nul", "array", "noId"), {
      minLength: 6,
      maxLength: 14,
    }),
    { numRuns: 1 },
  );
  const plan = [...(arrangement as Kind[]), "garbage" as Kind, "good" as Kind];
  const sb = freshSandbox(t, "brain-quarantine-");
  const init = await run(sb, ["init"]);
  assert.equal(init.code, 0, show(init));
  const head = fs.readFileSync(sb.brainPath, "utf8");
  const headLines = head.split("\n").length - 1;
  const added = plan.map((k, i) => kinds[k](i));
  fs.appendFileSync(sb.brainPath, `${added.join("\n")}\n`);
  const damaged = fs.readFileSync(sb.brainPath);

  const before = json<DoctorJson>(await run(sb, ["doctor", "--json"]));
  const bad = before.badLines.map((b) => b.line);
  assert.ok(bad.length >= 1);
  const stats = await run(sb, ["stats"]);
  assert.equal(stats.code, 0, show(stats));
  assert.match(
    stats.stderr,
    new RegExp(`${bad.length} bad line${bad.length === 1 ? "" : "s"} in .*brain\\.jsonl.*brain doctor`),
  );
  const doc = await run(sb, ["doctor"]);
  assert.equal(doc.code, 1);
  assert.match(doc.stdout, /brain doctor --repair --quarantine/);
  assert.deepEqual(fs.readFileSync(sb.brainPath), damaged, "reporting changes nothing");

  const fixed = await run(sb, ["doctor", "--repair", "--quarantine"]);
  assert.equal(fixed.code, 0, show(fixed));
  const qfile = join(dirname(sb.brainPath), ".brain", "quarantine", "brain.jsonl");
  assert.match(
    fixed.stdout,
    new RegExp(
      `moved ${bad.length} bad line${bad.length === 1 ? "" : "s"} \\(line ${bad.join(", ")}\\) of brain\\.jsonl to ${qfile.replace(/[.]/g, "\\.")}`,
    ),
    show(fixed),
  );
  const lines = damaged.toString("utf8").split("\n").slice(0, -1);
  const quarantined = fs
    .readFileSync(qfile, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { line: number; reason: string; text: string; from: string });
  assert.deepEqual(
    quarantined.map((q) => [q.line, q.text]),
    bad.map((n) => [n, lines[n - 1]]),
    "every bad line is in the quarantine file, whole, with its number",
  );
  assert.ok(quarantined.every((q) => q.from === sb.brainPath && q.reason.length > 0));
  assert.equal(
    fs.readFileSync(sb.brainPath, "utf8"),
    `${lines.filter((_, i) => !bad.includes(i + 1)).join("\n")}\n`,
    "every other line stays, in its order",
  );
  assert.ok(bad.every((n) => n > headLines));
  const backup = /backup: ([^)]+)\)/.exec(fixed.stdout)?.[1];
  assert.ok(backup, fixed.stdout);
  assert.deepEqual(fs.readFileSync(backup), damaged, "the backup is the log as it was");
  const healthy = json<DoctorJson>(await run(sb, ["doctor", "--json"]));
  assert.equal(healthy.badLineCount, 0);
  assert.equal(healthy.ok, true);
  assert.equal((await run(sb, ["stats"])).stderr, "");

  // A second round adds to the quarantine file; what it held stays.
  fs.appendFileSync(sb.brainPath, "second round {\n");
  const again = await run(sb, ["doctor", "--repair", "--quarantine", "--json"]);
  const j = json<DoctorJson>(again);
  assert.equal(j.repaired?.quarantined?.lines.length, 1, again.stdout);
  const all = fs.readFileSync(qfile, "utf8").split("\n").filter(Boolean);
  assert.equal(all.length, quarantined.length + 1);
  assert.equal((JSON.parse(all.at(-1) as string) as { text: string }).text, "second round {");
});
