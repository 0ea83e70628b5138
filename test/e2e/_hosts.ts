/** Where `test/e2e/setup.mjs` installed the real agent hosts (override with BRAIN_E2E_HOSTS). */
import * as fs from "node:fs";
import { join } from "node:path";
import { childEnv, ROOT, type Sandbox } from "../support/cli.ts";
import type { EnvPatch } from "../support/env.ts";
import { spawnProcess } from "../support/spawn.ts";

export const HOSTS = process.env.BRAIN_E2E_HOSTS ?? join(ROOT, ".tmp", "e2e-hosts");
const bin = (name: string) => join(HOSTS, "node_modules", ".bin", name);

export const CLAUDE = bin("claude");
export const PI = bin("pi");
/** The MCP Inspector CLI (needs Node >= 22.7.5 for its web UI and warns on Node 20; the CLI mode works). */
export const INSPECTOR = bin("mcp-inspector");
/** Directory holding Node 22's `node`, put first on PATH for Claude Code. */
export const NODE22_DIR = join(HOSTS, "node_modules", "node", "bin");

/** A skip reason when a host is missing (the lane installs them: `npm run test:e2e`). */
export function missing(...files: string[]): string | false {
  const gone = files.filter((f) => !fs.existsSync(f));
  return gone.length ? `not installed: ${gone.join(", ")} (run npm run test:e2e)` : false;
}

