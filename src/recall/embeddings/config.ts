import { BrainError } from "../../core/errors.ts";

/**
 * The optional embeddings provider (settings key `embeddings`; absent = off):
 *   { "provider": "openai" | "ollama", "baseUrl": "http://127.0.0.1:11434", "model": "nomic-embed-text",
 *     "apiKeyEnv": "OPENAI_API_KEY", "timeoutMs": 10000 }
 * `openai` is any OpenAI-compatible server (POST {baseUrl}/v1/embeddings), `ollama` is Ollama's
 * POST {baseUrl}/api/embed. The key itself is read from the environment by loadConfig (never stored).
 */
export interface EmbeddingsConfig {
  provider: "openai" | "ollama";
  baseUrl: string;
  model: string;
  /** Name of the environment variable holding the API key (sent as a Bearer token). */
  apiKeyEnv?: string;
  /** Resolved by loadConfig from `apiKeyEnv`. */
  apiKey?: string;
  /** Per request (default 10 s). */
  timeoutMs?: number;
}

export function parseEmbeddings(file: string, v: unknown): EmbeddingsConfig {
  const bad = (why: string) =>
    new BrainError("CONFIG", `${file}: "embeddings" ${why}`, {
      key: "embeddings",
    });
  if (v === null || typeof v !== "object" || Array.isArray(v)) throw bad("must be an object");
  const o = v as Record<string, unknown>;
  if (o.provider !== "openai" && o.provider !== "ollama") throw bad('.provider must be "openai" or "ollama"');
  if (typeof o.baseUrl !== "string" || !/^https?:\/\//.test(o.baseUrl))
    throw bad(".baseUrl must be an http(s) URL");
  if (typeof o.model !== "string" || !o.model) throw bad(".model must be a model name");
  if (o.apiKeyEnv !== undefined && (typeof o.apiKeyEnv !== "string" || !o.apiKeyEnv))
    throw bad(".apiKeyEnv must be the name of an environment variable");
  if (o.timeoutMs !== undefined && (typeof o.timeoutMs !== "number" || !(o.timeoutMs > 0)))
    throw bad(".timeoutMs must be a positive number");
  return {
    provider: o.provider,
    baseUrl: o.baseUrl.replace(/\/+$/, ""),
    model: o.model,
    ...(o.apiKeyEnv ? { apiKeyEnv: o.apiKeyEnv as string } : {}),
    ...(o.timeoutMs ? { timeoutMs: o.timeoutMs as number } : {}),
  };
}
