/**
 * Recovery tools, through the real CLI:
 *  - `brain doctor --json` reports bad lines (with line numbers), a torn tail, a stale lock, a snapshot
 *    that no longer matches the log, and the log's size;
 *  - `brain doctor --repair` fixes what is safe after a backup (torn tail terminated, stale lock and temp
 *    litter removed, snapshot dropped) and leaves every byte of the log in place;
 *  - `brain compact` rewrites the log to its folded state (backup, temp file + rename): the same live
 *    entries in the same order, the same context, every line a valid seed-000 entry; another process that
 *    had the brain open sees the new file after a refresh, and its next write lands correctly — also when
 *    the log was compacted twice behind its back (ext4 hands the freed inode number straight back).
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { validateEntry } from "../../src/core/schema.ts";
import { Brain } from "../../src/engine/brain.ts";
import { snapshotPath } from "../../src/store/jsonl/snapshot.ts";
import { deadPid } from "../support/spawn.ts";
import { cli, mode, reap, show, startChild, strictLines, tempDir } from "./support/harness.ts";

const NOW = "2026-03-01T12:00:00.000Z";
const env = (dir: string) => ({ HOME: dir, BRAIN_NOW: NOW });
const live = (b: Brain) => [...b.state.live()].map((r) => [r.type, r.id, r.entry]);

interface Doctor {
  ok: boolean;
  bytes: number;
  lines: number;
  snapshot: string;
  lock: { present: boolean; stale: boolean; pid?: number; reason?: string };
  badLines: { line: number; reason: string }[];
  truncatedTail: boolean;
  tornTail: { line: number; text: string } | null;
  repaired?: { backup: string | null; actions: string[] };
}

async function doctor(dir: string, path: string, extra: string[] = []): Promise<{ code: number; d: Doctor }> {
  const r = await cli(["--brain", path, "--json", "doctor", ...extra], env(dir));
  try {
    return { code: r.code, d: JSON.parse(r.stdout) as Doctor };
  } catch {
    throw new Error(show(r));
  }
}

test("doctor reports bad lines, torn tail, stale lock, snapshot mismatch and size; --repair fixes what is safe", async (t) => {
  const dir = tempDir(t);
  const path = join(dir, "brain.jsonl");
  const brain = Brain.open({ path });
  await brain.act({ action: "add", type: "learning", text: "first" });
  brain.persist(true);
  const healthy = await doctor(dir, path);
  assert.equal(healthy.code, 0, JSON.stringify(healthy.d));
  assert.equal(healthy.d.ok, true);
  assert.equal(healthy.d.snapshot, "loaded");
  assert.deepEqual(healthy.d.lock, { present: false, stale: false });

  // Damage: an edit near the head (the snapshot no longer matches), a bad line, a torn tail, a dead
  // writer's lock and the temp files of killed writers.
  const text = fs.readFileSync(path, "utf8").replace('"text":"first"', '"text":"FIRST"');
  const lines = text.split("\n").length; // complete lines + 1
  fs.writeFileSync(path, `${text}null\n{"id":"torn`);
  const pid = deadPid();
  fs.writeFileSync(
    `${path}.lock`,
    JSON.stringify({ pid, nonce: "n", acquiredAt: 1, refreshedAt: Date.now(), purpose: "append" }),
  );
  fs.writeFileSync(`${path}.lock.Zm9v.tmp`, "{}");
  fs.writeFileSync(`${path}.compact-1-abcd`, "{}");
  const damaged = fs.readFileSync(path);

  const sick = await doctor(dir, path);
  assert.equal(sick.code, 1);
  assert.equal(sick.d.ok, false);
  assert.equal(sick.d.snapshot, "mismatch", "the edited log no longer matches its snapshot");
  assert.equal(sick.d.bytes, damaged.length, "size in bytes");
  assert.equal(sick.d.lines, lines, "complete lines read");
  assert.deepEqual(
    sick.d.badLines.map((b) => [b.line, b.reason]),
    [[lines, "not an object (null)"]],
  );
  assert.equal(sick.d.truncatedTail, true);
  assert.deepEqual(sick.d.tornTail, { line: lines + 1, text: '{"id":"torn' });
  assert.equal(sick.d.lock.present, true);
  assert.equal(sick.d.lock.stale, true);
  assert.equal(sick.d.lock.pid, pid);
  assert.match(sick.d.lock.reason ?? "", new RegExp(`holder pid ${pid} is not running`));
  const human = await cli(["--brain", path, "doctor"], env(dir));
  assert.match(human.stdout, /lock: +stale \(holder pid \d+ is not running\) by pid \d+/);
  assert.match(human.stdout, new RegExp(`torn tail: line ${lines + 1}`));
  assert.deepEqual(fs.readFileSync(path), damaged, "doctor without --repair changes nothing");

  const fixed = await doctor(dir, path, ["--repair"]);
  const actions = fixed.d.repaired?.actions ?? [];
  assert.ok(
    actions.some((a) => /removed a stale lock \(holder pid \d+ is not running\)/.test(a)),
    actions.join("; "),
  );
  assert.ok(
    actions.some((a) => a.includes(`terminated the torn last line ${lines + 1}`)),
    actions.join("; "),
  );
  assert.ok(
    actions.some((a) => a.includes("brain.jsonl.lock.Zm9v.tmp")) &&
      actions.some((a) => a.includes("compact-1-abcd")),
  );
  const backup = fixed.d.repaired?.backup as string;
  assert.deepEqual(fs.readFileSync(backup), damaged, "the backup is the log as it was before the repair");
  assert.equal(mode(backup), 0o600);
  const after = fs.readFileSync(path);
  assert.deepEqual(after.subarray(0, damaged.length), damaged, "every byte kept");
  assert.equal(after.subarray(damaged.length).toString("utf8"), "\n", "only a newline added");
  for (const f of [`${path}.lock`, `${path}.lock.Zm9v.tmp`, `${path}.compact-1-abcd`])
    assert.ok(!fs.existsSync(f), f);
  assert.equal(fixed.d.truncatedTail, false);
  assert.deepEqual(
    fixed.d.badLines.map((b) => b.line),
    [lines, lines + 1],
    "the torn line is now a bad line with its number",
  );
  assert.equal(fixed.d.lock.present, false);

  // The next write lands on its own line.
  const w = await cli(["--brain", path, "add", "type=learning", "text=after repair"], env(dir));
  assert.equal(w.code, 0, show(w));
  assert.match(
    fs.readFileSync(path, "utf8"),
    /\{"id":"torn\n\{"id":"[0-9a-f]{8}","type":"learning","text":"after repair"/,
  );
});

test("compact rewrites the log to its folded state: same entries, same context, valid lines, backup", async (t) => {
  const dir = tempDir(t);
  const path = join(dir, "brain", "brain.jsonl");
  const now = () => new Date(NOW);
  const brain = Brain.open({ path, now, cwd: "/work/p" });
  const ids: string[] = [];
  for (let i = 0; i < 60; i++) {
    ids.push(
      (await brain.act({ action: "add", type: "learning", text: `learning ${i}` })).data?.id as string,
    );
  }
  for (let i = 0; i < 60; i += 3) await brain.act({ action: "update", id: ids[i], text: `learning ${i} v2` });
  for (let i = 1; i < 60; i += 4) await brain.act({ action: "remove", id: ids[i] });
  await brain.act({ action: "add", type: "identity", key: "name", value: "rho" });
  await brain.act({ action: "add", type: "identity", key: "name", value: "rho 2" });
  await brain.act({ action: "add", type: "user", key: "tz", value: "UTC" });
  await brain.act({ action: "remove", type: "user", key: "tz" });
  await brain.act({ action: "add", type: "preference", text: "Early returns", category: "Code" });
  await brain.act({ action: "add", type: "context", project: "p", path: "/work/p", content: "A project" });
  const task = await brain.act({ action: "add", type: "task", description: "Ship it", priority: "high" });
  await brain.act({ action: "task_done", id: task.data?.id });
  await brain.act({ action: "add", type: "reminder", text: "Backup", cadence: "6h", enabled: true });
  fs.appendFileSync(path, "null\n");
  const before = live(brain);
  const contextBefore = brain.context({ budget: 3000 }).text;
  const rhoBefore = brain.rhoPrompt({ budget: 3000 }).text;
  const bytesBefore = fs.readFileSync(path);
  const linesBefore = bytesBefore.toString("utf8").split("\n").length - 1;

  const r = await cli(["--brain", path, "--json", "compact"], env(dir));
  assert.equal(r.code, 0, show(r));
  const report = JSON.parse(r.stdout);
  assert.equal(report.before.lines, linesBefore);
  assert.equal(report.keptLines, 1, "the bad line is kept, not dropped");
  assert.deepEqual(fs.readFileSync(report.backup), bytesBefore, "backup is the old log");
  const text = fs.readFileSync(path, "utf8");
  assert.ok(text.endsWith("\nnull\n"), "the bad line stays, where it was (last)");
  fs.writeFileSync(`${path}.entries`, text.slice(0, -"null\n".length));
  const lines = strictLines(`${path}.entries`);
  fs.rmSync(`${path}.entries`);
  assert.equal(lines.length, before.length, "one line per live entry");
  assert.equal(report.after.entries, before.length);
  for (const l of lines) validateEntry(l); // every line a valid seed-000 entry (Rho loads it)
  assert.ok(!lines.some((l) => l.type === "tombstone"));
  assert.equal(mode(path), 0o600);
  assert.deepEqual(
    fs.readdirSync(join(dir, "brain")).filter((f) => f !== "brain.jsonl" && f !== ".brain"),
    [],
    "no temp file left",
  );

  const after = Brain.open({ path, now, cwd: "/work/p", seedDefault: false, snapshot: false });
  assert.deepEqual(live(after), before, "the same live entries, in the same order");
  assert.equal(after.health().badLineCount, 1, "the kept bad line is still reported");
  assert.equal(after.context({ budget: 3000 }).text, contextBefore, "the same context");
  assert.equal(after.rhoPrompt({ budget: 3000 }).text, rhoBefore, "the same Rho prompt");

  // The long-lived instance that wrote it all sees the new file on its next refresh.
  brain.refresh();
  assert.equal(brain.reloads, 1);
  assert.deepEqual(live(brain), before);
  assert.ok(fs.existsSync(snapshotPath(path)), "compaction saved a fresh snapshot");
  assert.deepEqual(live(Brain.open({ path, seedDefault: false })), before, "and it loads from it");
});

test("another process that had the brain open sees the compacted log after refresh and writes into it", async (t) => {
  const dir = tempDir(t);
  const path = join(dir, "brain.jsonl");
  const brain = Brain.open({ path });
  const ids: string[] = [];
  for (let i = 0; i < 30; i++) {
    ids.push((await brain.act({ action: "add", type: "learning", text: `entry ${i}` })).data?.id as string);
  }
  const watcher = startChild("watcher", [path], { BRAIN_FSYNC: "0" });
  reap(t, [watcher]);
  await watcher.waitFor(/^open /);
  const ask = async (cmd: string) => {
    const n = watcher.lines.length;
    watcher.child.stdin?.write(`${cmd}\n`);
    return JSON.parse(await watcher.lineAt(n)) as Record<string, unknown>;
  };

  // A compaction by another process; the watcher refreshes onto the new file.
  assert.equal((await cli(["--brain", path, "compact"], env(dir))).code, 0, "compaction by another process");
  const first = await ask("refresh");
  assert.equal(first.reloads, 1);
  assert.equal(first.bad, 0);
  // Then, behind its back: removals, and compactions with entries added in between (so the file grows past
  // the watcher's offset) until the log comes back with the inode number the watcher last saw — ext4 hands
  // freed inode numbers out again at once (backups and snapshots take part in the cycle), so this takes a
  // few rounds. The inode alone cannot tell the watcher that the file was replaced then.
  const seenIno = fs.statSync(path).ino;
  const seenSize = fs.statSync(path).size;
  for (let i = 0; i < 30; i += 2) await brain.act({ action: "remove", id: ids[i] });
  let rounds = 0;
  let n = 30;
  do {
    brain.compact();
    rounds++;
    while (fs.statSync(path).size < seenSize + 200) {
      await brain.act({ action: "add", type: "learning", text: `entry ${n++} ${"x".repeat(40)}` });
    }
  } while (fs.statSync(path).ino !== seenIno && rounds < 40);
  const reused = fs.statSync(path).ino === seenIno;
  t.diagnostic(
    reused ? `inode number came back after ${rounds} compactions` : "inode number never came back",
  );
  const expected = live(Brain.open({ path, seedDefault: false, snapshot: false }));

  const seen = await ask("refresh");
  assert.equal(seen.bad, 0, "no bad line: the watcher did not read the new file from its old offset");
  assert.equal(seen.reloads, 2, "the watcher noticed the log was replaced again");
  assert.deepEqual(seen.live, JSON.parse(JSON.stringify(expected)), "the watcher's fold equals a cold load");

  const added = await ask("add written by the watcher after compaction");
  const final = Brain.open({ path, seedDefault: false, snapshot: false });
  assert.equal(final.health().badLineCount, 0);
  assert.equal(final.state.find(added.id as string)?.entry.text, "written by the watcher after compaction");
  assert.equal(live(final).length, expected.length + 1);
  assert.ok(n > 30);
  for (let i = 0; i < 30; i += 2)
    assert.equal(final.state.find(ids[i] as string), undefined, "removed stays removed");
});
