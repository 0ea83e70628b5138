import { postJsonSync } from "./blocking-post.ts";
import type { EmbeddingsConfig } from "./config.ts";

/**
 * Turns texts into vectors through a configured HTTP server. Two wire formats:
 *   openai — POST {baseUrl}/v1/embeddings {model, input: [...]} → {data: [{index, embedding}]}
 *            (OpenAI and the many servers that copy its API: llama.cpp, vLLM, LM Studio, Ollama's /v1);
 *   ollama — POST {baseUrl}/api/embed {model, input: [...]} → {embeddings: [[...]]}.
 * Plain `fetch` (in blocking-post.ts) rather than a client library: the official `openai` package is a large
 * SDK for one POST, and `ollama` covers only its own server; each format here is a request and a parse.
 */
export interface Embedder {
  /** What produced the vectors (provider, server and model): vectors from another one are not comparable. */
  readonly id: string;
  /** One vector per text, in order. Throws EmbeddingError on any failure. */
  embed(texts: string[]): Float32Array[];
}

export class EmbeddingError extends Error {}

function endpoint(c: EmbeddingsConfig): string {
  if (c.provider === "ollama") return `${c.baseUrl}/api/embed`;
  return /\/v1$/.test(c.baseUrl) ? `${c.baseUrl}/embeddings` : `${c.baseUrl}/v1/embeddings`;
}

function vectors(c: EmbeddingsConfig, body: unknown, n: number): Float32Array[] {
  const o = (body ?? {}) as { data?: { index?: number; embedding?: unknown }[]; embeddings?: unknown[] };
  let raw: unknown[];
  if (c.provider === "ollama") raw = Array.isArray(o.embeddings) ? o.embeddings : [];
  else {
    const data = Array.isArray(o.data) ? [...o.data] : [];
    data.sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
    raw = data.map((d) => d.embedding);
  }
  if (raw.length !== n) throw new EmbeddingError(`expected ${n} vectors, got ${raw.length}`);
  const out = raw.map((v) => {
    if (!Array.isArray(v) || v.length === 0 || !v.every((x) => typeof x === "number" && Number.isFinite(x)))
      throw new EmbeddingError("a vector is not a list of numbers");
    return Float32Array.from(v as number[]);
  });
  if (out.some((v) => v.length !== out[0]?.length)) throw new EmbeddingError("vectors of different lengths");
  return out;
}

export function httpEmbedder(c: EmbeddingsConfig): Embedder {
  const url = endpoint(c);
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (c.apiKey) headers.authorization = `Bearer ${c.apiKey}`;
  return {
    id: `${c.provider} ${c.baseUrl} ${c.model}`,
    embed(texts: string[]): Float32Array[] {
      if (texts.length === 0) return [];
      const reply = postJsonSync(
        url,
        headers,
        JSON.stringify({ model: c.model, input: texts }),
        c.timeoutMs ?? 10_000,
      );
      if ("error" in reply) throw new EmbeddingError(`${url}: ${reply.error}`);
      if (reply.status < 200 || reply.status > 299)
        throw new EmbeddingError(`${url}: HTTP ${reply.status} ${reply.text.slice(0, 200)}`);
      let body: unknown;
      try {
        body = JSON.parse(reply.text);
      } catch {
        throw new EmbeddingError(`${url}: the reply is not JSON`);
      }
      try {
        return vectors(c, body, texts.length);
      } catch (e) {
        throw new EmbeddingError(`${url}: ${(e as Error).message}`);
      }
    },
  };
}
