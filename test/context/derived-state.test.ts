/**
 * A resident server builds every context from the same open fold: what depends on the fold alone is derived
 * once per state (FoldState.derived: the lists with their text, the ordered preferences, the learnings of a
 * directory and their score buckets, the heartbeat's pending tasks) and what depends on the clock is decided
 * per call (scoreBuckets' span, which tasks are overdue). Property: a state kept across contexts at several
 * clocks and directories, and across appends, answers exactly as a state folded afresh for each one.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { buildContext } from "../../src/context/build.ts";
import { FoldState, foldEntries } from "../../src/core/fold.ts";
import { Rec } from "../../src/core/rec.ts";
import type { BaseEntry } from "../../src/core/types.ts";
import { fc } from "../support/fc.ts";
import { brainSpecArb, materialise } from "./_arbitraries.ts";
import { NOW } from "./_fixtures.ts";

const CWD = "/nonexistent-brain-test/work/proj";
const HOUR = 3_600_000;

/** Every part of the result a caller sees (text, blocks, the explain trail). */
const answer = (state: FoldState, cwd: string, nowMs: number, budget: number, explain: boolean) => {
  const r = buildContext(state, { cwd, budget, explain }, { brainDir: null, now: new Date(nowMs) });
  return JSON.stringify(r);
};

/** Clocks from a day before the fixture's NOW to 20 weeks after it: scores move a step a week of age. */
const clockArb = fc.integer({ min: -24, max: 20 * 7 * 24 }).map((h) => NOW.getTime() + h * HOUR);

test("a fold kept across contexts, clocks, directories and appends answers as a fresh fold does", () => {
  fc.assert(
    fc.property(
      brainSpecArb(120),
      fc.nat(),
      fc.array(fc.tuple(clockArb, fc.constantFrom(CWD, `${CWD}/sub`, "/elsewhere")), {
        minLength: 1,
        maxLength: 6,
      }),
      fc.boolean(),
      (spec, cut, asks, explain) => {
        const entries: BaseEntry[] = materialise(spec.raws, CWD);
        const k = entries.length ? cut % (entries.length + 1) : 0;
        const kept = new FoldState();
        const check = (upTo: number) => {
          for (const [nowMs, cwd] of asks) {
            const fresh = foldEntries(entries.slice(0, upTo));
            assert.equal(
              answer(kept, cwd, nowMs, spec.budget, explain),
              answer(fresh, cwd, nowMs, spec.budget, explain),
              `at ${new Date(nowMs).toISOString()} in ${cwd} after ${upTo} entries`,
            );
          }
        };
        for (const e of entries.slice(0, k)) kept.apply(Rec.fromEntry(e));
        check(k);
        for (const e of entries.slice(k)) kept.apply(Rec.fromEntry(e));
        check(entries.length);
      },
    ),
    { numRuns: 60 },
  );
});

/**
 * Learnings as a resident server sees them arrive: mostly new ids (which the kept values take in without being
 * made again: core/derived-memo.ts `grow`), some updates of an id and tombstones (which make them afresh),
 * with ties on `created`, learnings without a valid `created`, pins, importance and project scopes.
 */
const learningOpArb = fc.record({
  kind: fc.constantFrom("new", "new", "new", "new", "update", "tombstone", "preference"),
  pick: fc.nat(),
  text: fc.constantFrom("uses pnpm", "deploy via staging", "", "  ", "tabs\tand\nlines", "émigré"),
  created: fc.constantFrom(
    "2026-01-01T00:00:00.000Z",
    "2026-01-01T00:00:00.000Z",
    "2026-01-10T12:00:00.000Z",
    "2025-12-01T00:00:00.000Z",
    "2026-01-01T00:00:00Z",
    "not a date",
    undefined,
  ),
  pinned: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
  importance: fc.constantFrom(undefined, undefined, "high", "low"),
  manual: fc.boolean(),
  pathK: fc.constantFrom(-1, 0, 1, 2, 3),
  read: fc.boolean(),
  clock: clockArb,
  cwd: fc.constantFrom(CWD, `${CWD}/sub`, "/elsewhere"),
});

test("PROPERTY: a kept fold that takes learnings of new ids into its derived values answers as a fresh fold after every append", () => {
  fc.assert(
    fc.property(fc.array(learningOpArb, { minLength: 1, maxLength: 40 }), fc.boolean(), (ops, explain) => {
      const entries: BaseEntry[] = [];
      const ids: string[] = [];
      const kept = new FoldState();
      ops.forEach((op, i) => {
        let e: BaseEntry;
        if (op.kind === "tombstone" && ids.length) {
          const target = ids[op.pick % ids.length] as string;
          e = {
            id: `t${i}`,
            type: "tombstone",
            target_id: target,
            target_type: "learning",
            reason: "r",
            created: "2026-01-02T00:00:00.000Z",
          };
        } else if (op.kind === "preference") {
          e = {
            id: `p${i}`,
            type: "preference",
            category: "Code",
            text: op.text || "p",
            created: "2026-01-02T00:00:00.000Z",
          };
        } else {
          const id = op.kind === "update" && ids.length ? (ids[op.pick % ids.length] as string) : `l${i}`;
          if (!ids.includes(id)) ids.push(id);
          // A learning without `created` (a hand-written line): the type says it has one, the log may not.
          e = { id, type: "learning", text: op.text } as unknown as BaseEntry;
          if (op.created !== undefined) e.created = op.created;
          if (op.pinned) e.pinned = true;
          if (op.importance) e.importance = op.importance;
          if (op.manual) e.source = "manual";
          if (op.pathK >= 0) {
            e.scope = "project";
            e.projectPath = [CWD, `${CWD}/sub`, "/elsewhere", ""][op.pathK] as string;
          }
        }
        entries.push(e);
        kept.apply(Rec.fromEntry(e));
        if (!op.read) return;
        const fresh = foldEntries(entries);
        for (const budget of [150, 4000])
          assert.equal(
            answer(kept, op.cwd, op.clock, budget, explain),
            answer(fresh, op.cwd, op.clock, budget, explain),
            `after ${entries.length} entries, in ${op.cwd}, budget ${budget}`,
          );
      });
    }),
    { numRuns: 150 },
  );
});
