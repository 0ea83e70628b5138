import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { FoldView } from "../../src/core/health.ts";
import type { BaseEntry } from "../../src/core/types.ts";
import { Brain } from "../../src/engine/brain.ts";
import { START } from "../../src/store/event-store.ts";
import { logIdentity } from "../../src/store/jsonl/log-identity.ts";
import { loadSnapshot, saveSnapshot, snapshotPath } from "../../src/store/jsonl/snapshot.ts";
import { scanLog } from "../../src/store/scan.ts";
import { logArb } from "../support/arbitraries.ts";
import { fc } from "../support/fc.ts";
import { fromFoldState } from "../support/rho-reference.ts";

const C = "2026-01-15T00:00:00.000Z";
let dir: string;
let n = 0;
before(() => {
  dir = fs.mkdtempSync(join(os.tmpdir(), "brain-snap-"));
});
after(() => fs.rmSync(dir, { recursive: true, force: true }));
const freshLog = () => join(dir, `log-${n++}`, "brain.jsonl");

/** Everything a fold view exposes that a snapshot must reproduce. */
function observe(v: FoldView) {
  const { truncatedTail: _a, tornTail: _b, ...health } = v.health;
  return {
    folded: fromFoldState(v.state),
    lines: [...v.state.live()].map((r) => [r.type, r.id, r.line, r.createdMs]),
    applied: v.state.applied,
    health,
  };
}

function foldFile(path: string): FoldView {
  const v = new FoldView();
  scanLog(path, START, v);
  return v;
}

/** Any byte offset, or (half the time) one within a few bytes of a newline, where the edge cases live. */
function cutAt(bytes: Buffer, seed: number, delta: number): number {
  const newlines = [...bytes.keys()].filter((i) => bytes[i] === 0x0a);
  if (seed % 2 === 0 || newlines.length === 0) return seed % (bytes.length + 1);
  const at = (newlines[seed % newlines.length] as number) + delta;
  return Math.max(0, Math.min(bytes.length, at));
}

describe("fold snapshot", () => {
  test("PROPERTY: folding any log equals folding it with a snapshot taken at any byte cut point", () => {
    fc.assert(
      fc.property(logArb(30), fc.nat(), fc.integer({ min: -3, max: 1 }), ({ text }, cutSeed, nearNewline) => {
        const bytes = Buffer.from(text, "utf8");
        const cut = cutAt(bytes, cutSeed, nearNewline);
        const path = freshLog();
        fs.mkdirSync(join(path, ".."), { recursive: true });
        fs.writeFileSync(path, bytes.subarray(0, cut));

        const prefix = new FoldView();
        const r = scanLog(path, START, prefix);
        assert.ok(saveSnapshot(path, prefix, r.end, logIdentity(path).generation));
        fs.appendFileSync(path, bytes.subarray(cut));

        const snap = loadSnapshot(path);
        assert.ok(snap.ok, `snapshot rejected: ${snap.ok ? "" : snap.reason}`);
        const tail = scanLog(path, snap.position, snap.view);
        const whole = foldFile(path);
        const full = scanLog(path, START, new FoldView());
        assert.deepEqual(observe(snap.view), observe(whole));
        assert.deepEqual(tail.end, full.end);
        assert.deepEqual(tail.tornTail, full.tornTail);
      }),
      { numRuns: 100 },
    );
  });

  test("a snapshot of a fold with no live record (empty log, or only tombstones) loads", () => {
    const path = freshLog();
    fs.mkdirSync(join(path, ".."), { recursive: true });
    fs.writeFileSync(
      path,
      `${JSON.stringify({ id: "t", type: "tombstone", target_id: "x", target_type: "learning", reason: "r", created: C })}\n`,
    );
    snapshotAtEnd(path);
    const s = loadSnapshot(path);
    assert.ok(s.ok, s.ok ? "" : s.reason);
    assert.deepEqual([...s.view.state.tombstoned], ["x"]);
  });
});

