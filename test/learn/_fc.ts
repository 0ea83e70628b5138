/** fast-check runs here are seeded: FC_SEED replays a run (fast-check prints the seed of a failure). */
export const FC_SEED = Number(process.env.FC_SEED ?? 20261122);

export function fcParams(numRuns: number): { numRuns: number; seed: number } {
  return { numRuns, seed: FC_SEED };
}
