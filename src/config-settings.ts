import { dirname, resolve } from "node:path";
import { DEFAULT_HOOK_SETTINGS, type HookSettings, parseHookSettings } from "./config-hooks.ts";
import {
  DEFAULT_DEEP,
  DEFAULT_DIRECTIVES,
  DEFAULT_IMPROVE,
  type DeepSettings,
  type DirectiveSettings,
  type ImproveSettings,
  type PluginSettings,
  parseDeep,
  parseDirectives,
  parseImprove,
  parsePlugins,
} from "./config-improve.ts";
import { DEFAULT_SERVE, parseServe, type ServeSettings } from "./config-serve.ts";
import { BrainError } from "./core/errors.ts";
import { type GraphSettingsPart, parseGraphSettings } from "./graph/settings.ts";
import { type EmbeddingsConfig, parseEmbeddings } from "./recall/embeddings/config.ts";

/**
 * The settings file (~/.rho/config.json, or BRAIN_CONFIG): what each key means, its default, and its parse —
 * a wrong type names the key. Where the file is found and what the environment adds is src/config.ts.
 */
export interface Settings extends Partial<GraphSettingsPart> {
  autoMemory: boolean;
  decayAfterDays: number;
  decayMinScore: number;
  promptBudget: number;
  /** Tokens for the always-loaded brain files, next to promptBudget (0: they share promptBudget). */
  brainFileBudget: number;
  /** What to do with a new memory that contains a secret: refuse it (default), redact it, or allow it. */
  secrets: "refuse" | "redact" | "allow";
  /** Longest text a single field of a new entry may have (characters). */
  maxEntryChars: number;
  /** Most fields a new entry may have (the base fields included). */
  maxEntryFields: number;
  /** Meaning-based recall through an embeddings server; off when absent (src/recall/embeddings/config.ts). */
  embeddings?: EmbeddingsConfig;
  /** Directories besides its own cwd whose project files an MCP server may read for a client. */
  projectRoots: string[];
  /** The resident server (`brain serve`, src/serve/). */
  serve: ServeSettings;
  /**
   * The `extraction` key as written, with the API keys it may use (read here, the only reader of the
   * environment). Validated by the learner (src/learn/extract/config.ts), the one process that loads zod and
   * the providers: a hook never pays for them, and a bad key is the learner's logged error, not every hook's.
   */
  extraction?: ExtractionSource;
  /** Model-free candidates skip the inbox and are stored at once (issue 11 step 3). */
  autoAccept: boolean;
  /** The SELECTION curator's promotion threshold, 0–1 (config `curator.threshold`; seed 003: 0.82). */
  curatorThreshold: number;
  /** What the hooks keep of a tool call and how they tell a repeated firing (src/config-hooks.ts). */
  hooks: HookSettings;
  /** The learner's caps (src/learn/turn-cap.ts). */
  learner: LearnerSettings;
  /** Learning from mistakes: the feedback ledger, the failure hints, the improvement cycle (src/config-improve.ts). */
  improve: ImproveSettings;
  /** The DEEP layer's training export and its schedule. */
  deep: DeepSettings;
  /** What the agent may run of commands.toml and tools.toml. */
  directives: DirectiveSettings;
  /** Modules that replace a built-in layer (INSTANT detector, SELECTION curator, DEEP trainer). */
  plugins: PluginSettings;
}

export interface LearnerSettings {
  /** A transcript line longer than this many bytes is passed over, never loaded whole. */
  maxLineBytes: number;
  /** A turn's text longer than this many characters is stored cut, with a marker. */
  maxTurnChars: number;
}

export interface ExtractionSource {
  /** The settings file it came from (for error messages). */
  file: string;
  /** The `extraction` value; undefined when the file has none (then a key in `env` may pick a provider). */
  raw: unknown;
  /** ANTHROPIC_API_KEY, OPENAI_API_KEY, the variable `apiKeyEnv` names and PATH, as found in the environment. */
  env: Record<string, string | undefined>;
  /**
   * The whole environment, only when `extraction.provider` is an agent host's headless mode ("claude-code", "codex-cli", "gemini-cli"):
   * the host's child needs the user's HOME, PATH and sign-in to spend their own quota (src/learn/extract/headless.ts).
   */
  hostEnv?: Record<string, string | undefined>;
}

export const DEFAULT_SETTINGS: Settings = {
  autoMemory: true,
  decayAfterDays: 90,
  decayMinScore: 3,
  promptBudget: 2000,
  // A brain opened without settings shares one budget; loadConfig gives brain files their allowance.
  brainFileBudget: 0,
  secrets: "refuse",
  maxEntryChars: 8000,
  maxEntryFields: 64,
  projectRoots: [],
  serve: DEFAULT_SERVE,
  autoAccept: false,
  curatorThreshold: 0.82,
  hooks: DEFAULT_HOOK_SETTINGS,
  // A transcript line over 8 MiB is passed over; a turn over 32 000 characters is stored cut (src/learn/turn-cap.ts).
  learner: { maxLineBytes: 8 * 1024 * 1024, maxTurnChars: 32_000 },
  improve: DEFAULT_IMPROVE,
  deep: DEFAULT_DEEP,
  directives: DEFAULT_DIRECTIVES,
  plugins: {},
};

/**
 * The always-loaded brain files' allowance (tokens) next to promptBudget, sized for seed 004's core files:
 * SOUL.md ~18 KB, USER.md ~11 KB, AGENTS.md ~8 KB ≈ 9 500 tokens.
 */
