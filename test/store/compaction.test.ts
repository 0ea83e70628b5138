/**
 * What compaction keeps and what it refuses (issue 10 #5, #9, #13), through the CLI in real processes:
 * lines it does not fold stay; a symlinked log is compacted in its target; a read-only log is refused;
 * a file that is not a brain is never appended to.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { Brain } from "../../src/engine/brain.ts";
import { JsonlFileStore } from "../../src/store/jsonl/file-store.ts";
import { cli, show, tempDir } from "../reliability/support/harness.ts";

const NOW = () => new Date("2026-03-01T00:00:00Z");

async function seeded(path: string): Promise<void> {
  const b = Brain.open({ path, seedDefault: false, snapshot: false, now: NOW });
  const a = await b.act({ action: "add", type: "learning", text: "first learning" });
  await b.act({ action: "add", type: "learning", text: "second learning" });
  await b.act({ action: "update", id: a.data?.id, text: "first learning, updated" });
}

test("compaction keeps lines of unknown types and bad lines, byte for byte", async (t) => {
  const dir = tempDir(t);
  const path = join(dir, "brain.jsonl");
  await seeded(path);
  const unknown = '{"type":"mood","id":"m1","created":"2026-01-01T00:00:00Z","value":"calm"}';
  const bad = '{"type":"learning","id":"broken", "text": oops}';
  const invalidUtf8 = Buffer.from([0x7b, 0xff, 0xfe, 0x7d]);
  fs.appendFileSync(path, `${unknown}\n${bad}\n`);
  fs.appendFileSync(path, Buffer.concat([invalidUtf8, Buffer.from("\n")]));
  fs.appendFileSync(path, '{"type":"learning","id":"torn","text":"cut he');
  const r = await cli(["--brain", path, "--json", "compact"]);
  assert.equal(r.code, 0, show(r));
  assert.equal(JSON.parse(r.stdout).keptLines, 4);
  const after = fs.readFileSync(path);
  const text = after.toString("latin1");
  for (const line of [unknown, bad, '{"type":"learning","id":"torn","text":"cut he'])
    assert.ok(text.includes(`${line}\n`), `kept: ${line}`);
  assert.ok(
    after.includes(Buffer.concat([invalidUtf8, Buffer.from("\n")])),
    "invalid UTF-8 line kept as bytes",
  );
  const b = Brain.open({ path, seedDefault: false, snapshot: false });
  assert.deepEqual(
    b.state.list("learning").map((r) => r.entry.text),
    ["first learning, updated", "second learning"],
  );
  assert.equal(b.health().badLineCount, 3);
  assert.deepEqual(
    b.health().unknownTypes.map((u) => u.type),
    ["mood"],
  );
  // A second compaction changes nothing.
  assert.equal((await cli(["--brain", path, "compact"])).code, 0);
  assert.deepEqual(fs.readFileSync(path), after);
});

test("compacting a symlinked brain.jsonl rewrites the target; both paths share one lock", async (t) => {
  const dir = tempDir(t);
  fs.mkdirSync(join(dir, "real"));
  const target = join(dir, "real", "brain.jsonl");
  const link = join(dir, "brain.jsonl");
  await seeded(target);
  fs.symlinkSync(target, link);
  assert.equal(new JsonlFileStore(link).lock.lockPath, new JsonlFileStore(target).lock.lockPath);
  const r = await cli(["--brain", link, "compact"]);
  assert.equal(r.code, 0, show(r));
  assert.ok(fs.lstatSync(link).isSymbolicLink(), "the link is still a link");
  assert.equal(
    fs.readFileSync(target, "utf8").split("\n").filter(Boolean).length,
    2,
    "the target was compacted",
  );
  assert.equal((await cli(["--brain", link, "add", "type=learning", "text=through the link"])).code, 0);
  assert.match(
    fs.readFileSync(target, "utf8"),
    /through the link/,
    "writes through the link reach the target",
  );
});

test("compact refuses a read-only log and leaves its mode alone", async (t) => {
  const dir = tempDir(t);
  const path = join(dir, "brain.jsonl");
  await seeded(path);
  const before = fs.readFileSync(path);
  fs.chmodSync(path, 0o444);
  const r = await cli(["--brain", path, "compact"]);
  assert.notEqual(r.code, 0, show(r));
  assert.match(r.stderr, /read-only/);
  assert.equal(fs.statSync(path).mode & 0o777, 0o444);
  assert.deepEqual(fs.readFileSync(path), before);
  // A writable log keeps its own mode through compaction.
  fs.chmodSync(path, 0o640);
  assert.equal((await cli(["--brain", path, "compact"])).code, 0);
  assert.equal(fs.statSync(path).mode & 0o777, 0o640);
});

test("a write through --brain to a file that is not a brain is refused (package.json)", async (t) => {
  const dir = tempDir(t);
  const path = join(dir, "package.json");
  const pkg = `${JSON.stringify({ name: "x", version: "1.0.0", scripts: { test: "node t" } }, null, 2)}\n`;
  fs.writeFileSync(path, pkg);
  const r = await cli(["--brain", path, "add", "type=learning", "text=should not land here"]);
  assert.notEqual(r.code, 0, show(r));
  assert.match(r.stderr, /not a brain log/);
  assert.equal(fs.readFileSync(path, "utf8"), pkg);
  // A one-line JSON object that is not an entry is refused too; an empty file is a new brain.
  fs.writeFileSync(path, '{"name":"x"}\n');
  assert.notEqual((await cli(["--brain", path, "add", "type=learning", "text=no"])).code, 0);
  fs.writeFileSync(path, "");
  assert.equal((await cli(["--brain", path, "add", "type=learning", "text=yes"])).code, 0);
});

test("a compaction that finds its lock taken over before the rename changes nothing", async (t) => {
  const dir = tempDir(t);
  const path = join(dir, "brain.jsonl");
  await seeded(path);
  const before = fs.readFileSync(path);
  const store = new JsonlFileStore(path);
  assert.throws(
    () =>
      store.withLock(() => {
        // As if the lock had been broken and taken by another writer while this process was paused.
        const p = JSON.parse(fs.readFileSync(store.lock.lockPath, "utf8"));
        fs.writeFileSync(store.lock.lockPath, JSON.stringify({ ...p, pid: 1, nonce: "someone-else" }));
        return store.maintenance.compact(NOW());
      }, "test"),
    /lost the lock/,
  );
  assert.deepEqual(fs.readFileSync(path), before, "the log was not replaced");
  assert.deepEqual(
    fs.readdirSync(dir).filter((f) => f.includes(".tmp-")),
    [],
  );
});
