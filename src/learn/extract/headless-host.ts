import type { HeadlessConfig } from "./headless-config.ts";
import type { RunOutput } from "./headless-run.ts";
import type { LlmUsage } from "./types.ts";

/**
 * What differs between the agent hosts' headless modes (src/learn/extract/headless.ts holds what they share:
 * the budget, the recursion guard, the timeout, the schema check): how one request becomes a run of the
 * host's program, and how its output becomes an answer. One driver per host (headless-claude.ts,
 * headless-codex.ts, headless-gemini.ts).
 */
export interface HostRequest {
  /** The extraction rules (the system prompt). */
  system: string;
  /** The answer's JSON Schema (without "$schema"). */
  schema: Record<string, unknown>;
  /** The conversation, as text. */
  input: string;
}

export interface HostCall {
  args: string[];
  /** Added to the child's environment (after the recursion guard's variables, which it cannot undo). */
  env?: Record<string, string>;
  /** What goes on the child's stdin. */
  input: string;
}

export type HostAnswer =
  | { value: unknown; usage: LlmUsage }
  | { failure: "http" | "malformed"; why: string; usage: LlmUsage };

/** Where the hosts keep their own settings (from src/config.ts, read once there). */
export interface HostPlaces {
  /** Codex's directory (CODEX_HOME, else ~/.codex). */
  codexDir?: string;
}

export interface HostDriver {
  /** `file(name, text)` writes a file the run reads (a schema, a system prompt) and returns its path. */
  call(
    config: HeadlessConfig,
    request: HostRequest,
    file: (name: string, text: string) => string,
    places: HostPlaces,
  ): HostCall;
  read(out: RunOutput): HostAnswer;
}
