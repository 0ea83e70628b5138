import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { FoldView } from "../../src/core/health.ts";
import { Brain } from "../../src/engine/brain.ts";
import { START } from "../../src/store/event-store.ts";
import { type ScanResult, scanLog } from "../../src/store/scan.ts";

let dir: string;
let n = 0;
before(() => {
  dir = fs.mkdtempSync(join(os.tmpdir(), "brain-health-"));
});
after(() => fs.rmSync(dir, { recursive: true, force: true }));

const C = "2026-01-15T00:00:00.000Z";
const entry = (id: string, text: string) => JSON.stringify({ id, type: "learning", text, created: C });

function writeLog(content: Buffer | string): string {
  const path = join(dir, `log-${n++}.jsonl`);
  fs.writeFileSync(path, content);
  return path;
}

function scan(path: string): { view: FoldView; r: ScanResult } {
  const view = new FoldView();
  const r = scanLog(path, START, view);
  return { view, r };
}

describe("scan health: every bad line is reported with its 1-based line number and reason", () => {
  const parts: (string | Buffer)[] = [
    `\uFEFF${entry("bom", "first line has a BOM")}\n`, // 1
    "null\n", // 2
    "42\n", // 3
    "[]\n", // 4
    "{}\n", // 5
    '{"type":"x"}\n', // 6
    '{"id":"u1","type":"hologram","created":"2026-01-01T00:00:00.000Z"}\n', // 7
    "{not json\n", // 8
    `${entry("crlf", "windows line ending")}\r\n`, // 9
    "\n", // 10: blank, skipped silently but still counted
    `${entry("sep", "line\u2028separator inside text")}\n`, // 11
    Buffer.concat([
      Buffer.from('{"id":"bad8","type":"learning","text":"'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('"}\n'),
    ]), // 12
    `${entry("fffd", "a literal \uFFFD replacement char is fine")}\n`, // 13
    `${entry("last", "last complete line")}\n`, // 14
    '{"id":"torn","type":"learn', // 15: torn tail, no newline
  ];
  let view: FoldView;
  let r: ScanResult;
  before(() => {
    ({ view, r } = scan(
      writeLog(Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p) : p)))),
    ));
  });

  test("bad lines: line numbers and reasons", () => {
    assert.deepEqual(
      view.health.badLines.map((b) => [b.line, b.reason]),
      [
        [2, "not an object (null)"],
        [3, "not an object (number)"],
        [4, "not an object (array)"],
        [5, "missing type"],
        [6, "missing id"],
        [8, "invalid JSON"],
        [12, "invalid UTF-8"],
      ],
    );
    assert.equal(view.health.badLineCount, 7);
    assert.equal(view.health.badLines[5]?.text, "{not json");
  });

  test("unknown types are reported (line 7) and counted in total, not folded", () => {
    assert.deepEqual(view.health.unknownTypes, [{ line: 7, type: "hologram" }]);
    assert.equal(view.state.find("u1"), undefined);
  });

  test("valid entries load: BOM line, CRLF line, U+2028 inside text, literal U+FFFD", () => {
    assert.deepEqual(
      view.state.list("learning").map((rec) => [rec.id, rec.line]),
      [
        ["bom", 1],
        ["crlf", 9],
        ["sep", 11],
        ["fffd", 13],
        ["last", 14],
      ],
    );
    assert.equal(view.state.find("sep")?.entry.text, "line\u2028separator inside text");
    assert.equal(view.health.total, 6); // 5 learnings + 1 unknown type
  });

  test("the BOM is a warning on line 1, not an error", () => {
    assert.deepEqual(view.health.warnings, [{ line: 1, message: "UTF-8 byte order mark ignored" }]);
  });

  test("the torn last line is reported as the truncated tail (line 15) and not consumed", () => {
    assert.equal(r.tornTail?.line, 15);
    assert.equal(r.tornTail?.text, '{"id":"torn","type":"learn');
    assert.equal(r.end.line, 14);
    assert.equal(r.end.offset, r.tornTail?.offset);
    assert.equal(view.state.find("torn"), undefined);
  });

  test("the engine reports truncatedTail only for the torn tail", () => {
    const path = writeLog(Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p) : p))));
    const h = Brain.open({ path, seedDefault: false, snapshot: false }).health();
    assert.equal(h.truncatedTail, true);
    assert.deepEqual(h.tornTail, { line: 15, text: '{"id":"torn","type":"learn' });
    assert.equal(h.badLineCount, 7);
  });
});

