/**
 * Stale views (issue 10 #6, #7, #8): a derived file is saved only for the log it was built from, a
 * replaced log is noticed even when its inode number comes back on a filesystem without birth times,
 * and a same-length edit inside the covered part of the log invalidates the snapshot.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { Brain } from "../../src/engine/brain.ts";
import { cli, show, tempDir } from "../reliability/support/harness.ts";
import { ext4NoBirthTime } from "./_small-fs.ts";

const NOW = () => new Date("2026-03-01T00:00:00Z");

async function addMany(b: Brain, prefix: string, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++)
    ids.push(
      (await b.act({ action: "add", type: "learning", text: `${prefix}${i} fact number ${i}` })).data
        ?.id as string,
    );
  return ids;
}

test("a long-lived process that saves after others updated, compacted and appended saves no stale view", async (t) => {
  const dir = tempDir(t);
  const path = join(dir, "brain.jsonl");
  const a = Brain.open({ path, seedDefault: false, now: NOW });
  const ids = await addMany(a, "alpha", 60);
  a.search("alpha3"); // builds the recall index in A
  // Meanwhile, other processes: an update, a compaction, then many appends (the log outgrows A's offset).
  const up = await cli(["--brain", path, "update", `id=${ids[5]}`, "text=alpha5 changed by another process"]);
  assert.equal(up.code, 0, show(up));
  assert.equal((await cli(["--brain", path, "compact"])).code, 0);
  const c = Brain.open({ path, seedDefault: false, snapshot: false, now: NOW });
  await addMany(c, "zebra", 60);
  a.persist(true); // A exits: it must not save its old view under the new log's name

  const fresh = Brain.open({ path, seedDefault: false, now: NOW });
  assert.equal(fresh.health().badLineCount, 0, "no acknowledged add shown as a bad line");
  assert.equal(
    fresh.state.list("learning").find((r) => r.id === ids[5])?.entry.text,
    "alpha5 changed by another process",
  );
  assert.equal(fresh.state.count("learning"), 120);
  const s = await cli(["--brain", path, "--json", "search", "zebra0"]);
  assert.equal(s.code, 0, show(s));
  assert.match(s.stdout, /zebra0 fact number 0/, "the recall index covers every acknowledged learning");
});

test("a replaced log is noticed when the inode number comes back (ext4, no birth time)", async (t) => {
  const dir = ext4NoBirthTime(t);
  if (!dir) return;
  const path = join(dir, "brain.jsonl");
  const a = Brain.open({ path, seedDefault: false, snapshot: false, now: NOW });
  const ids = await addMany(a, "entry", 40);
  const ino = fs.statSync(path).ino;
  assert.equal((await cli(["--brain", path, "remove", `id=${ids[3]}`])).code, 0);
  let compactions = 0;
  // ext4 hands out the lowest free inode number: the log's number comes back after a few compactions.
  do {
    const r = await cli(["--brain", path, "compact"], { BRAIN_SNAPSHOT: "0" });
    assert.equal(r.code, 0, show(r));
    compactions++;
  } while (fs.statSync(path).ino !== ino && compactions < 24);
  if (fs.statSync(path).ino !== ino) {
    t.skip(`the inode number did not come back after ${compactions} compactions`);
    return;
  }
  const c = Brain.open({ path, seedDefault: false, snapshot: false, now: NOW });
  await addMany(c, "later", 30);
  a.refresh();
  assert.equal(
    a.state.list("learning").find((r) => r.id === ids[3]),
    undefined,
    "the removed entry stays removed",
  );
  assert.equal(a.state.count("learning"), 69);
  assert.equal(a.health().badLineCount, 0);
  await assert.rejects(
    a.act({ action: "update", id: ids[3], text: "resurrected?" }),
    /not found|NOT_FOUND|no /i,
  );
});

test("a same-length edit in the middle of the log invalidates the snapshot", async (t) => {
  const dir = tempDir(t);
  const path = join(dir, "brain.jsonl");
  const b = Brain.open({ path, seedDefault: false, now: NOW });
  await addMany(b, "alpha", 200);
  assert.ok(b.persist(true));
  const text = fs.readFileSync(path, "utf8");
  const at = text.indexOf("alpha100 fact");
  assert.ok(at > 8192 && at < text.length - 8192, "the edit is far from both ends");
  fs.writeFileSync(path, `${text.slice(0, at)}omega${text.slice(at + 5)}`);
  const fresh = Brain.open({ path, seedDefault: false, now: NOW });
  assert.equal(fresh.snapshotStatus, "mismatch");
  assert.ok(fresh.state.list("learning").some((r) => String(r.entry.text).startsWith("omega100")));
});
