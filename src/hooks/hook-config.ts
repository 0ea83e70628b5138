import { loadConfig, type ResolvedConfig } from "../config.ts";

/**
 * The hook entry's configuration (src/hooks/entry.ts), read once: the settings file and the environment.
 * Like src/cli/cli-config.ts for the CLI, the hooks' one reader of process.env.
 */
export function hookConfig(brain: string | undefined): ResolvedConfig {
  return loadConfig(process.env, brain);
}

/**
 * BRAIN_HOOKS=off: every Brain hook exits at once, prints nothing and writes nothing (issue 23). The learner
 * sets it for the agent host it runs as its extraction model (src/learn/extract/headless.ts), so that
 * session's hooks neither answer, nor queue it to be learned from, nor start another learner.
 */
export function hooksSuppressed(): boolean {
  return (process.env.BRAIN_HOOKS ?? "").trim().toLowerCase() === "off";
}
