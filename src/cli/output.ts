import { asBrainError, BrainError } from "../core/errors.ts";
import { writeStderr, writeStdout } from "../hooks/std-out.ts";
import { forTerminal } from "./sanitize.ts";

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
  /** A bug (an error that is not a BrainError): EX_SOFTWARE. */
  INTERNAL: 70,
} as const;

export interface Out {
  json: boolean;
  /** Print the stack of an internal error (BRAIN_DEBUG). */
  debug?: boolean;
}

/** Where a command's output goes: this process's stdout and stderr, or a served command's capture. */
export interface Sink {
  out(text: string): void;
  err(text: string): void;
}

/** This process's stdout and stderr, written through their file descriptors (src/hooks/std-out.ts says why). */
const STDIO: Sink = { out: writeStdout, err: writeStderr };
let sink: Sink = STDIO;

/**
 * Run `fn` with everything print/warn/printJson/fail write captured (the resident server runs a CLI command
 * for the bin: src/cli/served-run.ts). Served commands run one at a time, so one sink at a time suffices.
 */
export async function captured<T>(
  fn: () => Promise<T>,
): Promise<{ value: T; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  sink = { out: (t) => out.push(t), err: (t) => err.push(t) };
  try {
    const value = await fn();
    return { value, stdout: out.join(""), stderr: err.join("") };
  } finally {
    sink = STDIO;
  }
}

/** Raw text on the command's stdout (print and printJson go through here). */
export function writeOut(text: string): void {
  sink.out(text);
}

/** Raw text on the command's stderr (progress lines). */
export function writeErr(text: string): void {
  sink.err(text);
}

export function print(text: string): void {
  const clean = forTerminal(text);
  sink.out(clean.endsWith("\n") ? clean : `${clean}\n`);
}

/** A line on stderr (warnings, problems, errors), cleaned like print. */
export function warn(text: string): void {
  sink.err(`${forTerminal(text)}\n`);
}

export function printJson(value: unknown): void {
  sink.out(`${JSON.stringify(value, null, 2)}\n`);
}

/** An error for a person: its message, marked as a bug when it is one. */
export function errorText(err: unknown): string {
  const e = asBrainError(err);
  return `${e.code === "INTERNAL" ? "internal error (a bug): " : ""}${e.message}`;
}

/** Print an error the way the caller asked for and return the exit code it maps to. */
export function fail(err: unknown, out: Out): number {
  const e = asBrainError(err);
  const code = EXIT[e.code] ?? EXIT.ERROR;
  if (out.json) printJson({ ok: false, error: { code: e.code, message: e.message, ...(e.details ?? {}) } });
  else warn(`brain: ${errorText(e)}`);
  if (!(err instanceof BrainError) && out.debug && err instanceof Error) {
    sink.err(`${err.stack}\n`);
  }
  return code;
}
