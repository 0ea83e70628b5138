import { Brain } from "../engine/brain.ts";
import { type GlobalOpts, type OpenedBrain, type OpenHow, openLayer } from "./open-layer.ts";

export type { GlobalOpts } from "./open-layer.ts";

/**
 * Open the full brain for a command; it is closed (derived state saved) when the command ends (see main.ts).
 * A command that only reads refuses a brain that is not there (`create` for the ones that may start one).
 */
export function openBrain(g: GlobalOpts, how: OpenHow = {}): OpenedBrain<Brain> {
  return openLayer(Brain, g, how);
}
