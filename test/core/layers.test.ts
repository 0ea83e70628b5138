/**
 * The layering rule of a project's brain over the personal one (core/layers.ts): for the same keyed entry
 * (identity / user / meta by key) or the same id of a type the project's wins; every other live entry of
 * either brain is in the view (a union: nothing lost, nothing invented). And where a `brain` call writes.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { typesWhere } from "../../src/core/entry-types.ts";
import { type FoldState, foldEntries } from "../../src/core/fold.ts";
import { layerStates, PERSONAL_TYPES, writeLayer } from "../../src/core/layers.ts";
import type { Rec } from "../../src/core/rec.ts";
import { LIVE_TYPES } from "../../src/core/types.ts";
import { ID_POOL, mixedEntriesArb } from "../support/arbitraries.ts";
import { fc } from "../support/fc.ts";

/** The types the fold keeps by key (the entry table says which). */
const KEYED: ReadonlySet<string> = new Set(typesWhere((d) => d.fold === "byKey"));

/** A live entry's slot: its type and key for a keyed type, its type and id otherwise. */
const slot = (r: Rec) => `${r.type}\u0000${KEYED.has(r.type) ? JSON.stringify(r.entry.key) : r.id}`;

function slots(s: FoldState): Map<string, Rec> {
  const m = new Map<string, Rec>();
  for (const r of s.live()) m.set(slot(r), r);
  return m;
}

test("layered view: the project's entry wins its slot, every other entry of either is kept (property)", () => {
  fc.assert(
    fc.property(mixedEntriesArb(30), mixedEntriesArb(30), (p, q) => {
      const personal = foldEntries(p);
      const project = foldEntries(q);
      const merged = layerStates(personal, project);
      const want = new Map([...slots(personal), ...slots(project)]);
      const got = slots(merged);
      assert.equal(got.size, want.size, "an entry was lost or invented");
      for (const [k, rec] of want) assert.equal(got.get(k), rec, `slot ${k}: not the winning layer's entry`);
      for (const t of LIVE_TYPES) assert.equal(merged.count(t), merged.list(t).length);
      // The layers themselves are untouched.
      assert.equal(slots(personal).size, slots(foldEntries(p)).size);
    }),
  );
});

test("over an empty layer the view is the other layer, in its order", () => {
  fc.assert(
    fc.property(mixedEntriesArb(30), (e) => {
      const s = foldEntries(e);
      const ids = (x: FoldState) => [...x.live()].map((r) => r.id);
      assert.deepEqual(ids(layerStates(s, foldEntries([]))), ids(s));
      assert.deepEqual(ids(layerStates(foldEntries([]), s)), ids(s));
    }),
  );
});

test("writes: a new personal type (or a learning said to hold everywhere) goes to the personal brain; a change to the brain holding it", () => {
  fc.assert(
    fc.property(
      mixedEntriesArb(30),
      mixedEntriesArb(30),
      fc.constantFrom(...LIVE_TYPES),
      fc.constantFrom(undefined, "project", "global", "personal"),
      fc.constantFrom(...ID_POOL),
      (p, q, type, scope, id) => {
        const personal = foldEntries(p);
        const project = foldEntries(q);
        const add = writeLayer({ action: "add", type, ...(scope ? { scope } : {}) }, project, personal);
        const everywhere = scope === "global" || scope === "personal";
        const mine = type === "learning" ? everywhere : PERSONAL_TYPES.has(type) && scope !== "project";
        assert.equal(add, mine ? "personal" : "project");
        const change = writeLayer({ action: "update", id }, project, personal);
        const where = project.find(id) ? "project" : personal.find(id) ? "personal" : "project";
        assert.equal(change, where);
      },
    ),
  );
});
