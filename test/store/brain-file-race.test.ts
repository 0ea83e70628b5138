/**
 * `brain file X --append` racing a rewrite (issue 10 #3): brain-file writes hold the file's lock, so an
 * acknowledged append is never written into a file that a concurrent rewrite is renaming away. Real
 * processes: library writers and CLI appends against one NOTES.md while another process rewrites it.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { type Child, cli, reap, show, startChild, tempDir } from "../reliability/support/harness.ts";

test("appends racing rewrites: every acknowledged append is in the file (library and CLI)", async (t) => {
  const dir = tempDir(t);
  fs.writeFileSync(join(dir, "NOTES.md"), "# Notes\n");
  const children: Child[] = [];
  reap(t, children);
  const APPENDERS = 3;
  const COUNT = 150;
  // Lost writes are the subject here, not waiting: a loaded machine may make a writer wait over 5 s.
  const env = { BRAIN_LOCK_TIMEOUT_MS: "120000" };
  for (let w = 0; w < APPENDERS; w++)
    children.push(startChild("brain-file-writer", [dir, "append", String(w), String(COUNT)], env));
  children.push(startChild("brain-file-writer", [dir, "replace", "r", String(COUNT)], env));
  await Promise.all(children.map((c) => c.waitFor(/^ready$/)));
  for (const c of children) c.child.stdin?.write("go\n");
  // Meanwhile, appends through the CLI.
  const viaCli = await Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      cli(["--brain", join(dir, "brain.jsonl"), "file", "NOTES.md", "--append", `cli ${i}`], env),
    ),
  );
  const ends = await Promise.all(children.map((c) => c.done));
  for (const [i, e] of ends.entries()) assert.equal(e.code, 0, children[i]?.stderr());

  const lines = new Set(fs.readFileSync(join(dir, "NOTES.md"), "utf8").split("\n"));
  let acked = 0;
  const lost: string[] = [];
  for (const c of children.slice(0, APPENDERS))
    for (const l of c.lines) {
      const m = /^ack (\d+) (\d+)$/.exec(l);
      if (!m) continue;
      acked++;
      if (!lines.has(`m ${m[1]} ${m[2]}`)) lost.push(`m ${m[1]} ${m[2]}`);
    }
  for (const [i, r] of viaCli.entries()) {
    assert.equal(r.code, 0, show(r));
    acked++;
    if (!lines.has(`cli ${i}`)) lost.push(`cli ${i}`);
  }
  assert.equal(acked, APPENDERS * COUNT + 8);
  assert.deepEqual(lost, [], `${lost.length} of ${acked} acknowledged appends lost`);
  assert.ok(!fs.readdirSync(dir).some((f) => f.includes(".tmp-")), "no temp file left");
});
