import type { LanguageModel } from "ai";
import type { ExtractionConfig } from "./config.ts";

/**
 * One AI SDK language model per configured wire format. The SDK packages are imported here, lazily, so only
 * the learner ever loads them (a hook imports nothing from this folder).
 *
 * Why the Vercel AI SDK: one call (`generateText` with `Output.object`) gives zod-validated structured output
 * over all three wire formats, each provider sending its strictest form (OpenAI `json_schema` with
 * `strict`, Anthropic native output format or a forced tool call, Ollama `format: <schema>`). We pin major 6:
 * `ai@7` and its providers require Node ≥ 22, 6.x runs on Node ≥ 18. Ollama's native API comes from the
 * community provider `ollama-ai-provider-v2@3` (the last major for ai 6, Node ≥ 20).
 */
export async function languageModel(
  config: ExtractionConfig,
  fetch?: typeof globalThis.fetch,
): Promise<LanguageModel> {
  switch (config.provider) {
    case "openai": {
      const { createOpenAICompatible } = await import("@ai-sdk/openai-compatible");
      return createOpenAICompatible({
        name: "openai",
        baseURL: config.baseUrl,
        ...(config.apiKey ? { apiKey: config.apiKey } : {}),
        supportsStructuredOutputs: true,
        includeUsage: true,
        ...(fetch ? { fetch } : {}),
      }).chatModel(config.model);
    }
    case "anthropic": {
      const { createAnthropic } = await import("@ai-sdk/anthropic");
      // An explicit key always: the SDK would otherwise read process.env itself (config is read once, above us).
      return createAnthropic({
        baseURL: config.baseUrl,
        apiKey: config.apiKey ?? "",
        ...(fetch ? { fetch } : {}),
      })(config.model);
    }
    case "ollama": {
      const { createOllama } = await import("ollama-ai-provider-v2");
      const baseURL = config.baseUrl.endsWith("/api") ? config.baseUrl : `${config.baseUrl}/api`;
      return createOllama({
        baseURL,
        ...(config.apiKey ? { headers: { Authorization: `Bearer ${config.apiKey}` } } : {}),
        ...(fetch ? { fetch } : {}),
      })(config.model);
    }
  }
}