describe("scan: last line without a trailing newline", () => {
  test("a valid last entry without '\\n' loads and is not reported torn (Rho compatibility)", () => {
    const path = writeLog(`${entry("a", "one")}\n${entry("b", "two")}`);
    const { view, r } = scan(path);
    assert.deepEqual(
      view.state.list("learning").map((x) => [x.id, x.line]),
      [
        ["a", 1],
        ["b", 2],
      ],
    );
    assert.equal(r.tornTail, null);
    assert.deepEqual(r.end, { offset: fs.statSync(path).size, line: 2, endsWithNewline: false });
    assert.equal(Brain.open({ path, seedDefault: false, snapshot: false }).health().truncatedTail, false);
  });

  test("appending after it continues at line 3 without re-applying line 2", () => {
    const path = writeLog(`${entry("a", "one")}\n${entry("b", "two")}`);
    const { view, r } = scan(path);
    fs.appendFileSync(path, `\n${entry("c", "three")}\n`);
    const r2 = scanLog(path, r.end, view);
    assert.deepEqual(
      view.state.list("learning").map((x) => [x.id, x.line]),
      [
        ["a", 1],
        ["b", 2],
        ["c", 3],
      ],
    );
    assert.equal(view.health.total, 3);
    assert.deepEqual(r2.end, { offset: fs.statSync(path).size, line: 3, endsWithNewline: true });
  });

  test("a last line without '\\n' goes through the same checks: unknown type reported, BOM stripped", () => {
    const unknown = scan(
      writeLog(`${entry("a", "one")}\n{"id":"a","type":"hologram","created":"${C}"}`),
    ).view;
    assert.deepEqual(unknown.health.unknownTypes, [{ line: 2, type: "hologram" }]);
    assert.equal(unknown.state.applied, 1);
    const bom = scan(writeLog(`\uFEFF${entry("b", "only line")}`));
    assert.equal(bom.r.tornTail, null);
    assert.deepEqual(bom.view.health.warnings, [{ line: 1, message: "UTF-8 byte order mark ignored" }]);
    assert.equal(bom.view.state.find("b")?.line, 1);
  });

  test("a CRLF ending that arrives after the entry ('\\r' then '\\n') adds no phantom line", () => {
    const path = writeLog(entry("a", "one"));
    const { view, r } = scan(path);
    fs.appendFileSync(path, `\r\n${entry("b", "two")}\n{bad\n`);
    scanLog(path, r.end, view);
    const whole = scan(path).view;
    assert.deepEqual(
      view.state.list("learning").map((x) => [x.id, x.line]),
      [
        ["a", 1],
        ["b", 2],
      ],
    );
    assert.deepEqual(view.health.badLines, whole.health.badLines);
    assert.equal(view.health.badLines[0]?.line, 3);
  });

  test("text glued onto an already-loaded entry is reported on that entry's line", () => {
    const path = writeLog(entry("a", "one"));
    const { view, r } = scan(path);
    fs.appendFileSync(path, `junk\n${entry("b", "two")}\n`);
    scanLog(path, r.end, view);
    assert.deepEqual(
      view.health.badLines.map((b) => [b.line, b.text]),
      [[1, "junk"]],
    );
    assert.equal(view.state.find("b")?.line, 2);
  });

  test("a torn tail completed by a later write is parsed once, at its own line number", () => {
    const full = entry("t", "torn then completed");
    const path = writeLog(`${entry("a", "one")}\n${full.slice(0, 10)}`);
    const { view, r } = scan(path);
    assert.equal(r.tornTail?.line, 2);
    fs.appendFileSync(path, `${full.slice(10)}\n`);
    const r2 = scanLog(path, r.end, view);
    assert.equal(r2.tornTail, null);
    assert.equal(view.state.find("t")?.line, 2);
    assert.equal(view.health.badLineCount, 0);
  });

  test("a whitespace-only tail is neither torn nor bad; an empty or missing file is healthy", () => {
    const { view, r } = scan(writeLog(`${entry("a", "one")}\n   `));
    assert.equal(r.tornTail, null);
    assert.equal(view.health.badLineCount, 0);
    assert.equal(scan(writeLog("")).view.health.total, 0);
    const missing = scanLog(join(dir, "nope.jsonl"), START, new FoldView());
    assert.deepEqual([missing.end, missing.tornTail], [START, null]);
  });
});
