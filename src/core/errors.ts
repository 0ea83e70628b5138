/**
 * Typed errors: every surface maps `code` to its own exit code / status in one place. INTERNAL is what any
 * error that is not a BrainError becomes: a bug, not a condition the caller could fix.
 */
export type BrainErrorCode = "INVALID" | "NOT_FOUND" | "DUPLICATE" | "LOCKED" | "CONFIG" | "IO" | "INTERNAL";

export class BrainError extends Error {
  readonly code: BrainErrorCode;
  readonly details: Record<string, unknown> | undefined;
  constructor(code: BrainErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = "BrainError";
    this.code = code;
    this.details = details;
  }
}

export function isBrainError(e: unknown): e is BrainError {
  return e instanceof BrainError;
}

/** The error as a BrainError: itself, or INTERNAL for anything else (every surface reports through this). */
export function asBrainError(err: unknown): BrainError {
  if (err instanceof BrainError) return err;
  return new BrainError("INTERNAL", err instanceof Error ? err.message : String(err));
}
