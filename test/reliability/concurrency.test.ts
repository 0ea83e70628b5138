/**
 * Eight processes × 1000 mixed writes against one brain.jsonl (the library in each child, see
 * support/mixed-writer.ts). Invariants:
 *  - every line of the log is one whole JSON object (no torn or interleaved line), the file ends in "\n";
 *  - every acknowledged write is in the log exactly once, and nothing else is (line count = seed + acks);
 *  - the fold agrees with the acks: a learning added and not removed is live with its last acked text, a
 *    removed one is gone, each user key holds the value of its last line, which was an acked write;
 *  - dedup holds across processes: each shared text (incl. 8 workers adding it at the same instant) was
 *    stored by exactly one worker and every other attempt got DUPLICATE.
 * Runs with BRAIN_FSYNC=0: fdatasync does not change what reaches the file's page cache (what this test can
 * observe), only what survives a power cut, and it would make the run ~8000 disk flushes long. The append
 * latency with fsync on is measured by `npm run bench:append`.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { normalizeText } from "../../src/core/text.ts";
import { Brain } from "../../src/engine/brain.ts";
import { MemoryStore } from "../../src/store/memory-store.ts";
import { SEED } from "../support/seed.ts";
import { BURST } from "./support/common.ts";
import { type Child, reap, startChild, strictLines, tempDir } from "./support/harness.ts";

const WORKERS = 8;
const OPS = 1000;

interface Ack {
  op: "add" | "shared" | "dup" | "user" | "update" | "remove" | "error";
  id?: string;
  text?: string;
  key?: string;
  value?: string;
  code?: string;
  message?: string;
}

test(`${WORKERS} processes × ${OPS} mixed writes: nothing lost, doubled, torn or deduped wrongly`, async (t) => {
  const dir = tempDir(t);
  const path = join(dir, "brain", "brain.jsonl");
  const seedBrain = Brain.open({ path });
  const seedLines = strictLines(path).length;
  assert.ok(seedLines > 0 && seedBrain.state.count("behavior") > 0);
  const seed = SEED;
  t.diagnostic(`seed ${seed} (FC_SEED=${seed} replays the workers' choices)`);

  const workers: Child[] = [];
  for (let w = 0; w < WORKERS; w++) {
    workers.push(
      startChild("mixed-writer", [path, String(w), String(OPS), String(seed)], { BRAIN_FSYNC: "0" }),
    );
  }
  reap(t, workers);
  await Promise.all(workers.map((c) => c.waitFor(/^ready$/)));
  const started = Date.now();
  for (const c of workers) c.child.stdin?.end("go\n");
  const exits = await Promise.all(workers.map((c) => c.done));
  t.diagnostic(`${WORKERS * OPS} writes in ${Date.now() - started} ms`);
  exits.forEach((e, i) => {
    assert.equal(e.code, 0, `worker ${i} exited ${e.code ?? e.signal}: ${workers[i]?.stderr()}`);
    assert.equal(workers[i]?.lines.at(-1), "done", `worker ${i} finished`);
  });
  const acks: Ack[][] = workers.map((c) => c.lines.slice(1, -1).map((l) => JSON.parse(l) as Ack));
  const all = acks.flat();
  const errors = all.filter((a) => a.op === "error");
  assert.deepEqual(errors, [], "no write failed (no lock timeout, no unexpected error)");
  assert.equal(all.length, WORKERS * OPS, "every op reported");

  // Framing: every line whole; exactly the acknowledged writes were appended.
  const lines = strictLines(path);
  const written = all.filter((a) => a.op !== "dup");
  assert.equal(lines.length, seedLines + written.length, "one line per acknowledged write, no more, no less");
  const index = new Map<string, Record<string, unknown>[]>();
  for (const l of lines) {
    const k = l.type === "tombstone" ? `t:${String(l.target_id)}` : `${String(l.type)}:${String(l.id)}`;
    const arr = index.get(k);
    if (arr) arr.push(l);
    else index.set(k, [l]);
  }
  for (const a of written) {
    let n: number;
    if (a.op === "remove") n = index.get(`t:${a.id}`)?.length ?? 0;
    else if (a.op === "user")
      n = (index.get(`user:${a.id}`) ?? []).filter((l) => l.key === a.key && l.value === a.value).length;
    else n = (index.get(`learning:${a.id}`) ?? []).filter((l) => l.text === a.text).length;
    assert.equal(n, 1, `acknowledged ${JSON.stringify(a)} is in the log exactly once (found ${n})`);
  }

  // The fold (cold, from the log) agrees with what the workers were told.
  const brain = Brain.open({ path, snapshot: false, seedDefault: false });
  const h = brain.health();
  assert.equal(h.badLineCount, 0, JSON.stringify(h.badLines.slice(0, 5)));
  assert.equal(h.truncatedTail, false);
  assert.deepEqual(h.warnings, [], "no id used by two types");
  const expected = new Map<string, string | null>();
  for (const w of acks) {
    for (const a of w) {
      if (a.op === "add" || a.op === "update") expected.set(a.id as string, a.text as string);
      else if (a.op === "remove") expected.set(a.id as string, null);
    }
  }
  let live = 0;
  for (const [id, text] of expected) {
    const rec = brain.state.arrays.learning.get(id);
    if (text === null) assert.equal(rec, undefined, `removed learning ${id} is gone`);
    else {
      assert.equal(rec?.entry.text, text, `learning ${id} holds its last acknowledged text`);
      live++;
    }
  }
  assert.ok(live > 1000, `a good share of the unique learnings stay live (${live})`);

  // Dedup across processes.
  const byKey = new Map<string, { wins: Ack[]; dups: number }>();
  for (const a of all) {
    if (a.op !== "shared" && a.op !== "dup") continue;
    const slot = byKey.get(a.key as string) ?? { wins: [], dups: 0 };
    if (a.op === "shared") slot.wins.push(a);
    else slot.dups++;
    byKey.set(a.key as string, slot);
  }
  for (const [key, { wins, dups }] of byKey) {
    assert.equal(wins.length, 1, `"${key}" stored once (${wins.length} wins, ${dups} duplicates)`);
  }
  for (let k = 0; k < BURST; k++) {
    const slot = byKey.get(`burst ${k}`);
    assert.equal(slot?.dups, WORKERS - 1, `burst ${k}: one worker stored it, ${WORKERS - 1} got DUPLICATE`);
  }
  const liveNorm = new Map<string, number>();
  for (const r of brain.state.list("learning")) {
    const n = normalizeText(String(r.entry.text));
    liveNorm.set(n, (liveNorm.get(n) ?? 0) + 1);
  }
  for (const key of byKey.keys()) assert.equal(liveNorm.get(key), 1, `"${key}" is live exactly once`);

  // Upserts on shared keys: the live value is the last line's, and that line was acknowledged.
  const userAcks = new Set(all.filter((a) => a.op === "user").map((a) => `${a.key}=${a.value}`));
  const lastByKey = new Map<string, unknown>();
  for (const l of lines) if (l.type === "user") lastByKey.set(String(l.key), l.value);
  for (const [key, value] of lastByKey) {
    assert.equal(brain.state.findKeyed("user", key)?.entry.value, value, `user ${key} = its last line`);
    assert.ok(userAcks.has(`${key}=${String(value)}`), `user ${key}=${String(value)} was acknowledged`);
  }

  // Nothing left behind.
  const leftovers = fs.readdirSync(join(dir, "brain")).filter((f) => f !== "brain.jsonl" && f !== ".brain");
  assert.deepEqual(leftovers, [], "no lock or temp file left");
});

test("a random id that is already in use is drawn again, never reused", async () => {
  // Eight hex digits do collide in a big brain; a colliding add must not replace the other entry.
  const draws = ["aaaaaaaa", "aaaaaaaa", "aaaaaaaa", "bbbbbbbb"];
  const brain = Brain.open({
    store: new MemoryStore(),
    seedDefault: false,
    random: () => draws.shift() ?? "cccccccc",
  });
  const first = await brain.act({ action: "add", type: "learning", text: "first" });
  const second = await brain.act({ action: "add", type: "task", description: "second" });
  assert.equal(first.data?.id, "aaaaaaaa");
  assert.equal(second.data?.id, "bbbbbbbb");
  assert.equal(brain.state.find("aaaaaaaa")?.entry.text, "first");
  assert.equal(brain.state.find("bbbbbbbb")?.entry.description, "second");
});
