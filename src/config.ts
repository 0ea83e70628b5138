import * as fs from "node:fs";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { type HostEnv, hostEnv } from "./config-hooks.ts";
import {
  BRAIN_FILE_BUDGET,
  DEFAULT_SETTINGS,
  type ExtractionSource,
  parseSettings,
  type Settings,
} from "./config-settings.ts";
import { type TeamStoreConfig, teamStore } from "./config-store.ts";
import { BrainError } from "./core/errors.ts";
import { projectBrainPath } from "./project/repo-root.ts";
import { projectBrainFile } from "./store/home.ts";

export type { DeepSettings, DirectiveSettings, ImproveSettings, PluginSettings } from "./config-improve.ts";
export type { ServeSettings } from "./config-serve.ts";
export {
  BRAIN_FILE_BUDGET,
  DEFAULT_SETTINGS,
  type ExtractionSource,
  type LearnerSettings,
  parseSettings,
  type Settings,
} from "./config-settings.ts";
export type { TeamStoreConfig } from "./config-store.ts";

/**
 * Where the brain lives and how it behaves, resolved once at a surface's entry point.
 *
 * Log location, first match wins:
 *   1. an explicit path (CLI `--brain`, library option)
 *   2. BRAIN_PATH            (file)        3. BRAIN_DIR/brain.jsonl
 *   4. RHO_BRAIN_PATH        (file)        5. RHO_BRAIN_DIR/brain.jsonl
 *   6. ~/.rho/brain/brain.jsonl — so an existing Rho user's brain is used as it is.
 * Settings: BRAIN_CONFIG, else ~/.rho/config.json (Rho's file; keys we do not know are left alone).
 * Extraction keys (for the learner's model): ANTHROPIC_API_KEY, OPENAI_API_KEY, or the one `extraction.apiKeyEnv` names.
 * Environment knobs (read here and nowhere else): RHO_AUTO_MEMORY, RHO_SUBAGENT, BRAIN_NOW, BRAIN_SNAPSHOT,
 * BRAIN_FSYNC, BRAIN_LOCK_TIMEOUT_MS, BRAIN_DEBUG, BRAIN_HOOK_TIMING, CLAUDE_CONFIG_DIR, CODEX_HOME,
 * CLAUDE_CODE_DISABLE_AUTO_MEMORY (the hosts' own places and memory switch, only read), BRAIN_STORE (a team store's URL, which
 * wins over the settings file's `store: { url }`; the PG* variables are the driver's own), and the variables by
 * which a hook tells its host (src/config-hooks.ts: GEMINI_PROJECT_DIR, …).
 */
export interface ResolvedConfig extends Settings {
  /** The team store, when the brain lives on a server rather than in brainPath. */
  store: TeamStoreConfig | null;
  brainPath: string;
  /** Which rule chose brainPath, for `brain doctor` and error messages. */
  brainPathSource: string;
  /**
   * The personal brain a project's own brain layers over (src/engine/layered.ts): when brainPath is a project's
   * (`<repo>/.brain/brain.jsonl`, made by `brain init --project`), the brain RHO_BRAIN_PATH, RHO_BRAIN_DIR or the
   * default names — if it exists.
   */
  personalBrainPath: string | null;
  configPath: string;
  /** BRAIN_NOW: a pinned clock (ISO 8601) for reproducible output in tests and demos; null for the real one. */
  fixedNow: Date | null;
  /** BRAIN_SNAPSHOT=0 turns the on-disk fold snapshot off. */
  snapshot: boolean;
  /** BRAIN_FSYNC=0 skips fsync after appends (faster; a power cut can lose the last appends). */
  fsync: boolean;
  /** BRAIN_LOCK_TIMEOUT_MS: how long a writer waits for the lock (default 5 s). */
  lockTimeoutMs: number | undefined;
  /** BRAIN_DEBUG: print the stack of internal errors. */
  debug: boolean;
  /** BRAIN_HOOK_TIMING: hooks report their time in process on stderr; so do CLI commands the server answered. */
  hookTiming: boolean;
  /** The variables by which a hook tells which host ran it (src/hooks/hosts.ts). */
  hostEnv: HostEnv;
  /** The user's home directory, and Claude Code's config directory (CLAUDE_CONFIG_DIR, else ~/.claude). */
  homeDir: string;
  claudeDir: string;
  /** Codex's directory (CODEX_HOME, else ~/.codex) and Gemini CLI's (~/.gemini): their own memories are read there. */
  codexDir: string;
  geminiDir: string;
  /** CLAUDE_CODE_DISABLE_AUTO_MEMORY as set (Claude Code's own switch; `brain doctor` reports it, never sets it). */
  claudeAutoMemoryEnv: string | undefined;
}

