/**
 * The one seed of every randomised test (fast-check properties, the reliability suite's PRNGs), so a CI
 * run is reproducible: `FC_SEED=<n>` replays a run, `FC_SEED=random` explores a fresh one (printed), and
 * unset it is fixed. RELIABILITY_SEED is still read as an older name. No test-runner imports: child
 * processes may use it too.
 */
export const DEFAULT_SEED = 20_260_301;

export function seedFrom(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.FC_SEED ?? env.RELIABILITY_SEED;
  if (raw === undefined || raw === "") return DEFAULT_SEED;
  if (raw === "random") return Math.floor(Math.random() * 0x7fff_ffff);
  const n = Number(raw);
  if (!Number.isSafeInteger(n)) throw new Error(`FC_SEED must be an integer or "random", got ${raw}`);
  return n;
}

/** This process's seed (chosen once). */
export const SEED = seedFrom();
