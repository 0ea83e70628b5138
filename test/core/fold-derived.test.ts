/**
 * Values derived from the fold (FoldState.derived) that say which types they read are kept across an entry of
 * another type and dropped by one of theirs: a resident server answers a context after another process added a
 * learning without ordering every preference and task again. Checked against a state folded afresh.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { liveWithText } from "../../src/core/entry-text.ts";
import { FoldState } from "../../src/core/fold.ts";
import { dueReminders, pendingTasks } from "../../src/core/heartbeat.ts";
import { Rec } from "../../src/core/rec.ts";
import { LIVE_TYPES } from "../../src/core/types.ts";
import { mixedEntriesArb } from "../support/arbitraries.ts";
import { fc } from "../support/fc.ts";

const NOW = new Date("2026-01-20T00:00:00.000Z");

/** Everything the derived values hold, as plain data. */
function observe(s: FoldState) {
  return {
    withText: LIVE_TYPES.map((t) => liveWithText(s, t).map((r) => [r.type, r.id, JSON.stringify(r.entry)])),
    reminders: dueReminders(s, NOW),
    tasks: [...pendingTasks(s, NOW)],
  };
}

test("PROPERTY: derived values read after any apply equal those of a state folded afresh", () => {
  fc.assert(
    fc.property(
      mixedEntriesArb(40),
      fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
      (entries, reads) => {
        const s = new FoldState();
        entries.forEach((e, i) => {
          s.apply(Rec.fromEntry(e));
          if (!reads[i]) return;
          const fresh = new FoldState();
          for (const f of entries.slice(0, i + 1)) fresh.apply(Rec.fromEntry(f));
          assert.deepEqual(observe(s), observe(fresh));
        });
      },
    ),
    { numRuns: 200 },
  );
});

test("an entry of another type keeps a derived value; one of its type drops it", () => {
  const s = new FoldState();
  let made = 0;
  const read = () => s.derived("probe", () => ++made, ["preference"]);
  read();
  s.apply(Rec.fromEntry({ id: "l1", type: "learning", text: "a", created: "2026-01-01T00:00:00.000Z" }));
  read();
  assert.equal(made, 1, "a learning kept the preferences' value");
  s.apply(
    Rec.fromEntry({
      id: "t1",
      type: "tombstone",
      target_id: "l1",
      target_type: "learning",
      reason: "r",
      created: "2026-01-01T00:00:00.000Z",
    }),
  );
  read();
  assert.equal(made, 1, "a tombstone of a learning kept it");
  s.apply(Rec.fromEntry({ id: "p1", type: "preference", text: "b", created: "2026-01-01T00:00:00.000Z" }));
  read();
  assert.equal(made, 2, "a preference dropped it");
  s.apply(
    Rec.fromEntry({
      id: "t2",
      type: "tombstone",
      target_id: "p1",
      target_type: "preference",
      reason: "r",
      created: "2026-01-01T00:00:00.000Z",
    }),
  );
  read();
  assert.equal(made, 3, "a tombstone of a preference dropped it");
});
