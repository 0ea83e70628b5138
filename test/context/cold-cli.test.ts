/**
 * `brain context` through the built CLI on a brain big enough to keep a fold snapshot (so the context ranks
 * from the snapshot's stored columns): the same bytes as the same command without a snapshot — after entries
 * were added since the snapshot, after the log was edited in place or cut short (the snapshot no longer
 * matches its log and is not trusted), on a later day, and when the snapshot itself is damaged.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { cleanEnv } from "../support/env.ts";
import { assertBuilt, BIN, spawnProcessSync } from "../support/spawn.ts";
import { daysAgo, NOW, tempRoot } from "./_fixtures.ts";

let root: string;
let path: string;
before(() => {
  root = tempRoot("bcoldcli-");
  path = join(root, "brain", "brain.jsonl");
  fs.mkdirSync(join(root, "brain"), { recursive: true });
  // Past the 2000 lines after which a command saves the snapshot.
  const lines: string[] = [];
  for (let i = 0; i < 2400; i++) {
    const id = (0x10000000 + i * 7919).toString(16);
    const kind = i % 10;
    const created = daysAgo(i % 90);
    if (kind < 6)
      lines.push(
        JSON.stringify({
          id,
          type: "learning",
          text: `learning ${i} about build ${i % 13}`,
          created,
          ...(i % 7 === 0 ? { source: "manual" } : {}),
          ...(i % 11 === 0 ? { importance: "high" } : {}),
        }),
      );
    else if (kind < 8)
      lines.push(
        JSON.stringify({
          id,
          type: "preference",
          category: ["Code", "Tools", "Style"][i % 3],
          text: `preference ${i}`,
          created,
          ...(i % 5 === 0 ? { importance: "low" } : {}),
        }),
      );
    else if (kind === 8)
      lines.push(
        JSON.stringify({
          id,
          type: "task",
          description: `task ${i}`,
          status: i % 3 ? "pending" : "done",
          priority: ["high", "normal", "low"][i % 3],
          due: i % 4 ? daysAgo((i % 20) - 10).slice(0, 10) : null,
          tags: [],
          created,
        }),
      );
    else
      lines.push(
        JSON.stringify({
          id,
          type: "reminder",
          text: `reminder ${i}`,
          enabled: true,
          priority: "normal",
          next_due: i % 3 ? daysAgo((i % 6) - 3) : null,
          cadence: { kind: "daily" },
          created,
        }),
      );
  }
  fs.writeFileSync(path, `${lines.join("\n")}\n`);
});
after(() => fs.rmSync(root, { recursive: true, force: true }));

function brain(args: string[], opts: { snapshot: boolean; now?: Date }) {
  assertBuilt();
  const env = cleanEnv({
    HOME: root,
    BRAIN_PATH: path,
    BRAIN_NOW: (opts.now ?? NOW).toISOString(),
    BRAIN_FSYNC: "0",
    BRAIN_SNAPSHOT: opts.snapshot ? "1" : "0",
  });
  const r = spawnProcessSync(process.execPath, [BIN, ...args], { cwd: root, env });
  assert.equal(r.code, 0, r.stderr);
  return r.stdout;
}

const snapshotFile = () => join(root, "brain", ".brain", "brain.jsonl.snapshot");

/** The context with the snapshot (saved by the run before when missing) and without one. */
function both(now?: Date): { cold: string; fresh: string } {
  brain(["stats"], { snapshot: true, ...(now ? { now } : {}) });
  assert.ok(fs.existsSync(snapshotFile()), "a snapshot was saved");
  const cold = brain(["context"], { snapshot: true, ...(now ? { now } : {}) });
  const fresh = brain(["context"], { snapshot: false, ...(now ? { now } : {}) });
  return { cold, fresh };
}

test("the context from the snapshot is the context without one", () => {
  const { cold, fresh } = both();
  assert.match(cold, /## Learnings/);
  assert.match(cold, /## Tasks and reminders/);
  assert.equal(cold, fresh);
});

test("entries added since the snapshot are in it (a tail of new ids on the stored columns)", () => {
  brain(["add", "type=learning", "text=the newest learning of all"], { snapshot: true });
  brain(["add", "type=preference", "category=Code", "text=a preference added since"], { snapshot: true });
  const { cold, fresh } = both();
  assert.match(cold, /the newest learning of all/);
  assert.equal(cold, fresh);
});

test("on a later day the ranking moves with the clock, as without the snapshot", () => {
  const later = new Date(NOW.getTime() + 40 * 86_400_000);
  const { cold, fresh } = both(later);
  assert.equal(cold, fresh);
  assert.notEqual(cold, both().cold, "the later day ranks differently");
});

test("a log edited in place or cut short is not answered from the old snapshot", () => {
  both();
  const text = fs.readFileSync(path, "utf8");
  // Same length, an earlier line: the covered bytes no longer match the snapshot's fingerprint.
  const edited = text.replace("learning 0 about build 0", "LEARNING 0 ABOUT BUILD 0");
  assert.notEqual(edited, text);
  fs.writeFileSync(path, edited);
  const afterEdit = brain(["context"], { snapshot: true });
  assert.equal(afterEdit, brain(["context"], { snapshot: false }));
  // Cut short: the last 300 lines go.
  const lines = edited.split("\n");
  fs.writeFileSync(path, `${lines.slice(0, lines.length - 301).join("\n")}\n`);
  const afterCut = brain(["context"], { snapshot: true });
  assert.equal(afterCut, brain(["context"], { snapshot: false }));
  fs.writeFileSync(path, text);
});

test("a damaged snapshot is set aside, never answered from", () => {
  both();
  const snap = fs.readFileSync(snapshotFile());
  // The stored columns are the file's last section: cut into them.
  fs.writeFileSync(snapshotFile(), snap.subarray(0, snap.length - 40));
  assert.equal(brain(["context"], { snapshot: true }), brain(["context"], { snapshot: false }));
  // That run read the log and saved the snapshot again: the next one answers from it, the same.
  assert.ok(fs.statSync(snapshotFile()).size >= snap.length - 40);
  const { cold, fresh } = both();
  assert.equal(cold, fresh);
});
