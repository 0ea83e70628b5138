import { type EmbeddingsConfig, parseEmbeddings } from "../../src/recall/embeddings/config.ts";

/**
 * `--embeddings openai|ollama --embeddings-model NAME [--embeddings-url URL] [--embeddings-key-env VAR]`:
 * the provider a "brain+emb" column uses (Brain with settings.embeddings). The URL defaults to a local
 * Ollama (http://127.0.0.1:11434) or to OpenAI (https://api.openai.com, key from OPENAI_API_KEY).
 */
export function embeddingsFromArgs(
  arg: (name: string) => string | undefined,
  env: Record<string, string | undefined>,
): EmbeddingsConfig | null {
  const provider = arg("embeddings");
  if (!provider) return null;
  const openai = provider === "openai";
  const keyEnv = arg("embeddings-key-env") ?? (openai ? "OPENAI_API_KEY" : undefined);
  const config = parseEmbeddings("--embeddings", {
    provider,
    baseUrl: arg("embeddings-url") ?? (openai ? "https://api.openai.com" : "http://127.0.0.1:11434"),
    model: arg("embeddings-model"),
    ...(keyEnv ? { apiKeyEnv: keyEnv } : {}),
    timeoutMs: 60_000,
  });
  const key = keyEnv ? env[keyEnv] : undefined;
  return key ? { ...config, apiKey: key } : config;
}
