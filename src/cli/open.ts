import type { ResolvedConfig } from "../config.ts";
import { Brain, type BrainOptions } from "../engine.ts";
import { brainOptions } from "../engine-options.ts";
import { keep } from "../lifetime.ts";
import { cliConfig } from "./cli-config.ts";

export interface GlobalOpts {
  brain?: string;
  json?: boolean;
  cwd?: string;
}

/** Open the brain for a command; it is closed (derived state saved) when the command ends (see main.ts). */
export function openBrain(
  g: GlobalOpts,
  extra: Partial<BrainOptions> = {},
): { brain: Brain; config: ResolvedConfig } {
  const config = cliConfig(g.brain);
  const brain = keep(Brain.open({ ...brainOptions(config, g.cwd ?? process.cwd()), ...extra }));
  return { brain, config };
}
