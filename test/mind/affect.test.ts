/**
 * Seed 001's affect rules (src/mind/affect.ts), as properties over any sequence of ticks: every value stays
 * in [0, 1]; without outcomes emotions decay toward 0 (each tick at most 0.9× the last) and hormones relax
 * toward 0.5; success raises joy and dopamine, failure frustration and cortisol, novelty interest and
 * dopamine, a repeated failure confusion — each compared with a neutral tick from the same state.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  type Affect,
  defaultAffect,
  EMOTION_DECAY,
  EMOTIONS,
  HORMONE_BASELINE,
  HORMONES,
  setAffect,
  step,
  type TickOutcome,
} from "../../src/mind/affect.ts";
import { fc } from "../support/fc.ts";

const unit = fc.double({ min: 0, max: 1, noNaN: true });
const affectArb: fc.Arbitrary<Affect> = fc
  .record({
    emotions: fc.record({ joy: unit, frustration: unit, interest: unit, confusion: unit }),
    hormones: fc.record({ dopamine: unit, cortisol: unit, serotonin: unit }),
  })
  .map((a) => setAffect(defaultAffect(), a));
const outcomeArb: fc.Arbitrary<TickOutcome> = fc.record({
  outcome: fc.constantFrom("success", "failure", "neutral"),
  novel: fc.boolean(),
  repeated: fc.boolean(),
});
const values = (a: Affect) => [...Object.values(a.emotions), ...Object.values(a.hormones)];

describe("affect rules", () => {
  it("keeps every emotion and hormone in [0, 1] over any sequence of ticks", () => {
    fc.assert(
      fc.property(affectArb, fc.array(outcomeArb, { maxLength: 60 }), (a0, ticks) => {
        let a = a0;
        for (const o of ticks) {
          a = step(a, o);
          for (const v of values(a)) assert.ok(v >= 0 && v <= 1, `${v} out of [0, 1]`);
        }
      }),
    );
  });

  it("decays emotions toward 0 on every tick without an outcome (at most 0.9× the last, to 4 decimals)", () => {
    fc.assert(
      fc.property(affectArb, fc.integer({ min: 1, max: 40 }), (a0, n) => {
        let a = a0;
        for (let i = 0; i < n; i++) {
          const next = step(a, { outcome: "neutral" });
          for (const e of EMOTIONS) assert.ok(next.emotions[e] <= a.emotions[e] * (1 - EMOTION_DECAY) + 5e-5);
          a = next;
        }
        for (const e of EMOTIONS) assert.ok(a.emotions[e] <= a0.emotions[e] * 0.9 ** n + 1e-4);
      }),
    );
  });

  it("relaxes hormones toward their baseline without an outcome, never past it", () => {
    fc.assert(
      fc.property(affectArb, (a0) => {
        const a = step(a0, { outcome: "neutral" });
        for (const h of HORMONES) {
          const before = Math.abs(a0.hormones[h] - HORMONE_BASELINE);
          const after = Math.abs(a.hormones[h] - HORMONE_BASELINE);
          assert.ok(after <= before + 5e-5, `${h}: ${a0.hormones[h]} → ${a.hormones[h]}`);
          assert.ok(
            Math.sign(a.hormones[h] - HORMONE_BASELINE) * Math.sign(a0.hormones[h] - HORMONE_BASELINE) >= 0,
          );
        }
      }),
    );
  });

  it("raises joy and dopamine on success, frustration and cortisol on failure, against a neutral tick", () => {
    const mid = setAffect(defaultAffect(), {
      emotions: { joy: 0.3, frustration: 0.3, interest: 0.3, confusion: 0.3 },
    });
    fc.assert(
      fc.property(affectArb, (a0) => {
        const neutral = step(a0, { outcome: "neutral" });
        const ok = step(a0, { outcome: "success" });
        const bad = step(a0, { outcome: "failure" });
        assert.ok(
          ok.emotions.joy >= neutral.emotions.joy && ok.hormones.dopamine >= neutral.hormones.dopamine,
        );
        assert.ok(ok.hormones.cortisol <= neutral.hormones.cortisol);
        assert.ok(bad.emotions.frustration >= neutral.emotions.frustration);
        assert.ok(
          bad.hormones.cortisol >= neutral.hormones.cortisol &&
            bad.hormones.dopamine <= neutral.hormones.dopamine,
        );
      }),
    );
    // Away from the bounds the rises are strict.
    assert.ok(
      step(mid, { outcome: "success" }).emotions.joy > step(mid, { outcome: "neutral" }).emotions.joy,
    );
    assert.ok(
      step(mid, { outcome: "failure" }).hormones.cortisol >
        step(mid, { outcome: "neutral" }).hormones.cortisol,
    );
  });

  it("raises interest and dopamine on novelty, and confusion more when a failure repeats", () => {
    const a0 = defaultAffect();
    const plain = step(a0, { outcome: "neutral" });
    const novel = step(a0, { outcome: "neutral", novel: true });
    assert.ok(novel.emotions.interest > plain.emotions.interest);
    assert.ok(novel.hormones.dopamine > plain.hormones.dopamine);
    const first = step(a0, { outcome: "failure" });
    const again = step(a0, { outcome: "failure", repeated: true });
    assert.ok(again.emotions.confusion > first.emotions.confusion);
  });

  it("comes to rest: after enough quiet ticks every emotion is 0 and every hormone exactly at its baseline", () => {
    fc.assert(
      fc.property(affectArb, (a0) => {
        let a = a0;
        for (let i = 0; i < 400; i++) a = step(a, { outcome: "neutral" });
        assert.deepEqual(Object.values(a.emotions), [0, 0, 0, 0]);
        assert.deepEqual(Object.values(a.hormones), [HORMONE_BASELINE, HORMONE_BASELINE, HORMONE_BASELINE]);
      }),
    );
  });

  it("starts calm: emotions 0, hormones at their baseline", () => {
    const a = defaultAffect();
    assert.deepEqual(Object.values(a.emotions), [0, 0, 0, 0]);
    assert.deepEqual(Object.values(a.hormones), [0.5, 0.5, 0.5]);
  });
});
