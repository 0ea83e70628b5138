/**
 * fast-check, configured once: every property test imports `fc` from here (test/meta/suite.test.ts checks
 * it), so every run uses SEED (see seed.ts). On failure fast-check reports the seed and the shrunk path;
 * `FC_SEED=<seed>` replays it.
 */
import fc from "fast-check";
import { SEED } from "./seed.ts";

fc.configureGlobal({ seed: SEED });
if (process.env.FC_SEED === "random") {
  process.stderr.write(`fast-check seed ${SEED} (FC_SEED=${SEED} replays this run)\n`);
}

export { fc, SEED };
