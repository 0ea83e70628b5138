import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { FoldState, foldEntries } from "../../src/core/fold.ts";
import { Rec } from "../../src/core/rec.ts";
import { dedupText } from "../../src/core/text.ts";
import type { BaseEntry } from "../../src/core/types.ts";
import { ID_POOL, mixedEntriesArb, TEXT_POOL } from "../support/arbitraries.ts";
import { fc } from "../support/fc.ts";
import { fromFoldState, rhoFind, rhoFold, rhoLive } from "../support/rho-reference.ts";

const C = "2026-01-15T00:00:00.000Z";
const L = (id: string, text: string): BaseEntry => ({ id, type: "learning", text, created: C });
const kv = (type: string, id: string, key: string, value: string): BaseEntry => ({
  id,
  type,
  key,
  value,
  created: C,
});
const T = (targetId: string, targetType: string, id = `t-${targetId}`): BaseEntry => ({
  id,
  type: "tombstone",
  target_id: targetId,
  target_type: targetType,
  reason: "test",
  created: C,
});
const ids = (s: FoldState, type: Parameters<FoldState["list"]>[0]) => s.list(type).map((r) => r.id);

describe("fold: unit rules (seed 000 'Fold')", () => {
  test("a same-id entry replaces the earlier version in place (position kept)", () => {
    const s = foldEntries([L("a", "one"), L("b", "two"), L("a", "one v2")]);
    assert.deepEqual(ids(s, "learning"), ["a", "b"]);
    assert.equal(s.list("learning")[0]?.entry.text, "one v2");
    assert.equal(s.count("learning"), 2);
  });

  for (const type of ["identity", "user", "meta"]) {
    test(`${type} is keyed by key: later value wins, first insertion position kept`, () => {
      const s = foldEntries([
        kv(type, "id1", "name", "old"),
        kv(type, "id2", "role", "r"),
        kv(type, "id3", "name", "new"),
      ]);
      const live = s.list(type as "identity");
      assert.deepEqual(
        live.map((r) => [r.entry.key, r.entry.value, r.id]),
        [
          ["name", "new", "id3"],
          ["role", "r", "id2"],
        ],
      );
      assert.equal(s.findKeyed(type as "identity", "name")?.id, "id3");
    });
  }

  test("a tombstone removes its target and records the id as dead", () => {
    const s = foldEntries([L("a", "x"), L("b", "y"), T("a", "learning")]);
    assert.deepEqual(ids(s, "learning"), ["b"]);
    assert.ok(s.tombstoned.has("a"));
    assert.equal(s.find("a"), undefined);
  });

  test("re-adding a tombstoned id resurrects it, at the end of its collection", () => {
    const s = foldEntries([L("a", "x"), L("b", "y"), T("a", "learning"), L("a", "x again")]);
    assert.deepEqual(ids(s, "learning"), ["b", "a"]);
    assert.equal(s.find("a")?.entry.text, "x again");
    assert.equal(s.tombstoned.has("a"), false);
  });

  test("a tombstone of an unknown id does not throw and still records the id as dead", () => {
    const s = foldEntries([L("a", "x"), T("nope", "learning"), T("nope2", "no-such-type")]);
    assert.deepEqual(ids(s, "learning"), ["a"]);
    assert.deepEqual([...s.tombstoned].sort(), ["nope", "nope2"]);
  });

  test("a tombstone with the wrong target_type removes nothing but records the id (Rho quirk)", () => {
    const s = foldEntries([L("a", "x"), T("a", "task")]);
    assert.deepEqual(ids(s, "learning"), ["a"]);
    assert.ok(s.tombstoned.has("a"));
  });

  test("the same id in two types gives two live entries; a tombstone removes only its target_type", () => {
    const task: BaseEntry = { id: "x", type: "task", description: "d", created: C };
    const s = foldEntries([L("x", "learned"), task]);
    assert.deepEqual([ids(s, "learning"), ids(s, "task")], [["x"], ["x"]]);
    const s2 = foldEntries([L("x", "learned"), task, T("x", "learning")]);
    assert.deepEqual([ids(s2, "learning"), ids(s2, "task")], [[], ["x"]]);
    assert.equal(s2.find("x")?.type, "task");
  });

  test("keyed removal by id deletes only the FIRST key in map order holding that id", () => {
    const s = foldEntries([kv("identity", "same", "k1", "v1"), kv("identity", "same", "k2", "v2")]);
    assert.equal(s.find("same")?.entry.key, "k1");
    s.apply(Rec.fromEntry(T("same", "identity")));
    assert.deepEqual(
      s.list("identity").map((r) => r.entry.key),
      ["k2"],
    );
    s.apply(Rec.fromEntry(T("same", "identity", "t2")));
    assert.equal(s.count("identity"), 0);
  });

  test("keyed removal follows map order, not the order the id was last written", () => {
    // k1 first holds X, k2 holds X, then k1 is overwritten with Y (keeps its slot): X now lives only at k2.
    const s = foldEntries([
      kv("user", "X", "k1", "a"),
      kv("user", "X", "k2", "b"),
      kv("user", "Y", "k1", "c"),
      T("X", "user"),
    ]);
    assert.deepEqual(
      s.list("user").map((r) => [r.entry.key, r.id]),
      [["k1", "Y"]],
    );
  });

  test("unknown types are ignored by collections but still resurrect a tombstoned id (as Rho)", () => {
    const s = foldEntries([L("a", "x"), T("a", "learning"), { id: "a", type: "bogus", created: C }]);
    assert.equal(s.find("a"), undefined);
    assert.equal(s.tombstoned.has("a"), false);
    assert.equal(s.applied, 3);
  });

  test("a tombstone's own id never resurrects a dead id", () => {
    const s = foldEntries([L("a", "x"), T("a", "learning"), T("zz", "learning", "a")]);
    assert.ok(s.tombstoned.has("a"));
  });

  test("dedup index sees removals and upserts after it was built", () => {
    const s = foldEntries([L("a", "Uses pnpm")]);
    assert.ok(s.hasText("uses pnpm"));
    s.apply(Rec.fromEntry(L("a", "uses yarn")));
    assert.equal(s.hasText("uses pnpm"), false);
    assert.ok(s.hasText("uses yarn"));
    s.apply(Rec.fromEntry(T("a", "learning")));
    assert.equal(s.hasText("uses yarn"), false);
    assert.equal(s.hasText(""), false);
  });
});