export interface HostRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Run a host binary with stdin closed, killed after `timeoutMs` (the suite's one spawn helper). */
export function runHost(
  file: string,
  args: string[],
  opts: { env: NodeJS.ProcessEnv; cwd: string; timeoutMs?: number },
): Promise<HostRun> {
  return spawnProcess(file, args, { env: opts.env, cwd: opts.cwd, timeoutMs: opts.timeoutMs ?? 180_000 });
}

/** Claude Code's environment in a sandbox: Node 22 first on PATH, the model API at `baseUrl`, no telemetry. */
export function claudeEnv(sb: Sandbox, baseUrl: string, extra: EnvPatch = {}): NodeJS.ProcessEnv {
  return childEnv(sb, {
    PATH: `${NODE22_DIR}:${process.env.PATH ?? "/usr/bin:/bin"}`,
    ANTHROPIC_BASE_URL: baseUrl,
    ANTHROPIC_API_KEY: "sk-ant-fake-key",
    DISABLE_TELEMETRY: "1",
    DISABLE_AUTOUPDATER: "1",
    DISABLE_ERROR_REPORTING: "1",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    ...extra,
  });
}

/** A pi agent directory whose models.json has one provider `fake` (model `fake-model`) at `baseUrl`. */
export function piAgentDir(sb: Sandbox, baseUrl: string): string {
  const dir = join(sb.dir, "pi-agent");
  fs.mkdirSync(dir, { recursive: true });
  const models = {
    providers: {
      fake: {
        baseUrl,
        api: "openai-completions",
        apiKey: "fake-key",
        compat: { supportsDeveloperRole: false, supportsReasoningEffort: false },
        models: [
          { id: "fake-model", reasoning: false, input: ["text"], contextWindow: 128000, maxTokens: 4096 },
        ],
      },
    },
  };
  fs.writeFileSync(join(dir, "models.json"), JSON.stringify(models, null, 2));
  return dir;
}

/** pi's headless arguments: print mode, no session file, the fake model, the brain extension from source. */
export const PI_ARGS = [
  "-p",
  "--no-session",
  "--provider",
  "fake",
  "--model",
  "fake-model",
  "-e",
  join(ROOT, "plugins", "pi", "index.ts"),
];

/** The other hosts (issue 29), at the versions test/e2e/setup.mjs pins. */
export const CODEX = bin("codex");
export const GEMINI = bin("gemini");

/**
 * A Codex `config.toml` whose model provider `fake` speaks the Responses API at `baseUrl` (top-level keys
 * first: `brain install codex` then appends its `[mcp_servers.brain]` block below the user's text).
 */
export function codexConfig(baseUrl: string): string {
  return [
    "# the user's own settings",
    'model = "fake-model"',
    'model_provider = "fake"',
    "check_for_update_on_startup = false",
    "",
    "[model_providers.fake]",
    'name = "fake"',
    `base_url = "${baseUrl}"`,
    'wire_api = "responses"',
    'env_key = "FAKE_MODEL_KEY"',
    "",
    "[analytics]",
    "enabled = false",
    "",
    "# plugins on (the default) fetch ChatGPT's catalogue and GitHub's curated plugins at start",
    "[features]",
    "plugins = false",
    "",
  ].join("\n");
}

/** Gemini CLI's user settings before `brain install gemini` merges into them: API-key auth, nothing phoned home. */
export function geminiSettings(): string {
  return `${JSON.stringify(
    {
      security: { auth: { selectedType: "gemini-api-key" } },
      privacy: { usageStatisticsEnabled: false },
      telemetry: { enabled: false },
      general: { disableAutoUpdate: true, disableUpdateNag: true },
    },
    null,
    2,
  )}\n`;
}

/** Gemini CLI's environment: Node 22 first on PATH (it needs >= 20; the pinned one is tested), the fake API. */
export function geminiEnv(baseUrl: string): Record<string, string> {
  return {
    PATH: `${NODE22_DIR}:${process.env.PATH ?? "/usr/bin:/bin"}`,
    GEMINI_API_KEY: "fake-gemini-key",
    GOOGLE_GEMINI_BASE_URL: baseUrl,
  };
}

/** Gemini CLI's headless arguments. */
// Headless Gemini CLI offers no tool that would ask for approval: yolo, as a user running it unattended does.
export const GEMINI_ARGS = [
  "-m",
  "gemini-2.5-flash",
  "--output-format",
  "json",
  "--skip-trust",
  "--approval-mode",
  "yolo",
];

export const COPILOT = bin("copilot");

/** Copilot CLI's environment: its model through a custom provider at `baseUrl` (Chat Completions), offline. */
export function copilotEnv(baseUrl: string): Record<string, string> {
  return {
    PATH: `${NODE22_DIR}:${process.env.PATH ?? "/usr/bin:/bin"}`,
    COPILOT_OFFLINE: "true",
    COPILOT_PROVIDER_BASE_URL: baseUrl,
    COPILOT_PROVIDER_API_KEY: "fake-copilot-key",
    COPILOT_MODEL: "fake-model",
    COPILOT_AUTO_UPDATE: "false",
  };
}

/** Copilot CLI's headless arguments (the prompt goes first). */
export const COPILOT_ARGS = [
  "--allow-all-tools",
  "--trust-folder",
  "--no-auto-update",
  "--disable-client-telemetry",
  "--output-format",
  "json",
];

export const OPENCODE = bin("opencode");

/** OpenCode's user config before `brain install opencode` merges into it: the fake provider, nothing phoned home. */
export function opencodeConfig(baseUrl: string): string {
  const provider = {
    fake: {
      npm: "@ai-sdk/openai-compatible",
      name: "Fake",
      options: { baseURL: baseUrl, apiKey: "fake-opencode-key" },
      models: { "fake-model": { name: "Fake model" } },
    },
  };
  const config = {
    $schema: "https://opencode.ai/config.json",
    model: "fake/fake-model",
    autoupdate: false,
    share: "disabled",
    provider,
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}

/** OpenCode's switches for a run on loopback only (no model list, update, default plugins, LSP downloads). */
export const OPENCODE_ENV = {
  OPENCODE_DISABLE_MODELS_FETCH: "true",
  OPENCODE_DISABLE_AUTOUPDATE: "true",
  OPENCODE_DISABLE_DEFAULT_PLUGINS: "true",
  OPENCODE_DISABLE_LSP_DOWNLOAD: "true",
  OPENCODE_DISABLE_SHARE: "true",
};