type Env = Record<string, string | undefined>;

export function resolveBrainPath(
  env: Env,
  explicit?: string,
  home = homedir(),
  cwd = process.cwd(),
): { path: string; source: string } {
  if (explicit) return { path: resolve(explicit), source: "--brain" };
  if (env.BRAIN_PATH) return { path: resolve(env.BRAIN_PATH), source: "BRAIN_PATH" };
  if (env.BRAIN_DIR) return { path: resolve(env.BRAIN_DIR, "brain.jsonl"), source: "BRAIN_DIR" };
  // A project's own brain (`brain init --project`), found from the working directory.
  const project = projectBrainPath(cwd);
  if (fs.existsSync(project)) return { path: project, source: "project" };
  return personalBrainPath(env, home);
}

/** The user's own brain, as the path rules name it after the project's (RHO_BRAIN_PATH, RHO_BRAIN_DIR, default). */
function personalBrainPath(env: Env, home: string): { path: string; source: string } {
  if (env.RHO_BRAIN_PATH) return { path: resolve(env.RHO_BRAIN_PATH), source: "RHO_BRAIN_PATH" };
  if (env.RHO_BRAIN_DIR) return { path: resolve(env.RHO_BRAIN_DIR, "brain.jsonl"), source: "RHO_BRAIN_DIR" };
  return { path: join(home, ".rho", "brain", "brain.jsonl"), source: "default" };
}

const PROVIDER_KEYS = ["ANTHROPIC_API_KEY", "OPENAI_API_KEY", "PATH"];
/** Extraction providers that run an agent host's own headless mode (src/learn/extract/headless-config.ts). */
const HOST_PROVIDERS = ["claude-code", "codex-cli", "gemini-cli"];

/** The extraction settings with the keys they may use from `env` (resolved by the learner). */
function extractionSource(file: string, s: Settings, env: Env): ExtractionSource {
  const raw = s.extraction?.raw as { apiKeyEnv?: unknown; provider?: unknown } | undefined;
  const named = raw?.apiKeyEnv;
  const keys = typeof named === "string" ? [...PROVIDER_KEYS, named] : PROVIDER_KEYS;
  const host = typeof raw?.provider === "string" && HOST_PROVIDERS.includes(raw.provider);
  return {
    file,
    raw: s.extraction?.raw,
    env: Object.fromEntries(keys.map((k) => [k, env[k]])),
    ...(host ? { hostEnv: { ...env } } : {}),
  };
}

/** A settings file the hooks could not use: what was wrong, and the content it was wrong in. */
export interface ConfigProblem {
  error: BrainError;
  file: string;
  /** The file's content (a warning is given once per content: src/cli/cli-config.ts). */
  text: string;
}

export function loadConfig(
  env: Env = process.env,
  explicitBrain?: string,
  home = homedir(),
  cwd = process.cwd(),
): ResolvedConfig {
  return resolveConfig(env, explicitBrain, home, cwd, null);
}

/**
 * The configuration as the hooks read it: a settings file with a wrong value (`"promptBudget": "lots"`) or
 * that is not JSON does not switch memory off — the defaults are used in its place and the problem is
 * returned for a warning — while a command still refuses it (loadConfig). Where the brain lives is not
 * guessed: a bad team store setting is still an error, and a file that is not JSON names no team store.
 */
export function loadConfigForHooks(
  env: Env = process.env,
  explicitBrain?: string,
  home = homedir(),
  cwd = process.cwd(),
): { config: ResolvedConfig; problem: ConfigProblem | null } {
  const problems: ConfigProblem[] = [];
  const config = resolveConfig(env, explicitBrain, home, cwd, problems);
  return { config, problem: problems[0] ?? null };
}

