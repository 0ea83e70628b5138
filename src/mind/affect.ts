/**
 * Affect (seed 001): four emotions decayed every tick and three hormones updated from outcomes. Pure: the
 * facet computes a tick's new values with `step` and stores them in the tick's record, so the log holds
 * every value the agent had (the viewer's "affect over time") and a change of these rules never rewrites
 * the past.
 *
 * The rules, applied in this order on every tick:
 *
 *  1. Decay. Every emotion moves toward 0: e ← e × (1 − EMOTION_DECAY)  (0.1: half-life ≈ 6.6 ticks).
 *     Every hormone relaxes toward its baseline 0.5: h ← h + (0.5 − h) × HORMONE_RELAX  (0.05).
 *     Both round toward where they go (4 decimals), so a quiet mind comes to rest exactly.
 *  2. Outcome (the deltas in OUTCOME_RULES, added after the decay):
 *       success  joy +0.2, frustration −0.1;           dopamine +0.15, serotonin +0.05, cortisol −0.05
 *       failure  frustration +0.25, confusion +0.1;    cortisol +0.2, dopamine −0.1, serotonin −0.05
 *                (the same error as the last one: confusion +0.15 more — going round in circles)
 *       neutral  nothing
 *  3. Novelty (the tick explored something new, whatever the outcome): interest +0.25; dopamine +0.1.
 *  4. Every value is clamped to [0, 1] and rounded to 4 decimals.
 */
export const EMOTIONS = ["joy", "frustration", "interest", "confusion"] as const;
export const HORMONES = ["dopamine", "cortisol", "serotonin"] as const;
export type Emotion = (typeof EMOTIONS)[number];
export type Hormone = (typeof HORMONES)[number];
export type Emotions = Record<Emotion, number>;
export type Hormones = Record<Hormone, number>;

export const EMOTION_DECAY = 0.1;
export const HORMONE_RELAX = 0.05;
export const HORMONE_BASELINE = 0.5;

type Deltas = { emotions: Partial<Emotions>; hormones: Partial<Hormones> };

export const OUTCOME_RULES: Record<"success" | "failure" | "neutral", Deltas> = {
  success: {
    emotions: { joy: 0.2, frustration: -0.1 },
    hormones: { dopamine: 0.15, serotonin: 0.05, cortisol: -0.05 },
  },
  failure: {
    emotions: { frustration: 0.25, confusion: 0.1 },
    hormones: { cortisol: 0.2, dopamine: -0.1, serotonin: -0.05 },
  },
  neutral: { emotions: {}, hormones: {} },
};
export const REPEATED_FAILURE: Deltas = { emotions: { confusion: 0.15 }, hormones: {} };
export const NOVELTY: Deltas = { emotions: { interest: 0.25 }, hormones: { dopamine: 0.1 } };

export interface Affect {
  emotions: Emotions;
  hormones: Hormones;
}

export function defaultAffect(): Affect {
  return {
    emotions: { joy: 0, frustration: 0, interest: 0, confusion: 0 },
    hormones: { dopamine: HORMONE_BASELINE, cortisol: HORMONE_BASELINE, serotonin: HORMONE_BASELINE },
  };
}

const unit = (x: number) => Math.round(Math.min(1, Math.max(0, x)) * 10_000) / 10_000;
/**
 * `x` moved toward `target`, rounded to 4 decimals toward the target: rounding to the nearest would leave a
 * small value stuck (0.0003 × 0.9 = 0.00027 rounds back to 0.0003) and the mind would never come to rest.
 */
function toward(x: number, target: number, rate: number): number {
  const moved = (x + (target - x) * rate) * 10_000;
  return (x > target ? Math.floor(moved + 1e-9) : Math.ceil(moved - 1e-9)) / 10_000;
}

function add<K extends string>(values: Record<K, number>, deltas: Partial<Record<K, number>>): void {
  for (const [k, d] of Object.entries(deltas) as [K, number][]) values[k] += d;
}

export interface TickOutcome {
  outcome: "success" | "failure" | "neutral";
  /** The tick explored something it had not seen. */
  novel?: boolean;
  /** The failure repeats the last error word for word. */
  repeated?: boolean;
}

/** The affect after one tick (the rules above). */
export function step(prev: Affect, o: TickOutcome): Affect {
  const emotions = { ...prev.emotions };
  const hormones = { ...prev.hormones };
  for (const e of EMOTIONS) emotions[e] = toward(emotions[e], 0, EMOTION_DECAY);
  for (const h of HORMONES) hormones[h] = toward(hormones[h], HORMONE_BASELINE, HORMONE_RELAX);
  const rules = [OUTCOME_RULES[o.outcome]];
  if (o.outcome === "failure" && o.repeated) rules.push(REPEATED_FAILURE);
  if (o.novel) rules.push(NOVELTY);
  for (const r of rules) {
    add(emotions, r.emotions);
    add(hormones, r.hormones);
  }
  for (const e of EMOTIONS) emotions[e] = unit(emotions[e]);
  for (const h of HORMONES) hormones[h] = unit(hormones[h]);
  return { emotions, hormones };
}

/** `prev` with some values set (reflection, an imported memory); each clamped to [0, 1]. */
export function setAffect(
  prev: Affect,
  set: { emotions?: Partial<Record<string, number>>; hormones?: Partial<Record<string, number>> },
): Affect {
  const emotions = { ...prev.emotions };
  const hormones = { ...prev.hormones };
  for (const e of EMOTIONS) if (typeof set.emotions?.[e] === "number") emotions[e] = unit(set.emotions[e]);
  for (const h of HORMONES) if (typeof set.hormones?.[h] === "number") hormones[h] = unit(set.hormones[h]);
  return { emotions, hormones };
}

/** "joy 0.40 · frustration 0.10 · …" */
export function affectLine(values: Record<string, number>): string {
  return Object.entries(values)
    .map(([k, v]) => `${k} ${v.toFixed(2)}`)
    .join(" · ");
}
