/**
 * EMA-Gaussian surprise (seed 003, SELECTION "EMA-Gaussian mode"): a running mean and variance per scalar
 * feature (promptLen, responseLen, totalLen, lexicalDiversity, hourOfDay, dayOfWeek), z-scores clamped to
 * [0, 5] and scaled to [0, 1]. The first samples use the exact running mean (rate 1/n) until the EMA rate
 * takes over, so the start does not depend on an arbitrary initial value.
 */
export const FEATURES = [
  "promptLen",
  "responseLen",
  "totalLen",
  "lexicalDiversity",
  "hourOfDay",
  "dayOfWeek",
] as const;

export interface GaussState {
  n: number;
  mean: number[];
  variance: number[];
}

export const Z_MAX = 5;

export function emptyGauss(): GaussState {
  return { n: 0, mean: FEATURES.map(() => 0), variance: FEATURES.map(() => 0) };
}

/** z-score of x, clamped to [0, Z_MAX] (a value not above the mean is no surprise). */
export function clampedZ(x: number, mean: number, variance: number): number {
  const sd = Math.sqrt(variance);
  if (sd < 1e-9) return Math.abs(x - mean) < 1e-9 ? 0 : Z_MAX;
  return Math.min(Z_MAX, Math.max(0, (x - mean) / sd));
}

/** Mean clamped z over the features, scaled to [0, 1]; 0 until two samples give a variance. */
export function gaussScore(g: GaussState, x: readonly number[]): number {
  if (g.n < 2) return 0;
  let sum = 0;
  for (let i = 0; i < FEATURES.length; i++) sum += clampedZ(x[i] ?? 0, g.mean[i] ?? 0, g.variance[i] ?? 0);
  return sum / (FEATURES.length * Z_MAX);
}

/** The state after one more sample (a new object). */
export function gaussUpdate(g: GaussState, x: readonly number[], alpha: number): GaussState {
  const n = g.n + 1;
  const a = Math.max(alpha, 1 / n);
  const mean: number[] = [];
  const variance: number[] = [];
  for (let i = 0; i < FEATURES.length; i++) {
    const m = g.mean[i] ?? 0;
    const d = (x[i] ?? 0) - m;
    mean.push(m + a * d);
    variance.push((1 - a) * ((g.variance[i] ?? 0) + a * d * d));
  }
  return { n, mean, variance };
}
