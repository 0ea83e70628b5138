import type { ResolvedConfig } from "../config.ts";
import { keep } from "../engine/lifetime.ts";
import type { BrainOptions } from "../engine/options.ts";
import { brainOptions } from "../engine/options.ts";
import { cliConfig } from "./cli-config.ts";

export interface GlobalOpts {
  brain?: string;
  json?: boolean;
  cwd?: string;
}

export interface OpenedBrain<B> {
  brain: B;
  config: ResolvedConfig;
}

/**
 * Open the brain for a command as one of the engine's layers (`BrainCore`, `Brain` or the full `Brain`):
 * a command that needs less loads less at start-up. It is closed (derived state saved) when the command ends.
 */
export function openLayer<B extends { close(): void }>(
  layer: { open(opts: BrainOptions): B },
  g: GlobalOpts,
  extra: Partial<BrainOptions> = {},
): OpenedBrain<B> {
  const config = cliConfig(g.brain, g.cwd);
  const brain = keep(layer.open({ ...brainOptions(config, g.cwd ?? process.cwd()), ...extra }));
  return { brain, config };
}
