import type { z } from "zod";
import type { HostProviderName } from "./headless-config.ts";

/**
 * The one shape every extraction model is reached through, whatever its wire format. The learner hands it a
 * system prompt, the conversation and a zod schema; it gets back a value that passed the schema, or an
 * `LlmError` that says why not. Provider code lives in `providers.ts` and is imported only by the learner.
 */
export interface LlmMessage {
  role: "user" | "assistant";
  content: string;
}

export interface LlmRequest<T> {
  system: string;
  /** End with a user turn: Anthropic reads a trailing assistant turn as the start of its own answer. */
  messages: LlmMessage[];
  /**
   * The answer must validate against this; it is also sent to the model as a JSON schema. For OpenAI's strict
   * mode every property must be required (use `.nullable()`, not `.optional()`); bounds a provider cannot
   * express (Anthropic drops maxItems/maxLength) are still enforced here, and a breach costs the repair call.
   */
  schema: z.ZodType<T>;
  /** Names the schema for providers that want one (OpenAI's `json_schema.name`). */
  schemaName?: string;
  maxOutputTokens?: number;
}

export interface LlmUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface LlmResult<T> {
  value: T;
  /** Tokens over every HTTP call this request took (retries and the repair call included). */
  usage: LlmUsage;
  /** HTTP calls made, 1 when the first answer was good. */
  calls: number;
  /** True when the first answer was malformed and the repair call fixed it. */
  repaired: boolean;
}

export interface LlmProvider {
  readonly provider: ProviderName | HostProviderName;
  readonly model: string;
  complete<T>(request: LlmRequest<T>): Promise<LlmResult<T>>;
}

export type ProviderName = "openai" | "anthropic" | "ollama";

/**
 * Why a request failed after its retries: the learner logs this and retries the work later. "budget": a
 * headless host's calls for the day are spent (src/learn/extract/headless.ts): the pass goes on without a model.
 */
export type LlmFailure = "timeout" | "rate-limited" | "server" | "malformed" | "http" | "network" | "budget";

export class LlmError extends Error {
  readonly failure: LlmFailure;
  readonly status?: number;
  readonly usage: LlmUsage;
  readonly calls: number;

  constructor(
    failure: LlmFailure,
    message: string,
    details: { status?: number; usage: LlmUsage; calls: number },
  ) {
    super(message);
    this.name = "LlmError";
    this.failure = failure;
    this.status = details.status;
    this.usage = details.usage;
    this.calls = details.calls;
  }
}