describe("fold: properties", () => {
  test("PROPERTY: src fold equals the naive Rho reference fold for any entry sequence", () => {
    fc.assert(
      fc.property(mixedEntriesArb(60), (entries) => {
        const s = foldEntries(entries);
        const ref = rhoFold(entries);
        assert.deepEqual(fromFoldState(s), ref);
        for (const id of [...ID_POOL, "ts-a1"]) assert.deepEqual(s.find(id)?.entry, rhoFind(ref, id));
        assert.equal(s.applied, entries.length);
      }),
      { numRuns: 1000 },
    );
  });

  test("PROPERTY: hasText equals 'some live entry has this normalised text', however late the index is built", () => {
    fc.assert(
      fc.property(mixedEntriesArb(60), fc.nat(), (entries, cutSeed) => {
        const cut = entries.length === 0 ? 0 : cutSeed % (entries.length + 1);
        const s = new FoldState();
        entries.forEach((e, i) => {
          if (i === cut) s.hasText("warm up the index");
          s.apply(Rec.fromEntry(e));
        });
        const liveNorms = new Set(rhoLive(rhoFold(entries)).map((e) => dedupText(e)));
        for (const t of TEXT_POOL) {
          const norm = dedupText({ text: t });
          assert.equal(s.hasText(norm), norm !== "" && liveNorms.has(norm), `text ${JSON.stringify(t)}`);
        }
      }),
      { numRuns: 500 },
    );
  });

  test("PROPERTY: count(type) equals list(type).length and live() yields every listed record", () => {
    fc.assert(
      fc.property(mixedEntriesArb(40), (entries) => {
        const s = foldEntries(entries);
        const all = [...s.live()];
        let sum = 0;
        for (const t of ["behavior", "identity", "user", "learning", "preference", "context"] as const) {
          assert.equal(s.count(t), s.list(t).length);
          sum += s.count(t);
        }
        for (const t of ["task", "reminder", "meta"] as const) sum += s.count(t);
        assert.equal(all.length, sum);
        assert.equal(all.length, rhoLive(rhoFold(entries)).length);
      }),
      { numRuns: 500 },
    );
  });
});
