/**
 * The EventStore contract: the same cases, run against every implementation by contract.test.ts.
 * An implementation provides a StoreHarness (how to make a fresh store and how to damage or replace its
 * log from outside); cases that need a capability the harness lacks (a second handle, other processes)
 * are skipped for it with the reason.
 */
import assert from "node:assert/strict";
import { describe, type TestContext, test } from "node:test";
import type { BadLine } from "../../src/core/health.ts";
import type { Rec } from "../../src/core/rec.ts";
import { type EventStore, START } from "../../src/store/event-store.ts";
import type { Position, ScanSink } from "../../src/store/scan.ts";

export interface StoreHarness {
  name: string;
  /** A fresh, empty store, cleaned up after the test. */
  create(t: TestContext): EventStore;
  /** Bytes at the end of the log, bypassing framing (a torn or hand-written line). */
  writeRaw(store: EventStore, text: string): void;
  /** Replace the whole log with `text` (what a compaction or a restore does). */
  replace(store: EventStore, text: string): void;
  /** Another handle on the same log, as another process would have; absent when there is only one. */
  reopen?(store: EventStore): EventStore;
  /** Run `procs` processes that each append `each` lines (ids w<p>-<k>) through their own store handle. */
  appendFromProcesses?(t: TestContext, store: EventStore, procs: number, each: number): Promise<void>;
}

function collector() {
  const out = { ids: [] as string[], bad: [] as BadLine[], unknown: [] as { line: number; type: string }[] };
  const sink: ScanSink = {
    rec: (r: Rec) => out.ids.push(r.id),
    bad: (b: BadLine) => out.bad.push(b),
    unknownType: (line: number, type: string) => out.unknown.push({ line, type }),
    warning: () => {},
  };
  return { out, sink };
}

function scan(store: EventStore, from: Position = START) {
  const { out, sink } = collector();
  return { ...store.scan(from, sink), ...out };
}

const line = (id: string, type = "learning") =>
  JSON.stringify({ type, id, text: `text of ${id}`, created: "2026-01-01T00:00:00.000Z" });

function append(store: EventStore, ids: string[]) {
  return store.withLock(() => store.append(ids.map((id) => line(id))), "test");
}

