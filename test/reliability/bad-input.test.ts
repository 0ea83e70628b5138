/**
 * A log full of the things that brick other readers: every bad line is reported with its line number and
 * reason, everything else loads (with the right line numbers), cold and through the fold snapshot — both
 * a snapshot of the whole file and a snapshot of a clean prefix with the bad part read as its tail.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { type TestContext, test } from "node:test";
import type { Health } from "../../src/core/health.ts";
import { Brain } from "../../src/engine/brain.ts";
import { snapshotPath } from "../../src/store/jsonl/snapshot.ts";
import { tempDir } from "./support/harness.ts";

const TEN_MB = 10 * 1024 * 1024;
const created = "2026-01-01T00:00:00.000Z";
const j = (o: unknown) => Buffer.from(JSON.stringify(o));
const bigText = "é".repeat(TEN_MB / 2); // 10 MB of UTF-8 in one valid entry

/** [bytes of the line without its "\n", what the reader must make of it]. */
const LINES: [Buffer, string][] = [
  [
    Buffer.concat([
      Buffer.from("\uFEFF"),
      j({ id: "beh00001", type: "behavior", category: "do", text: "BOM first", created }),
    ]),
    "warn BOM",
  ],
  [Buffer.from("null"), "bad not an object (null)"],
  [Buffer.from("42"), "bad not an object (number)"],
  [Buffer.from("[]"), "bad not an object (array)"],
  [Buffer.from("{}"), "bad missing type"],
  [
    Buffer.concat([j({ id: "crlf0001", type: "learning", text: "CRLF line", created }), Buffer.from("\r")]),
    "ok",
  ],
  [
    Buffer.concat([
      Buffer.from('{"id":"utf80001","type":"learning","text":"'),
      Buffer.from([0xff, 0xfe, 0xc3]),
      Buffer.from(`","created":"${created}"}`),
    ]),
    "bad invalid UTF-8",
  ],
  [j({ id: "sep00001", type: "learning", text: "line\u2028separator\u2029paragraph", created }), "ok"],
  [j({ id: "huge0001", type: "learning", text: bigText, created }), "ok"],
  [Buffer.alloc(TEN_MB, "x"), "bad invalid JSON"],
  [
    j({ id: "crlf0001", type: "preference", category: "Code", text: "same id, other type", created }),
    "warn same id",
  ],
  [j({ id: "unk00001", type: "mystery", created }), "unknown mystery"],
  [Buffer.from('"just a string"'), "bad not an object (string)"],
  [j({ type: "learning", text: "no id", created }), "bad missing id"],
  [Buffer.from("   \t"), "blank"],
  [
    Buffer.concat([
      Buffer.from("\uFEFF"),
      j({ id: "bom00002", type: "learning", text: "BOM mid-file", created }),
    ]),
    "warn BOM",
  ],
  [j({ id: "last0001", type: "learning", text: "after everything", created }), "ok"],
];

function write(path: string, lines: [Buffer, string][]): void {
  fs.writeFileSync(path, Buffer.concat(lines.flatMap(([b]) => [b, Buffer.from("\n")])));
}

function expectHealth(h: Health, what: string): void {
  const bad = LINES.flatMap(([, e], i) => (e.startsWith("bad ") ? [[i + 1, e.slice(4)]] : []));
  assert.deepEqual(
    h.badLines.map((b) => [b.line, b.reason]),
    bad,
    `${what}: every bad line reported with its line number and reason`,
  );
  assert.equal(h.badLineCount, bad.length);
  for (const b of h.badLines)
    assert.ok(b.text.length <= 201, `${what}: line ${b.line} shown as a short preview`);
  assert.deepEqual(h.unknownTypes, [{ line: 12, type: "mystery" }], what);
  assert.deepEqual(
    h.warnings.map((w) => w.line),
    [1, 11, 16],
    `${what}: BOMs and the id shared by two types are warnings on their lines`,
  );
  assert.match(h.warnings[1]?.message ?? "", /"crlf0001" is also used by a live learning \(line 6\)/);
  assert.equal(h.truncatedTail, false, what);
}

function expectState(brain: Brain, what: string): void {
  const s = brain.state;
  assert.equal(s.find("beh00001")?.entry.text, "BOM first", what);
  assert.equal(
    s.arrays.learning.get("crlf0001")?.entry.text,
    "CRLF line",
    `${what}: CRLF is not part of the entry`,
  );
  assert.equal(s.arrays.preference.get("crlf0001")?.entry.text, "same id, other type", what);
  assert.equal(
    s.find("sep00001")?.entry.text,
    "line\u2028separator\u2029paragraph",
    `${what}: U+2028 is content`,
  );
  assert.equal(s.find("huge0001")?.entry.text, bigText, `${what}: the 10 MB entry loads whole`);
  assert.equal(s.find("bom00002")?.entry.text, "BOM mid-file", what);
  assert.equal(s.find("last0001")?.line, 17, `${what}: line numbers are physical lines`);
  assert.equal(s.find("utf80001"), undefined, what);
  assert.equal(s.find("unk00001"), undefined, what);
  assert.equal(s.count("learning"), 5, what);
}

function fresh(t: TestContext): string {
  return join(tempDir(t), "brain.jsonl");
}

test("bad lines are reported with their line numbers and the rest loads (cold)", (t) => {
  const path = fresh(t);
  write(path, LINES);
  const brain = Brain.open({ path, seedDefault: false, snapshot: false });
  expectHealth(brain.health(), "cold");
  expectState(brain, "cold");
});

test("the same report and state through a snapshot of the whole file", (t) => {
  const path = fresh(t);
  write(path, LINES);
  const first = Brain.open({ path, seedDefault: false });
  assert.equal(first.persist(true), true);
  const second = Brain.open({ path, seedDefault: false });
  assert.equal(second.loadedFrom, "snapshot");
  expectHealth(second.health(), "snapshot");
  expectState(second, "snapshot");
});

test("the same report and state when the bad lines are the tail read after a snapshot", (t) => {
  const path = fresh(t);
  write(path, LINES.slice(0, 1));
  assert.equal(Brain.open({ path, seedDefault: false }).persist(true), true);
  assert.ok(fs.existsSync(snapshotPath(path)));
  fs.appendFileSync(path, Buffer.concat(LINES.slice(1).flatMap(([b]) => [b, Buffer.from("\n")])));
  const brain = Brain.open({ path, seedDefault: false });
  assert.equal(brain.loadedFrom, "snapshot", "started from the snapshot, read the rest as its tail");
  expectHealth(brain.health(), "snapshot + tail");
  expectState(brain, "snapshot + tail");
});

test("a writer appends after bad lines without touching them", async (t) => {
  const path = fresh(t);
  write(path, LINES);
  const before = fs.readFileSync(path);
  const brain = Brain.open({ path, seedDefault: false, snapshot: false });
  await brain.act({ action: "add", type: "learning", text: "written after the mess" });
  const after = fs.readFileSync(path);
  assert.deepEqual(after.subarray(0, before.length), before, "existing bytes untouched");
  assert.equal(brain.health().badLineCount, 8);
  assert.equal(Brain.open({ path, seedDefault: false, snapshot: false }).state.count("learning"), 6);
});
