/** Typed errors: every surface maps `code` to its own exit code / status in one place. */
export type BrainErrorCode = "INVALID" | "NOT_FOUND" | "DUPLICATE" | "LOCKED" | "CONFIG" | "IO";

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