export function storeContract(h: StoreHarness): void {
  describe(`EventStore contract: ${h.name}`, () => {
    test("an empty store scans to nothing", (t) => {
      const s = h.create(t);
      assert.equal(s.size(), 0);
      const r = scan(s);
      assert.deepEqual(r.ids, []);
      assert.equal(r.tornTail, null);
      assert.equal(s.identity().size, 0);
    });

    test("append, then read from the start and from a cursor", (t) => {
      const s = h.create(t);
      append(s, ["a", "b"]);
      const first = scan(s);
      assert.deepEqual(first.ids, ["a", "b"]);
      assert.equal(first.end.offset, s.size());
      append(s, ["c"]);
      assert.deepEqual(scan(s, first.end).ids, ["c"], "from the cursor: only what was appended since");
      assert.deepEqual(scan(s).ids, ["a", "b", "c"]);
    });

    test("append outside withLock throws; the lock is reentrant and released after a throw", (t) => {
      const s = h.create(t);
      assert.throws(() => s.append([line("x")]), /outside the lock/);
      assert.throws(
        () =>
          s.withLock(() => {
            throw new Error("boom");
          }, "test"),
        /boom/,
      );
      s.withLock(() => s.withLock(() => s.append([line("nested")]), "inner"), "outer");
      assert.deepEqual(scan(s).ids, ["nested"]);
      assert.throws(() => s.append([line("after")]), /outside the lock/, "released after the body");
    });

    test("a body that returns a promise is refused (the lock cannot cover it)", async (t) => {
      const s = h.create(t);
      let later: Promise<unknown> = Promise.resolve();
      assert.throws(
        () =>
          s.withLock(() => {
            later = Promise.resolve().then(() => s.append([line("late")]));
            return later;
          }, "test"),
        /synchronous/,
      );
      await assert.rejects(
        later,
        /outside the lock/,
        "an append after the body returned is not under the lock",
      );
      assert.deepEqual(scan(s).ids, []);
    });

    test("identity: size follows appends, generation changes only when the log is replaced", (t) => {
      const s = h.create(t);
      append(s, ["a"]);
      const g1 = s.identity();
      append(s, ["b"]);
      const g2 = s.identity();
      assert.equal(g2.generation, g1.generation);
      assert.equal(g2.size, s.size());
      assert.ok(g2.size > g1.size);
      h.replace(s, `${line("z")}\n`);
      assert.notEqual(s.identity().generation, g1.generation, "a replaced log is a new generation");
      assert.deepEqual(scan(s).ids, ["z"]);
    });

    test("health: bad lines and unknown types are reported by line, never thrown; the rest loads", (t) => {
      const s = h.create(t);
      append(s, ["a"]);
      h.writeRaw(s, 'not json\n{"type":"from-the-future","id":"f1"}\n[1,2]\n');
      append(s, ["b"]);
      const r = scan(s);
      assert.deepEqual(r.ids, ["a", "b"]);
      assert.deepEqual(
        r.bad.map((b) => b.line),
        [2, 4],
      );
      assert.deepEqual(r.unknown, [{ line: 3, type: "from-the-future" }]);
    });

    test("a torn tail is reported, and the next append starts on its own line", (t) => {
      const s = h.create(t);
      append(s, ["a"]);
      h.writeRaw(s, '{"type":"learning","id":"torn","te');
      const r = scan(s);
      assert.deepEqual(r.ids, ["a"]);
      assert.equal(r.tornTail?.line, 2);
      const res = s.withLock(() => s.append([line("b")]), "test");
      assert.equal(res.terminatedTorn, true);
      const after = scan(s);
      assert.deepEqual(after.ids, ["a", "b"]);
      assert.deepEqual(
        after.bad.map((b) => b.line),
        [2],
        "the torn line became a reported bad line",
      );
      assert.equal(after.tornTail, null);
    });

    test("createIfMissing creates once and never clobbers", (t) => {
      const s = h.create(t);
      assert.equal(s.createIfMissing([line("seed")]), true);
      assert.equal(s.createIfMissing([line("other")]), false);
      assert.deepEqual(scan(s).ids, ["seed"]);
    });

    test("locking excludes another handle on the same log", (t) => {
      if (!h.reopen) return t.skip(`${h.name} has a single handle: exclusion is its synchronous body`);
      const s = h.create(t);
      const other = h.reopen(s);
      const saved = process.env.BRAIN_LOCK_TIMEOUT_MS;
      process.env.BRAIN_LOCK_TIMEOUT_MS = "200";
      try {
        s.withLock(() => {
          assert.throws(() => other.withLock(() => other.append([line("intruder")]), "test"), /LOCK/);
          s.append([line("holder")]);
        }, "test");
      } finally {
        if (saved === undefined) delete process.env.BRAIN_LOCK_TIMEOUT_MS;
        else process.env.BRAIN_LOCK_TIMEOUT_MS = saved;
      }
      other.withLock(() => other.append([line("after")]), "test");
      assert.deepEqual(scan(s).ids, ["holder", "after"]);
    });

    test("concurrent appends from several processes: every line once, whole, none lost", async (t) => {
      if (!h.appendFromProcesses) return t.skip(`${h.name} lives in one process`);
      const s = h.create(t);
      const PROCS = 4;
      const EACH = 100;
      await h.appendFromProcesses(t, s, PROCS, EACH);
      const r = scan(s);
      assert.deepEqual(r.bad, []);
      assert.equal(r.tornTail, null);
      assert.equal(r.ids.length, PROCS * EACH);
      assert.equal(new Set(r.ids).size, PROCS * EACH);
      for (let p = 0; p < PROCS; p++) {
        const mine = r.ids.filter((id) => id.startsWith(`w${p}-`));
        assert.deepEqual(
          mine,
          Array.from({ length: EACH }, (_, k) => `w${p}-${k}`),
          "each process's order kept",
        );
      }
    });

    test("purge removes exactly the picked lines; every other line, bad lines included, stays byte for byte", (t) => {
      const s = h.create(t);
      append(s, ["keep1", "gone1", "keep2"]);
      h.writeRaw(s, "this is not json\n");
      append(s, ["gone2", "keep3"]);
      const before = s.identity();
      const r = s.purge((v) => String(v.id).startsWith("gone"), "test purge");
      assert.equal(r.removed, 2);
      const after = scan(s);
      assert.deepEqual(after.ids, ["keep1", "keep2", "keep3"]);
      assert.equal(after.bad.length, 1, "the bad line is kept (and still reported)");
      assert.notEqual(s.identity().generation, before.generation, "a purge is a new generation of the log");
      assert.equal(s.purge((v) => String(v.id).startsWith("gone"), "again").removed, 0, "idempotent");
      append(s, ["keep4"]);
      assert.deepEqual(scan(s).ids, ["keep1", "keep2", "keep3", "keep4"], "appends go on after a purge");
    });
  });
}