export const BRAIN_FILE_BUDGET = 10_000;

function num(file: string, key: string, v: unknown, min: number): number {
  if (typeof v !== "number" || !Number.isFinite(v) || v < min) {
    throw new BrainError("CONFIG", `${file}: "${key}" must be a number ≥ ${min} (got ${JSON.stringify(v)})`, {
      key,
    });
  }
  return v;
}

/** Parse the settings file; a wrong type names the key, a missing file means defaults. */
export function parseSettings(file: string, text: string): Settings {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new BrainError("CONFIG", `${file}: not valid JSON (${(e as Error).message})`);
  }
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    throw new BrainError("CONFIG", `${file}: must contain a JSON object`);
  }
  const o = raw as Record<string, unknown>;
  const s: Settings = { ...DEFAULT_SETTINGS, brainFileBudget: BRAIN_FILE_BUDGET };
  Object.assign(s, parseGraphSettings(file, o));
  for (const key of ["autoMemory", "auto_memory"] as const) {
    if (o[key] !== undefined && typeof o[key] !== "boolean") {
      throw new BrainError(
        "CONFIG",
        `${file}: "${key}" must be true or false (got ${JSON.stringify(o[key])})`,
        { key },
      );
    }
  }
  const auto = o.autoMemory ?? o.auto_memory;
  if (typeof auto === "boolean") s.autoMemory = auto;
  if (o.decayAfterDays !== undefined) s.decayAfterDays = num(file, "decayAfterDays", o.decayAfterDays, 0);
  if (o.decayMinScore !== undefined) s.decayMinScore = num(file, "decayMinScore", o.decayMinScore, 0);
  if (o.promptBudget !== undefined) s.promptBudget = num(file, "promptBudget", o.promptBudget, 1);
  if (o.brainFileBudget !== undefined) s.brainFileBudget = num(file, "brainFileBudget", o.brainFileBudget, 0);
  if (o.maxEntryChars !== undefined) s.maxEntryChars = num(file, "maxEntryChars", o.maxEntryChars, 1);
  if (o.maxEntryFields !== undefined) s.maxEntryFields = num(file, "maxEntryFields", o.maxEntryFields, 4);
  if (o.embeddings !== undefined) s.embeddings = parseEmbeddings(file, o.embeddings);
  if (o.secrets !== undefined) {
    if (o.secrets !== "refuse" && o.secrets !== "redact" && o.secrets !== "allow") {
      throw new BrainError(
        "CONFIG",
        `${file}: "secrets" must be "refuse", "redact" or "allow" (got ${JSON.stringify(o.secrets)})`,
        {
          key: "secrets",
        },
      );
    }
    s.secrets = o.secrets;
  }
  if (o.autoAccept !== undefined) {
    if (typeof o.autoAccept !== "boolean")
      throw new BrainError("CONFIG", `${file}: "autoAccept" must be true or false`, { key: "autoAccept" });
    s.autoAccept = o.autoAccept;
  }
  if (o.curator !== undefined) s.curatorThreshold = curatorThreshold(file, o.curator);
  if (o.extraction !== undefined) s.extraction = { file, raw: o.extraction, env: {} };
  if (o.projectRoots !== undefined) {
    const roots = o.projectRoots;
    if (!Array.isArray(roots) || !roots.every((r) => typeof r === "string" && r !== "")) {
      throw new BrainError("CONFIG", `${file}: "projectRoots" must be a list of directories`, {
        key: "projectRoots",
      });
    }
    s.projectRoots = roots.map((r) => resolve(dirname(file), r));
  }
  if (o.serve !== undefined) s.serve = parseServe(file, o.serve);
  if (o.hooks !== undefined) s.hooks = parseHookSettings(file, o.hooks);
  if (o.learner !== undefined) s.learner = parseLearner(file, o.learner);
  if (o.improve !== undefined) s.improve = parseImprove(file, o.improve);
  if (o.deep !== undefined) s.deep = parseDeep(file, o.deep);
  if (o.directives !== undefined) s.directives = parseDirectives(file, o.directives);
  if (o.plugins !== undefined) s.plugins = parsePlugins(file, o.plugins, dirname(file));
  return s;
}

function parseLearner(file: string, v: unknown): LearnerSettings {
  if (v === null || typeof v !== "object" || Array.isArray(v))
    throw new BrainError("CONFIG", `${file}: "learner" must be an object`, { key: "learner" });
  const o = v as Record<string, unknown>;
  const out: LearnerSettings = { ...DEFAULT_SETTINGS.learner };
  for (const key of ["maxLineBytes", "maxTurnChars"] as const) {
    if (o[key] === undefined) continue;
    const n = num(file, `learner.${key}`, o[key], 1);
    if (!Number.isInteger(n))
      throw new BrainError("CONFIG", `${file}: "learner.${key}" must be a whole number`, {
        key: `learner.${key}`,
      });
    out[key] = n;
  }
  return out;
}

function curatorThreshold(file: string, v: unknown): number {
  const t = v && typeof v === "object" ? (v as { threshold?: unknown }).threshold : undefined;
  if (t === undefined) return DEFAULT_SETTINGS.curatorThreshold;
  if (typeof t !== "number" || !(t >= 0 && t <= 1))
    throw new BrainError("CONFIG", `${file}: "curator.threshold" must be a number from 0 to 1`, {
      key: "curator",
    });
  return t;
}
