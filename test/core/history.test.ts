import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { type FoldState, foldEntries } from "../../src/core/fold.ts";
import { describeEvents, diffStates, entriesOf, type HistoryDiff, stateAt } from "../../src/core/history.ts";
import { Rec } from "../../src/core/rec.ts";
import { type BaseEntry, isEntryType } from "../../src/core/types.ts";
import { mixedEntriesArb } from "../support/arbitraries.ts";
import { fc } from "../support/fc.ts";

const C = "2026-01-15T00:00:00.000Z";
const recsOf = (es: BaseEntry[]) =>
  es.filter((e) => isEntryType(e.type)).map((e, i) => Rec.fromEntry(e, i + 1));

/** A fold as a set of places (type + id, or type + key for keyed types) → entry text: order-insensitive. */
function places(entries: BaseEntry[]): Map<string, string> {
  const m = new Map<string, string>();
  for (const e of entries) {
    const keyed = e.type === "identity" || e.type === "user" || e.type === "meta";
    m.set(`${e.type}|${keyed ? `k:${JSON.stringify(e.key ?? null)}` : `i:${e.id}`}`, JSON.stringify(e));
  }
  return m;
}

function applyDiff(state: FoldState, d: HistoryDiff): Map<string, string> {
  const m = places(entriesOf(state));
  for (const k of places(d.removed).keys()) m.delete(k);
  for (const [k, v] of places(d.added)) m.set(k, v);
  for (const [k, v] of places(d.changed.map((c) => c.after))) m.set(k, v);
  return m;
}

describe("history: the brain at any point of its log", () => {
  test("state at N equals folding the first N events", () => {
    fc.assert(
      fc.property(mixedEntriesArb(30), fc.nat(40), (es, at) => {
        const recs = recsOf(es);
        const n = Math.min(at, recs.length);
        const direct = foldEntries(es.filter((e) => isEntryType(e.type)).slice(0, n));
        assert.deepEqual(entriesOf(stateAt(recs, at)), entriesOf(direct));
      }),
    );
  });

  test("diff(a, b) applied to state(a) gives state(b)", () => {
    fc.assert(
      fc.property(mixedEntriesArb(30), fc.nat(40), fc.nat(40), (es, a, b) => {
        const recs = recsOf(es);
        const sa = stateAt(recs, a);
        const sb = stateAt(recs, b);
        const d = diffStates(sa, sb);
        assert.deepEqual(applyDiff(sa, d), places(entriesOf(sb)));
        // Nothing is reported twice: an entry is added, removed or changed, never two of them.
        const ids = new Set([...places(d.added).keys(), ...places(d.removed).keys()]);
        assert.equal(ids.size, d.added.length + d.removed.length);
      }),
    );
  });

  test("events say add, update and remove, judged against the fold before them", () => {
    const recs = recsOf([
      { id: "a", type: "learning", text: "one", created: C },
      { id: "a", type: "learning", text: "two", created: C },
      { id: "t1", type: "tombstone", target_id: "a", target_type: "learning", created: C },
      { id: "a", type: "learning", text: "back", created: C },
      { id: "u1", type: "user", key: "name", value: "x", created: C },
      { id: "u2", type: "user", key: "name", value: "y", created: C },
    ]);
    const ev = describeEvents(recs);
    assert.deepEqual(
      ev.map((e) => [e.n, e.op, e.type, e.id]),
      [
        [1, "add", "learning", "a"],
        [2, "update", "learning", "a"],
        [3, "remove", "learning", "a"],
        [4, "add", "learning", "a"],
        [5, "add", "user", "u1"],
        [6, "update", "user", "u2"],
      ],
    );
    assert.equal(ev[0]?.ts, C);
    assert.deepEqual(
      describeEvents(recs, 2).map((e) => e.n),
      [1, 2],
    );
    const d = diffStates(stateAt(recs, 2), stateAt(recs, 6));
    assert.deepEqual(
      d.changed.map((c) => [c.id, c.before.text, c.after.text]),
      [["a", "two", "back"]],
    );
    assert.deepEqual(
      d.added.map((e) => e.id),
      ["u2"],
    );
    assert.deepEqual(diffStates(stateAt(recs, 1), stateAt(recs, 3)).removed[0]?.text, "one");
  });
});
