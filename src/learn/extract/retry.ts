/**
 * When to call a model again after a failed HTTP call, and how long to wait first. The sleep is injectable
 * and every wait is capped, so a learner never stalls on a hostile `Retry-After` and tests need not wait.
 */
export interface RetryPolicy {
  maxRetries: number;
  /** First backoff on 5xx / network errors; doubled each retry, with jitter. */
  baseDelayMs: number;
  /** No single wait is longer than this, Retry-After included. */
  maxDelayMs: number;
  sleep: (ms: number) => Promise<void>;
  /** 0 ≤ x < 1, for jitter. */
  random: () => number;
  /** For Retry-After given as an HTTP date. */
  now: () => number;
}

export const DEFAULT_RETRY: Omit<RetryPolicy, "maxRetries"> = {
  baseDelayMs: 1_000,
  maxDelayMs: 30_000,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  random: Math.random,
  now: Date.now,
};

/** Milliseconds asked for by a Retry-After header (seconds or an HTTP date), or undefined. */
export function retryAfterMs(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The wait before retry number `retry` (0 = first retry): Retry-After when given, else exponential backoff. */
export function retryDelay(retry: number, retryAfter: string | undefined, policy: RetryPolicy): number {
  const asked = retryAfterMs(retryAfter, policy.now());
  const backoff = policy.baseDelayMs * 2 ** retry * (0.5 + policy.random() / 2);
  return Math.min(policy.maxDelayMs, asked ?? backoff);
}
