import { Brain, type BrainOptions } from "../engine/brain.ts";
import { type GlobalOpts, type OpenedBrain, openLayer } from "./open-layer.ts";

export type { GlobalOpts } from "./open-layer.ts";

/** Open the full brain for a command; it is closed (derived state saved) when the command ends (see main.ts). */
export function openBrain(g: GlobalOpts, extra: Partial<BrainOptions> = {}): OpenedBrain<Brain> {
  return openLayer(Brain, g, extra);
}
