/**
 * A torn last line (a write cut short: no newline, not JSON) and a complete last line without its newline
 * (a hand edit), as the real CLI meets them in a real file.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { describe, type TestContext, test } from "node:test";
import { brain, json, removeSandbox, type Sandbox, sandbox, show } from "../support/cli.ts";

const TORN = '{"id":"torn0001","type":"learning","text":"half a wri';
const UNTERMINATED =
  '{"id":"nonl0001","type":"learning","text":"complete but unterminated","created":"2026-01-01T00:00:00.000Z"}';

interface Doctor {
  ok: boolean;
  lines: number;
  badLineCount: number;
  badLines: { line: number; reason: string; text: string }[];
  truncatedTail: boolean;
  tornTail: { line: number; text: string } | null;
}

function fresh(t: TestContext): Sandbox {
  const sb = sandbox();
  t.after(() => removeSandbox(sb));
  return sb;
}

async function ok(sb: Sandbox, args: string[], env?: Record<string, string | undefined>) {
  const r = await brain(sb, args, env ? { env } : {});
  assert.equal(r.code, 0, `brain ${args.join(" ")}\n${show(r)}`);
  return r;
}

async function doctor(sb: Sandbox, code: number): Promise<Doctor> {
  const r = await brain(sb, ["doctor", "--json"]);
  assert.equal(r.code, code, show(r));
  return json<Doctor>(r);
}

/** The file's physical lines (split on "\n" only); the last element is "" when it ends in a newline. */
function physicalLines(path: string): string[] {
  return fs.readFileSync(path, "utf8").split("\n");
}

describe("torn tail", { concurrency: 2 }, () => {
  test("a torn line is kept, the next write starts on its own line, doctor reports the line (fsync on)", async (t) => {
    const sb = fresh(t);
    const env = { BRAIN_FSYNC: undefined };
    await ok(sb, ["init"], env);
    fs.appendFileSync(sb.brainPath, TORN); // line 19, no newline
    const before = await doctor(sb, 1);
    assert.equal(before.truncatedTail, true);
    assert.deepEqual(before.tornTail, { line: 19, text: TORN });
    assert.equal(before.badLineCount, 0);
    // reads still work
    assert.equal((await ok(sb, ["stats"], env)).stdout, "🧠 0L 0P 0T 1R | 16beh 0id 0usr\n");

    await ok(sb, ["add", "type=learning", "text=written after the tear"], env);
    const lines = physicalLines(sb.brainPath);
    assert.equal(lines.length, 21, "18 default lines, the torn line, the new line, and a final newline");
    assert.equal(lines[18], TORN, "the torn text is still in the file, unchanged, on its own line");
    const added = JSON.parse(lines[19] as string) as Record<string, unknown>;
    assert.equal(added.text, "written after the tear", "the new entry is not glued to the torn text");
    assert.equal(lines[20], "");

    const after = await doctor(sb, 1);
    assert.equal(after.truncatedTail, false);
    assert.equal(after.tornTail, null);
    assert.deepEqual(after.badLines, [{ line: 19, reason: "invalid JSON", text: TORN }]);
    assert.equal(after.lines, 20);

    await ok(sb, ["add", "type=learning", "text=and one more"], env);
    const lines2 = physicalLines(sb.brainPath);
    assert.equal(lines2.length, 22);
    assert.equal(lines2[18], TORN);
    assert.equal((JSON.parse(lines2[20] as string) as { text: string }).text, "and one more");
    assert.equal((await ok(sb, ["stats"], env)).stdout, "🧠 2L 0P 0T 1R | 16beh 0id 0usr\n");
    const text = await brain(sb, ["doctor"]);
    assert.equal(text.code, 1, show(text));
    assert.match(text.stdout, /line 19: invalid JSON: \{"id":"torn0001"/);
    assert.match(text.stdout, /torn tail: no/);
  });

  test("a torn first write into an empty file", async (t) => {
    const sb = fresh(t);
    await ok(sb, ["init"]);
    fs.writeFileSync(sb.brainPath, TORN);
    assert.equal((await doctor(sb, 1)).tornTail?.line, 1);
    await ok(sb, ["add", "type=learning", "text=first real entry"]);
    const lines = physicalLines(sb.brainPath);
    assert.deepEqual(lines.length, 3);
    assert.equal(lines[0], TORN);
    assert.equal((JSON.parse(lines[1] as string) as { text: string }).text, "first real entry");
    assert.deepEqual(
      (await doctor(sb, 1)).badLines.map((b) => b.line),
      [1],
    );
  });

  test("a valid last line without a newline still loads; the next write terminates it first", async (t) => {
    const sb = fresh(t);
    await ok(sb, ["init"]);
    fs.appendFileSync(sb.brainPath, UNTERMINATED);
    const list = await ok(sb, ["list", "type=learning"]);
    assert.match(list.stdout, /nonl0001: complete but unterminated/);
    const d = await doctor(sb, 0);
    assert.deepEqual([d.ok, d.truncatedTail, d.badLineCount, d.lines], [true, false, 0, 19]);
    // it is live: it dedups and can be updated
    const dup = await brain(sb, ["add", "type=learning", "text=Complete, but unterminated"]);
    assert.equal(dup.code, 4, show(dup));

    await ok(sb, ["add", "type=learning", "text=next entry"]);
    const lines = physicalLines(sb.brainPath);
    assert.equal(lines.length, 21);
    assert.equal(lines[18], UNTERMINATED, "the unterminated line is intact");
    assert.equal((JSON.parse(lines[19] as string) as { text: string }).text, "next entry");
    assert.equal(lines[20], "");
    const d2 = await doctor(sb, 0);
    assert.deepEqual([d2.ok, d2.badLineCount, d2.lines], [true, 0, 20]);
    assert.equal((await ok(sb, ["stats"])).stdout, "🧠 2L 0P 0T 1R | 16beh 0id 0usr\n");
    await ok(sb, ["update", "id=nonl0001", "text=updated after termination"]);
    assert.match((await ok(sb, ["list", "type=learning"])).stdout, /nonl0001: updated after termination/);
  });
});
