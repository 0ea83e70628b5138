import { loadConfig, type ResolvedConfig } from "../config.ts";

let loaded: ResolvedConfig | undefined;

/** The configuration of this process (environment and settings file), read once, at the entry point. */
export function cliConfig(brain: string | undefined, cwd?: string): ResolvedConfig {
  loaded ??= loadConfig(process.env, brain, undefined, cwd);
  return loaded;
}

/** The configuration if it was read (error reporting must not read it a second time, nor fail on it). */
export function loadedConfig(): ResolvedConfig | undefined {
  return loaded;
}