/** A log well over 8 KiB so the head and tail probes cover different bytes. */
function bigLog(path: string): void {
  fs.mkdirSync(join(path, ".."), { recursive: true });
  const lines: string[] = [];
  for (let i = 0; i < 200; i++) {
    const e: BaseEntry = {
      id: `l${i}`,
      type: "learning",
      text: `learning number ${i} abcdefghij`,
      created: C,
    };
    lines.push(JSON.stringify(e));
    if (i % 7 === 0)
      lines.push(
        JSON.stringify({
          id: `t${i}`,
          type: "tombstone",
          target_id: `l${i - 7}`,
          target_type: "learning",
          reason: "x",
          created: C,
        }),
      );
  }
  fs.writeFileSync(path, `${lines.join("\n")}\n`);
}

function snapshotAtEnd(path: string): number {
  const v = new FoldView();
  const r = scanLog(path, START, v);
  assert.ok(saveSnapshot(path, v, r.end, logIdentity(path).generation));
  return r.end.offset;
}

/** Overwrite one letter at `at` in place (same inode, same length). */
function editByte(path: string, at: number): void {
  const fd = fs.openSync(path, "r+");
  try {
    const b = Buffer.alloc(64);
    fs.readSync(fd, b, 0, 64, at);
    const i = b.findIndex((c) => c >= 0x61 && c <= 0x7a);
    assert.ok(i >= 0);
    fs.writeSync(fd, Buffer.from([b[i] === 0x7a ? 0x61 : (b[i] as number) + 1]), 0, 1, at + i);
  } finally {
    fs.closeSync(fd);
  }
}

describe("fold snapshot: validity check", () => {
  test("an untouched log, and a log only appended to, accept the snapshot", () => {
    const path = freshLog();
    bigLog(path);
    const offset = snapshotAtEnd(path);
    assert.ok(offset > 3 * 4096);
    assert.equal(loadSnapshot(path).ok, true);
    fs.appendFileSync(path, `${JSON.stringify({ id: "new", type: "learning", text: "n", created: C })}\n`);
    const s = loadSnapshot(path);
    assert.ok(s.ok);
    assert.equal(s.position.offset, offset);
  });

  const cases: [string, (path: string, offset: number) => void][] = [
    ["the log is truncated below the snapshot offset", (p, off) => fs.truncateSync(p, off - 10)],
    ["a byte inside the first 4 KiB is edited", (p) => editByte(p, 100)],
    ["a byte inside the last 4 KiB before the offset is edited", (p, off) => editByte(p, off - 200)],
    [
      "the log is replaced by an identical copy (new inode)",
      (p) => {
        fs.copyFileSync(p, `${p}.copy`);
        fs.renameSync(`${p}.copy`, p);
      },
    ],
  ];
  for (const [what, damage] of cases) {
    test(`snapshot is rejected as "mismatch" when ${what}, and the engine falls back to the log`, () => {
      const path = freshLog();
      bigLog(path);
      const offset = snapshotAtEnd(path);
      damage(path, offset);
      assert.deepEqual(loadSnapshot(path), { ok: false, reason: "mismatch" });
      const b = Brain.open({ path, seedDefault: false, snapshot: true });
      assert.equal(b.snapshotStatus, "mismatch");
      assert.equal(b.loadedFrom, "log");
      assert.deepEqual(fromFoldState(b.state), fromFoldState(foldFile(path).state));
    });
  }

  test("deleting the snapshot changes nothing but brain.loadedFrom", () => {
    const path = freshLog();
    bigLog(path);
    fs.appendFileSync(path, '{"broken\n{"id":"u","type":"bogus","created":"x"}\n');
    const view = (b: Brain) => ({
      folded: fromFoldState(b.state),
      lines: [...b.state.live()].map((r) => [r.id, r.line]),
      health: b.health(),
      position: b.position,
      stats: b.stats(),
      tombstoned: [...b.state.tombstoned].sort(),
    });
    const first = Brain.open({ path, seedDefault: false, snapshot: true });
    assert.equal(first.loadedFrom, "log");
    assert.ok(first.persist(true));
    const fromSnap = Brain.open({ path, seedDefault: false, snapshot: true });
    assert.equal(fromSnap.loadedFrom, "snapshot");
    fs.rmSync(snapshotPath(path));
    const fromLog = Brain.open({ path, seedDefault: false, snapshot: true });
    assert.equal(fromLog.loadedFrom, "log");
    assert.equal(fromLog.snapshotStatus, "missing");
    assert.deepEqual(view(fromSnap), view(fromLog));
    assert.deepEqual(view(first), view(fromLog));
    assert.equal(fromLog.health().badLineCount, 1);
  });
});
