/**
 * Disk full × every writer (issue 10 #1, #4), on a real tmpfs of a few hundred KiB: a writer that cannot
 * write everything fails with a clear error, leaves the file it would have replaced or extended exactly as
 * it was, and leaves no temp file behind. Regression: compaction used to exit 0 with a truncated log, and
 * a refused append left part of its line in the log.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { type TestContext, test } from "node:test";
import { writeBrainFile } from "../../src/brainfiles/write.ts";
import { Brain } from "../../src/engine/brain.ts";
import { cli, show } from "../reliability/support/harness.ts";
import { leaveFree, tmpfs } from "./_small-fs.ts";

const NOW = () => new Date("2026-03-01T00:00:00Z");

/** A brain of `n` learnings in `dir`, written through the library. */
async function brainOf(dir: string, n: number, textBytes = 200): Promise<string> {
  const path = join(dir, "brain.jsonl");
  const b = Brain.open({ path, seedDefault: false, snapshot: false, now: NOW });
  for (let i = 0; i < n; i++)
    await b.act({ action: "add", type: "learning", text: `learning ${i} ${"x".repeat(textBytes)}` });
  return path;
}

function temps(dir: string): string[] {
  const all: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else if (/\.tmp-|\.compact-/.test(e.name)) all.push(join(d, e.name));
    }
  };
  walk(dir);
  return all;
}

function mounted(t: TestContext, kib: number): string | null {
  return tmpfs(t, kib);
}

test("compaction with room for the backup but not the new log fails, keeps the log, leaves no temp", async (t) => {
  const dir = mounted(t, 512);
  if (!dir) return;
  const path = await brainOf(dir, 300);
  const before = fs.readFileSync(path);
  leaveFree(dir, before.length + 8192); // the backup fits, the new log does not
  const r = await cli(["--brain", path, "compact"]);
  assert.notEqual(r.code, 0, `compaction on a full disk must fail\n${show(r)}`);
  assert.match(r.stderr, /disk is full/);
  assert.deepEqual(fs.readFileSync(path), before, "the log is exactly as it was");
  assert.deepEqual(temps(dir), [], "no temp file left");
  const after = Brain.open({ path, seedDefault: false, snapshot: false });
  assert.equal(after.state.count("learning"), 300);
  assert.equal(after.health().badLineCount, 0);
});

test("a refused append leaves nothing of its line in the log (brain.jsonl and brain files)", async (t) => {
  const dir = mounted(t, 256);
  if (!dir) return;
  const path = await brainOf(dir, 20);
  fs.writeFileSync(join(dir, "NOTES.md"), "# Notes\n");
  const before = fs.readFileSync(path);
  const notes = fs.readFileSync(join(dir, "NOTES.md"));
  leaveFree(dir, 4096); // room for the lock file, and for part of the line (the log's last page)
  const big = `a long learning ${"y".repeat(7_900)}`;
  const r = await cli(["--brain", path, "add", "type=learning", `text=${big}`]);
  assert.notEqual(r.code, 0, show(r));
  assert.match(r.stderr, /disk is full/);
  assert.deepEqual(fs.readFileSync(path), before, "the log was cut back to where the append started");
  const doctor = await cli(["--brain", path, "--json", "doctor"]);
  assert.equal(JSON.parse(doctor.stdout).badLineCount, 0, show(doctor));

  assert.throws(() => writeBrainFile(dir, "NOTES.md", big), /disk is full/);
  assert.deepEqual(fs.readFileSync(join(dir, "NOTES.md")), notes, "the brain file was cut back too");
});

test("a brain-file rewrite, a snapshot and a new log on a full disk: clear error, old file kept, no temp", async (t) => {
  const dir = mounted(t, 256);
  if (!dir) return;
  const path = await brainOf(dir, 200);
  fs.writeFileSync(join(dir, "NOTES.md"), "# Notes\nkeep me\n");
  leaveFree(dir, 4096); // room for a lock file, not for the new content

  assert.throws(
    () => writeBrainFile(dir, "NOTES.md", "z".repeat(64_000), { replace: true, cleanupIntent: "test" }),
    /disk is full|could not/,
  );
  assert.equal(fs.readFileSync(join(dir, "NOTES.md"), "utf8"), "# Notes\nkeep me\n");

  const b = Brain.open({ path, seedDefault: false, now: NOW });
  assert.equal(b.persist(true), false, "a snapshot that cannot be written is not saved");
  assert.ok(!fs.existsSync(join(dir, ".brain", "brain.jsonl.snapshot")));

  leaveFree(dir, 0);
  const other = join(dir, "other", "brain.jsonl");
  assert.throws(() => Brain.open({ path: other, now: NOW }), /disk is full|could not/);
  assert.ok(!fs.existsSync(other), "no half-written new log");
  assert.deepEqual(temps(dir), [], "no temp file left");
});
