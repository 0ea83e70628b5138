import { loadConfig, type ResolvedConfig } from "../config.ts";

/**
 * The hook entry's configuration (src/hooks/entry.ts), read once: the settings file and the environment.
 * Like src/cli/cli-config.ts for the CLI, the hooks' one reader of process.env.
 */
export function hookConfig(brain: string | undefined): ResolvedConfig {
  return loadConfig(process.env, brain);
}
