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

/**
 * What the system said about a file it could not write (or read): the condition, not a bug. A read-only log,
 * a full disk or a read-only mount is the user's to fix, so it is reported as IO, naming the file.
 */
const SYSTEM_IO: Readonly<Record<string, string>> = {
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  EROFS: "read-only file system",
  ENOSPC: "no space left on the device",
  EDQUOT: "disk quota exceeded",
};

function systemIo(err: unknown): BrainError | null {
  if (!(err instanceof Error)) return null;
  const e = err as Error & { code?: unknown; path?: unknown; syscall?: unknown };
  const what = typeof e.code === "string" ? SYSTEM_IO[e.code] : undefined;
  if (!what) return null;
  const path = typeof e.path === "string" ? e.path : undefined;
  const op = typeof e.syscall === "string" ? `, ${e.syscall}` : "";
  return new BrainError("IO", `${path ? `${path}: ` : ""}${what} (${String(e.code)}${op})`, {
    ...(path ? { path } : {}),
  });
}

/** The error as a BrainError: itself, a system's file condition as IO, or INTERNAL (a bug) for anything else. */
export function asBrainError(err: unknown): BrainError {
  if (err instanceof BrainError) return err;
  return systemIo(err) ?? new BrainError("INTERNAL", err instanceof Error ? err.message : String(err));
}
