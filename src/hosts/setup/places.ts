import { join } from "node:path";

/**
 * Where each host keeps its configuration (user scope) or reads it in a project (`--project`), from the
 * environment the CLI read once (src/cli/cli-config.ts): CODEX_HOME, COPILOT_HOME, XDG_CONFIG_HOME and
 * XDG_DATA_HOME move them as the hosts themselves do.
 */
export interface PlaceEnv {
  HOME: string;
  CODEX_HOME?: string | undefined;
  COPILOT_HOME?: string | undefined;
  XDG_CONFIG_HOME?: string | undefined;
  XDG_DATA_HOME?: string | undefined;
}

export interface Places {
  codex: string;
  copilot: string;
  gemini: string;
  opencodeConfig: string;
  opencodeData: string;
  cursor: string;
  claude: string;
}

export function userPlaces(env: PlaceEnv): Places {
  const config = env.XDG_CONFIG_HOME || join(env.HOME, ".config");
  const data = env.XDG_DATA_HOME || join(env.HOME, ".local", "share");
  return {
    codex: env.CODEX_HOME || join(env.HOME, ".codex"),
    copilot: env.COPILOT_HOME || join(env.HOME, ".copilot"),
    gemini: join(env.HOME, ".gemini"),
    opencodeConfig: join(config, "opencode"),
    opencodeData: join(data, "opencode"),
    cursor: join(env.HOME, ".cursor"),
    claude: join(env.HOME, ".claude"),
  };
}
