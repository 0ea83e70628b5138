import { BrainError } from "../core/errors.ts";

/** Exit codes, one per error kind, so scripts can tell them apart. */
export const EXIT = {
  OK: 0,
  ERROR: 1,
  INVALID: 2,
  NOT_FOUND: 3,
  DUPLICATE: 4,
  LOCKED: 5,
  CONFIG: 6,
  IO: 1,
} as const;

export interface Out {
  json: boolean;
}

export function print(text: string): void {
  process.stdout.write(text.endsWith("\n") ? text : `${text}\n`);
}

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** Print an error the way the caller asked for and return the exit code it maps to. */
export function fail(err: unknown, out: Out): number {
  const e =
    err instanceof BrainError ? err : new BrainError("IO", err instanceof Error ? err.message : String(err));
  const code = EXIT[e.code] ?? EXIT.ERROR;
  if (out.json) printJson({ ok: false, error: { code: e.code, message: e.message, ...(e.details ?? {}) } });
  else process.stderr.write(`brain: ${e.message}\n`);
  if (!(err instanceof BrainError) && process.env.BRAIN_DEBUG && err instanceof Error) {
    process.stderr.write(`${err.stack}\n`);
  }
  return code;
}
