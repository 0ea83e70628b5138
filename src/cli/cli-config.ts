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

/** The variables that move agent hosts' own directories (read here, once, for `brain install <host>`). */
export function hostPlaceEnv(): {
  CODEX_HOME?: string;
  COPILOT_HOME?: string;
  XDG_CONFIG_HOME?: string;
  XDG_DATA_HOME?: string;
} {
  const out: Record<string, string> = {};
  for (const k of ["CODEX_HOME", "COPILOT_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME"])
    if (process.env[k]) out[k] = process.env[k] as string;
  return out;
}
