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
