/** Small pieces shared by the parent tests and their child processes (no test-runner imports here). */

export { prng } from "../../support/prng.ts";

/** mixed-writer: ops at the start that every worker runs with the same texts at once. */
export const BURST = 20;
/** mixed-writer: how many shared learning texts the workers compete for. */
export const SHARED = 150;
/** mixed-writer: how many user keys the workers upsert. */
export const USER_KEYS = 20;