function resolveConfig(
  env: Env,
  explicitBrain: string | undefined,
  home: string,
  cwd: string,
  lenient: ConfigProblem[] | null,
): ResolvedConfig {
  const { path, source } = resolveBrainPath(env, explicitBrain, home, cwd);
  // A project's own brain however it was named (found from the cwd, or --brain as the server and the learner
  // are started with) layers over the personal brain.
  const personal =
    projectBrainFile(dirname(dirname(path))) === path ? personalBrainPath(env, home).path : null;
  const configPath = env.BRAIN_CONFIG ? resolve(env.BRAIN_CONFIG) : join(home, ".rho", "config.json");
  let settings: Settings = { ...DEFAULT_SETTINGS, brainFileBudget: BRAIN_FILE_BUDGET };
  let text: string | undefined;
  try {
    text = fs.readFileSync(configPath, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") {
      throw new BrainError("CONFIG", `${configPath}: cannot read (${(e as Error).message})`);
    }
  }
  if (text !== undefined) {
    try {
      settings = parseSettings(configPath, text);
    } catch (e) {
      if (!lenient || !(e instanceof BrainError)) throw e;
      lenient.push({ error: e, file: configPath, text });
      if (!parsesAsJson(text)) text = undefined;
    }
  }
  const autoEnv = (env.RHO_AUTO_MEMORY ?? "").trim().toLowerCase();
  if (["0", "false", "off"].includes(autoEnv)) settings.autoMemory = false;
  else if (["1", "true", "on"].includes(autoEnv)) settings.autoMemory = true;
  if (env.RHO_SUBAGENT === "1") settings.autoMemory = false;
  const serveEnv = (env.BRAIN_SERVE_AUTOSTART ?? "").trim().toLowerCase();
  if (["0", "false", "off"].includes(serveEnv)) settings.serve = { ...settings.serve, autoStart: false };
  else if (["1", "true", "on"].includes(serveEnv)) settings.serve = { ...settings.serve, autoStart: true };
  const key = settings.embeddings?.apiKeyEnv;
  if (settings.embeddings && key && env[key])
    settings.embeddings = { ...settings.embeddings, apiKey: env[key] };
  settings.extraction = extractionSource(configPath, settings, env);
  const store = teamStore(configPath, text, env.BRAIN_STORE, home);
  const timeout = env.BRAIN_LOCK_TIMEOUT_MS ? Number(env.BRAIN_LOCK_TIMEOUT_MS) : Number.NaN;
  return {
    ...settings,
    store,
    brainPath: path,
    brainPathSource: source,
    // A team store holds the whole brain: a project's file brain is not layered over it.
    personalBrainPath: personal && personal !== path && !store && fs.existsSync(personal) ? personal : null,
    configPath,
    fixedNow: fixedNow(env.BRAIN_NOW),
    snapshot: env.BRAIN_SNAPSHOT !== "0",
    fsync: env.BRAIN_FSYNC !== "0",
    lockTimeoutMs: Number.isFinite(timeout) && timeout >= 0 ? timeout : undefined,
    debug: Boolean(env.BRAIN_DEBUG),
    hookTiming: hookTiming(env),
    hostEnv: hostEnv(env),
    homeDir: home,
    claudeDir: env.CLAUDE_CONFIG_DIR ? resolve(env.CLAUDE_CONFIG_DIR) : join(home, ".claude"),
    codexDir: env.CODEX_HOME ? resolve(env.CODEX_HOME) : join(home, ".codex"),
    geminiDir: join(home, ".gemini"),
    claudeAutoMemoryEnv: env.CLAUDE_CODE_DISABLE_AUTO_MEMORY,
  };
}

function parsesAsJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** BRAIN_HOOK_TIMING: hooks say on stderr how long they took and what they did. */
export function hookTiming(env: Env): boolean {
  return Boolean(env.BRAIN_HOOK_TIMING);
}

function fixedNow(v: string | undefined): Date | null {
  if (!v) return null;
  const t = Date.parse(v);
  if (Number.isNaN(t))
    throw new BrainError("CONFIG", `BRAIN_NOW is not an ISO date: ${v}`, { key: "BRAIN_NOW" });
  return new Date(t);
}
