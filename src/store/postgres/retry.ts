/**
 * Which server errors are worth retrying: the connection went away (server restart, network drop, too many
 * clients for now) or a transaction lost a conflict. Anything else is a real error and surfaces at once.
 */
const RETRY_SQLSTATE = new Set(["40001", "40P01", "57P01", "57P02", "57P03", "53300"]);
const RETRY_ERRNO = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EHOSTUNREACH",
]);

export function retriable(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  if (!e) return false;
  if (e.code && (RETRY_SQLSTATE.has(e.code) || e.code.startsWith("08") || RETRY_ERRNO.has(e.code)))
    return true;
  return /Connection terminated|connection timeout|Client has encountered a connection error|not queryable/i.test(
    e.message ?? "",
  );
}

/** Exponential backoff with jitter: 25 ms doubling to 1 s. */
export function backoff(attempt: number, random: () => number): number {
  const base = Math.min(25 * 2 ** attempt, 1000);
  return base / 2 + random() * (base / 2);
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
