import { z } from "zod";
import { BrainError } from "../../core/errors.ts";
import { DEFAULT_MAX_CHARS, DEFAULT_MAX_ITEMS, DEFAULT_SUMMARY_CHARS } from "./schema.ts";
import type { ProviderName } from "./types.ts";

/**
 * The extraction model (settings key `extraction`):
 *   { "provider": "openai" | "anthropic" | "ollama", "baseUrl": "…", "model": "…", "apiKeyEnv": "…",
 *     "timeoutMs": 60000, "maxRetries": 3, "maxItems": 3, "maxChars": 200, "summaryChars": 160 }
 * `openai` is any OpenAI-compatible chat-completions server (OpenAI, Ollama's or LM Studio's /v1, vLLM,
 * OpenRouter): baseUrl ends before `/chat/completions`. `anthropic` is the Messages API, `ollama` Ollama's
 * native /api/chat (baseUrl is the server root). Every key but `provider` has a default.
 * With no `extraction` key at all, a key in the environment picks the provider (Anthropic first, since the
 * main host is Claude Code) and that provider's smallest current model (seed 000).
 */
export interface ExtractionConfig {
  provider: ProviderName;
  baseUrl: string;
  model: string;
  /** Name of the environment variable holding the API key. */
  apiKeyEnv?: string;
  /** Resolved from `apiKeyEnv` in the environment passed in (never stored). */
  apiKey?: string;
  /** Per HTTP call. */
  timeoutMs: number;
  /** Retries of one call on 429 / 5xx / network errors (the repair call is counted apart). */
  maxRetries: number;
  /** Items one pass may store, and characters per item (seed 000: 3 and 200; filled by parseExtraction). */
  maxItems?: number;
  maxChars?: number;
  /** Characters of the one-line session summary asked for in the same call (0: none; filled by parseExtraction). */
  summaryChars?: number;
  /** Extraction calls one delta may take: a longer one is split (src/learn/model-ask.ts; absent: the default). */
  maxCalls?: number;
}

/**
 * The smallest current model per hosted provider, used when none is configured (listed in the README).
 * Checked November 2026: Claude Haiku 5.5 is Anthropic's fastest and cheapest; OpenAI marks gpt-5-nano
 * deprecated and points cost-sensitive work to GPT-6 Luna.
 */
export const SMALLEST_MODELS = {
  anthropic: "claude-haiku-5-5",
  openai: "gpt-6-luna",
} as const;

export const DEFAULT_BASE_URLS: Record<ProviderName, string> = {
  openai: "https://api.openai.com/v1",
  anthropic: "https://api.anthropic.com/v1",
  ollama: "http://127.0.0.1:11434",
};

const DEFAULT_KEY_ENVS: Partial<Record<ProviderName, string>> = {
  anthropic: "ANTHROPIC_API_KEY",
  openai: "OPENAI_API_KEY",
};

export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_MAX_RETRIES = 3;

const extractionSchema = z.strictObject({
  provider: z.enum(["openai", "anthropic", "ollama"]),
  baseUrl: z
    .string()
    .regex(/^https?:\/\/\S+$/, "must be an http(s) URL")
    .optional(),
  model: z.string().min(1).optional(),
  apiKeyEnv: z.string().min(1).optional(),
  timeoutMs: z.number().positive().optional(),
  maxRetries: z.number().int().min(0).max(10).optional(),
  maxItems: z.number().int().min(1).max(20).optional(),
  maxChars: z.number().int().min(20).max(2000).optional(),
  summaryChars: z.union([z.literal(0), z.number().int().min(40).max(500)]).optional(),
  maxCalls: z.number().int().min(1).max(50).optional(),
});

export type Env = Record<string, string | undefined>;

/**
 * `raw` is the settings file's `extraction` value (undefined when absent). Returns undefined when there is
 * no model to use: nothing configured and no known key in `env`.
 */
export function parseExtraction(file: string, raw: unknown, env: Env): ExtractionConfig | undefined {
  if (raw === undefined) return fromEnvironment(env);
  const parsed = extractionSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `.${issue.path.join(".")}` : "";
    throw new BrainError("CONFIG", `${file}: "extraction"${where} ${issue?.message ?? "is invalid"}`, {
      key: "extraction",
    });
  }
  const o = parsed.data;
  const model = o.model ?? (o.provider === "ollama" ? undefined : SMALLEST_MODELS[o.provider]);
  if (!model) {
    throw new BrainError("CONFIG", `${file}: "extraction".model is required for ollama`, {
      key: "extraction",
    });
  }
  const apiKeyEnv = o.apiKeyEnv ?? DEFAULT_KEY_ENVS[o.provider];
  const apiKey = apiKeyEnv ? env[apiKeyEnv] : undefined;
  return {
    provider: o.provider,
    baseUrl: (o.baseUrl ?? DEFAULT_BASE_URLS[o.provider]).replace(/\/+$/, ""),
    model,
    ...(apiKeyEnv ? { apiKeyEnv } : {}),
    ...(apiKey ? { apiKey } : {}),
    timeoutMs: o.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxRetries: o.maxRetries ?? DEFAULT_MAX_RETRIES,
    maxItems: o.maxItems ?? DEFAULT_MAX_ITEMS,
    maxChars: o.maxChars ?? DEFAULT_MAX_CHARS,
    summaryChars: o.summaryChars ?? DEFAULT_SUMMARY_CHARS,
    ...(o.maxCalls ? { maxCalls: o.maxCalls } : {}),
  };
}

function fromEnvironment(env: Env): ExtractionConfig | undefined {
  for (const provider of ["anthropic", "openai"] as const) {
    const apiKeyEnv = DEFAULT_KEY_ENVS[provider] as string;
    const apiKey = env[apiKeyEnv];
    if (!apiKey) continue;
    return {
      provider,
      baseUrl: DEFAULT_BASE_URLS[provider],
      model: SMALLEST_MODELS[provider],
      apiKeyEnv,
      apiKey,
      timeoutMs: DEFAULT_TIMEOUT_MS,
      maxRetries: DEFAULT_MAX_RETRIES,
      maxItems: DEFAULT_MAX_ITEMS,
      maxChars: DEFAULT_MAX_CHARS,
      summaryChars: DEFAULT_SUMMARY_CHARS,
    };
  }
  return undefined;
}
