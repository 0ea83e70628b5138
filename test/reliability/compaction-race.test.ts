/**
 * Concurrency × compaction and crash × compaction, with real processes: writers keep adding while another
 * process compacts over and over (and long-lived readers save their snapshots and indexes), then
 * compactions are SIGKILLed at random moments. Every acknowledged add must be live afterwards.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { Brain } from "../../src/engine/brain.ts";
import { type Child, cli, prng, reap, show, startChild, tempDir } from "./support/harness.ts";

const ENV = { BRAIN_LOCK_TIMEOUT_MS: "120000" };

test("writers racing repeated compactions: every acknowledged add is live, no bad line", async (t) => {
  const dir = tempDir(t);
  const path = join(dir, "brain.jsonl");
  const children: Child[] = [];
  reap(t, children);
  const WRITERS = 3;
  const EACH = 60;
  for (let w = 0; w < WRITERS; w++) children.push(startChild("adder", [path, String(w), String(EACH)], ENV));
  children.push(startChild("compactor", [path, "12"], ENV));
  await Promise.all(children.map((c) => c.waitFor(/^ready$/)));
  for (const c of children) c.child.stdin?.write("go\n");
  for (const c of children) {
    const end = await c.done;
    assert.equal(end.code, 0, c.stderr());
  }
  const acked = children.flatMap((c) => c.lines.filter((l) => l.startsWith("ack ")).map((l) => l.slice(4)));
  assert.equal(acked.length, WRITERS * EACH);
  for (const snapshot of [false, true]) {
    const b = Brain.open({ path, seedDefault: false, snapshot });
    const live = new Set(b.state.list("learning").map((r) => r.id));
    const lost = acked.filter((id) => !live.has(id));
    assert.deepEqual(
      lost,
      [],
      `${lost.length} of ${acked.length} acknowledged adds lost (snapshot ${snapshot})`,
    );
    assert.equal(b.health().badLineCount, 0);
  }
  const s = await cli(["--brain", path, "--json", "search", "worker 2 learning 59"]);
  assert.match(s.stdout, /worker 2 learning 59/, show(s));
});

test("compactions SIGKILLed at random moments: the log stays whole, repair removes the leftovers", async (t) => {
  const dir = tempDir(t);
  const path = join(dir, "brain.jsonl");
  const seed = Date.now() % 100_000;
  const rnd = prng(seed);
  const b = Brain.open({ path, seedDefault: false, snapshot: false });
  const ids: string[] = [];
  for (let i = 0; i < 300; i++)
    ids.push(
      (await b.act({ action: "add", type: "learning", text: `kept ${i} ${"z".repeat(300)}` })).data
        ?.id as string,
    );
  const children: Child[] = [];
  reap(t, children);
  for (let trial = 0; trial < 8; trial++) {
    const c = startChild("compactor", [path, "50"]);
    children.push(c);
    await c.waitFor(/^ready$/);
    c.child.stdin?.write("go\n");
    await new Promise((r) => setTimeout(r, Math.floor(rnd() * 150)));
    c.child.kill("SIGKILL");
    await c.done;
    const after = Brain.open({ path, seedDefault: false, snapshot: false });
    const live = new Set(after.state.list("learning").map((r) => r.id));
    assert.deepEqual(
      ids.filter((id) => !live.has(id)),
      [],
      `seed ${seed}, trial ${trial}: entries lost`,
    );
    assert.equal(after.health().badLineCount, 0, `seed ${seed}, trial ${trial}`);
  }
  const r = await cli(["--brain", path, "doctor", "--repair"]);
  assert.ok(r.code === 0 || r.code === 1, show(r));
  assert.deepEqual(
    fs.readdirSync(dir).filter((f) => /\.tmp-|\.compact-|\.lock/.test(f)),
    [],
    "no temp file or lock left after repair",
  );
});
