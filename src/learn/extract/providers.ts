import type { ModelMessage } from "ai";
import type { ExtractionConfig } from "./config.ts";
import { DEFAULT_RETRY, type RetryPolicy, retryDelay } from "./retry.ts";
import { languageModel } from "./sdk-models.ts";
import {
  LlmError,
  type LlmFailure,
  type LlmMessage,
  type LlmProvider,
  type LlmRequest,
  type LlmResult,
  type LlmUsage,
} from "./types.ts";

/**
 * `LlmProvider` over the AI SDK: one structured-output call, the SDK's own retries off (its waits are real
 * and not ours to bound), our retries on 429 (Retry-After honoured, capped) and 5xx / network errors
 * (exponential backoff), a timeout per call, and one repair call when the answer is not valid JSON for the
 * schema: the bad answer goes back to the model with the error, and a second bad answer fails cleanly.
 */
export interface ProviderOptions {
  retry?: Partial<Omit<RetryPolicy, "maxRetries">>;
  fetch?: typeof globalThis.fetch;
}

export async function createProvider(
  config: ExtractionConfig,
  options: ProviderOptions = {},
): Promise<LlmProvider> {
  const [ai, model] = await Promise.all([import("ai"), languageModel(config, options.fetch)]);
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry, maxRetries: config.maxRetries };

  async function complete<T>(request: LlmRequest<T>): Promise<LlmResult<T>> {
    const usage: LlmUsage = { inputTokens: 0, outputTokens: 0 };
    let calls = 0;
    const output = ai.Output.object({
      schema: request.schema,
      ...(request.schemaName ? { name: request.schemaName } : {}),
    });
    const messages: ModelMessage[] = request.messages.map(toModelMessage);

    /** One call with retries; returns the value, or the malformed answer's text and why it was refused. */
    async function attempt(): Promise<{ ok: true; value: T } | { ok: false; text: string; why: string }> {
      for (let retry = 0; ; retry++) {
        calls++;
        try {
          const result = await ai.generateText({
            model,
            system: request.system,
            messages,
            output,
            maxRetries: 0,
            abortSignal: AbortSignal.timeout(config.timeoutMs),
            ...(request.maxOutputTokens ? { maxOutputTokens: request.maxOutputTokens } : {}),
          });
          add(usage, result.totalUsage);
          return { ok: true, value: result.output as T };
        } catch (error) {
          if (ai.NoObjectGeneratedError.isInstance(error)) {
            add(usage, error.usage);
            return { ok: false, text: error.text ?? "", why: describe(error.cause ?? error) };
          }
          const failure = classify(error, ai.APICallError.isInstance(error) ? error : undefined);
          const status = ai.APICallError.isInstance(error) ? error.statusCode : undefined;
          const retryable = failure === "rate-limited" || failure === "server" || failure === "network";
          if (!retryable || retry >= policy.maxRetries) {
            throw new LlmError(failure, `${config.provider} ${config.model}: ${describe(error)}`, {
              ...(status !== undefined ? { status } : {}),
              usage,
              calls,
            });
          }
          const headers = ai.APICallError.isInstance(error) ? error.responseHeaders : undefined;
          await policy.sleep(retryDelay(retry, headerValue(headers, "retry-after"), policy));
        }
      }
    }

    const first = await attempt();
    if (first.ok) return { value: first.value, usage, calls, repaired: false };
    messages.push(
      { role: "assistant", content: first.text },
      { role: "user", content: repairPrompt(first.why) },
    );
    const second = await attempt();
    if (second.ok) return { value: second.value, usage, calls, repaired: true };
    throw new LlmError(
      "malformed",
      `${config.provider} ${config.model}: malformed answer after repair: ${second.why}`,
      {
        usage,
        calls,
      },
    );
  }

  return { provider: config.provider, model: config.model, complete };
}

function toModelMessage(message: LlmMessage): ModelMessage {
  return { role: message.role, content: message.content };
}

export function repairPrompt(why: string): string {
  return `Your previous answer could not be used: ${why.slice(0, 500)}. Answer again with only a JSON object that matches the schema.`;
}

function add(
  total: LlmUsage,
  usage: { inputTokens?: number | undefined; outputTokens?: number | undefined } | undefined,
) {
  total.inputTokens += usage?.inputTokens ?? 0;
  total.outputTokens += usage?.outputTokens ?? 0;
}

function classify(error: unknown, apiError: { statusCode?: number | undefined } | undefined): LlmFailure {
  if (isTimeout(error)) return "timeout";
  const status = apiError?.statusCode;
  if (status === 429) return "rate-limited";
  if (status !== undefined && status >= 500) return "server";
  if (apiError && status === undefined) return "network";
  return "http";
}

function isTimeout(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e.name === "TimeoutError" || e.name === "AbortError") return true;
  }
  return false;
}

function headerValue(headers: Record<string, string> | undefined, name: string): string | undefined {
  if (!headers) return undefined;
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name) return value;
  return undefined;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
