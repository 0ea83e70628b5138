import { BrainError } from "./core/errors.ts";

/**
 * The hooks' settings (the settings file's `hooks` key) and the environment variables by which a hook tells
 * which agent host ran it (src/hooks/hosts.ts). Read by loadConfig (src/config.ts), once, at the entry point.
 */
export interface HookSettings {
  /** Longest command, file path, URL or search a tool event keeps, in characters (head and tail kept). */
  toolTargetChars: number;
  /** Longest error excerpt a tool event keeps, in characters (head and tail kept). */
  toolErrorChars: number;
  /** Characters an edit's tool event keeps of the text replaced and of the new text (the first ones); 0: none. */
  toolChangeChars: number;
  /**
   * How long a hook's firing is remembered (seconds), so a second firing of the same event — another config
   * file naming the same hook, another host running Claude Code's hooks — is told apart and skipped.
   */
  dedupSeconds: number;
  /** How often (seconds) a hook rewrites when its host last fired it (`.brain/hook-fired.json`, `brain doctor`). */
  firedEverySeconds: number;
}

export const DEFAULT_HOOK_SETTINGS: HookSettings = {
  toolTargetChars: 400,
  toolErrorChars: 600,
  toolChangeChars: 200,
  dedupSeconds: 120,
  firedEverySeconds: 60,
};

const MINIMUM: Record<keyof HookSettings, number> = {
  toolTargetChars: 16,
  toolErrorChars: 16,
  toolChangeChars: 0,
  dedupSeconds: 0,
  firedEverySeconds: 0,
};

export function parseHookSettings(file: string, v: unknown): HookSettings {
  if (v === null || typeof v !== "object" || Array.isArray(v))
    throw new BrainError("CONFIG", `${file}: "hooks" must be an object`, { key: "hooks" });
  const out: HookSettings = { ...DEFAULT_HOOK_SETTINGS };
  // Keys it does not know are left alone, as everywhere in a settings file another program (Rho) shares.
  for (const [k, value] of Object.entries(v)) {
    if (!Object.hasOwn(MINIMUM, k)) continue;
    const min = MINIMUM[k as keyof HookSettings];
    if (typeof value !== "number" || !Number.isInteger(value) || value < min)
      throw new BrainError("CONFIG", `${file}: "hooks.${k}" must be a whole number ≥ ${min}`, {
        key: `hooks.${k}`,
      });
    out[k as keyof HookSettings] = value;
  }
  return out;
}

/**
 * The variables a host sets for its hooks that tell it apart (Gemini CLI also sets CLAUDE_PROJECT_DIR;
 * Copilot CLI sets COPILOT_CLI=1 also for the Claude Code hooks it runs), and where hosts keep their data.
 */
export const HOST_ENV_NAMES = [
  "GEMINI_PROJECT_DIR",
  "GEMINI_SESSION_ID",
  "CLAUDE_PROJECT_DIR",
  "COPILOT_CLI",
  "COPILOT_HOME",
  "CODEX_HOME",
  "CURSOR_VERSION",
  "HOME",
] as const;
export type HostEnv = Partial<Record<(typeof HOST_ENV_NAMES)[number], string>>;

export function hostEnv(env: Record<string, string | undefined>): HostEnv {
  const out: HostEnv = {};
  for (const k of HOST_ENV_NAMES) if (env[k]) out[k] = env[k];
  return out;
}
