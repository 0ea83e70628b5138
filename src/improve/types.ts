import type { WriteResult } from "../brainfiles/write.ts";
import type { ImproveSettings } from "../config-improve.ts";

/**
 * What the improvement loop needs of a brain, as a structural type (the engine's Brain is one): its directory
 * of brain files, the brain-file write path (append-only; a rewrite needs a cleanup intent), the clock and the
 * settings. src/improve/ never imports the engine, so no type cycle runs through it.
 */
export interface ImproveBrain {
  readonly brainDir: string | null;
  readonly settings: { improve: ImproveSettings };
  readonly now: () => Date;
  writeBrainFile(
    name: string,
    text: string,
    opts?: { replace?: boolean; cleanupIntent?: string },
  ): Promise<WriteResult>;
}
