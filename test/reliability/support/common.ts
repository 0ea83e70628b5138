/** Small pieces shared by the parent tests and their child processes (no test-runner imports here). */

/** Seeded PRNG (mulberry32), so a failing run can be replayed from the seed it prints. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** mixed-writer: ops at the start that every worker runs with the same texts at once. */
export const BURST = 20;
/** mixed-writer: how many shared learning texts the workers compete for. */
export const SHARED = 150;
/** mixed-writer: how many user keys the workers upsert. */
export const USER_KEYS = 20;
