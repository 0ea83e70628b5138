import { resolve } from "node:path";
import { BrainError } from "./core/errors.ts";

/**
 * The settings of learning from mistakes (issue 28), parsed by loadConfig (src/config.ts) once, at the entry
 * point: the improvement cycle and its thresholds (`improve`), the DEEP export and its schedule (`deep`), the
 * directives an agent can run (`directives`), and the modules that replace a built-in layer (`plugins`).
 */
export interface ImproveSettings {
  /** Brain-file appends a cycle drafts are applied at once (seed 004's default); off: everything to review. */
  autoApply: boolean;
  /** The failure hook answers with what happened the last time a call failed like this. */
  failureHints: boolean;
  /** Longest failure hint, in characters. */
  hintChars: number;
  /** The cycle runs while the resident server does, and when due at the next start (a learner run). */
  schedule: boolean;
  /** Minutes between cycles (seed 004: hourly). */
  cycleMinutes: number;
  /** Hours between dedup scans (seed 004: about daily). */
  dedupHours: number;
  /** Days of ledger a cycle looks at (seed 004: 7). */
  windowDays: number;
  /** A tool's failure rate over the window above which it is an opportunity (seed 004: 20 %). */
  failureRate: number;
  /** …and at least this many failures (a rate over one call is noise). */
  minFailures: number;
  /** Corrections in the window that make an opportunity (seed 004: 3). */
  corrections: number;
  /** Provider errors in the window that make one (seed 004: 3). */
  providerErrors: number;
  /** A shell command run more than this many times on one day is an opportunity (seed 004: 15). */
  shellPerDay: number;
  /** The same sequence of commands in this many sessions is a workflow (a skill). */
  workflowSessions: number;
  /** Longest command or path, and error excerpt, a ledger record keeps. */
  ledgerTargetChars: number;
  ledgerErrorChars: number;
}

export interface DeepSettings {
  /** Export (and train) when due while the resident server runs (default off). */
  schedule: boolean;
  /** Hours between scheduled exports (seed 003 runs nightly). */
  everyHours: number;
  format: "openai" | "mlx";
  /** Where the dataset goes (default `.brain/deep/`). */
  out?: string;
  /** The trainer command run after a scheduled export, with the dataset path as its last argument. */
  trainer?: string[];
  trainerTimeoutMinutes: number;
}

export interface DirectiveSettings {
  /** The tools.toml tools with a shell executor the user allowed to run (by name). */
  shellTools: string[];
  /** How long a tools.toml tool may run. */
  toolTimeoutMs: number;
  /** Longest output of a tools.toml tool kept (characters). */
  toolOutputChars: number;
}

/** Modules (paths, resolved against the settings file) that replace a built-in layer (docs: PLUGINS.md). */
export interface PluginSettings {
  detector?: string;
  curator?: string;
  trainer?: string;
}

export const DEFAULT_IMPROVE: ImproveSettings = {
  autoApply: false,
  failureHints: true,
  hintChars: 800,
  schedule: true,
  cycleMinutes: 60,
  dedupHours: 24,
  windowDays: 7,
  failureRate: 0.2,
  minFailures: 3,
  corrections: 3,
  providerErrors: 3,
  shellPerDay: 15,
  workflowSessions: 3,
  ledgerTargetChars: 300,
  ledgerErrorChars: 400,
};

export const DEFAULT_DEEP: DeepSettings = {
  schedule: false,
  everyHours: 24,
  format: "openai",
  trainerTimeoutMinutes: 120,
};

export const DEFAULT_DIRECTIVES: DirectiveSettings = {
  shellTools: [],
  toolTimeoutMs: 10_000,
  toolOutputChars: 20_000,
};

const fail = (file: string, key: string, what: string): never => {
  throw new BrainError("CONFIG", `${file}: "${key}" ${what}`, { key });
};

function object(file: string, key: string, v: unknown): Record<string, unknown> {
  if (v === null || typeof v !== "object" || Array.isArray(v)) fail(file, key, "must be an object");
  return v as Record<string, unknown>;
}

function number(file: string, key: string, v: unknown, min: number, max = Number.POSITIVE_INFINITY): number {
  if (typeof v !== "number" || !Number.isFinite(v) || v < min || v > max)
    fail(file, key, `must be a number from ${min}${max < Number.POSITIVE_INFINITY ? ` to ${max}` : " up"}`);
  return v as number;
}

function bool(file: string, key: string, v: unknown): boolean {
  if (typeof v !== "boolean") fail(file, key, "must be true or false");
  return v as boolean;
}

/** Read the keys of `o` that `defaults` has, by the type of each default; other keys are left alone. */
function fill<T extends object>(
  file: string,
  prefix: string,
  o: Record<string, unknown>,
  defaults: T,
  mins: Partial<Record<keyof T, [number, number?]>>,
): T {
  const out = { ...defaults } as Record<string, unknown>;
  for (const [k, d] of Object.entries(defaults)) {
    const v = o[k];
    if (v === undefined) continue;
    const key = `${prefix}.${k}`;
    if (typeof d === "boolean") out[k] = bool(file, key, v);
    else if (typeof d === "number") {
      const [min, max] = mins[k as keyof T] ?? [1];
      out[k] = number(file, key, v, min, max);
    }
  }
  return out as T;
}

export function parseImprove(file: string, v: unknown): ImproveSettings {
  return fill(file, "improve", object(file, "improve", v), DEFAULT_IMPROVE, {
    failureRate: [0, 1],
    minFailures: [1],
    hintChars: [100],
    ledgerTargetChars: [16],
    ledgerErrorChars: [16],
  });
}

export function parseDeep(file: string, v: unknown): DeepSettings {
  const o = object(file, "deep", v);
  const out = fill(file, "deep", o, DEFAULT_DEEP, {});
  if (o.format !== undefined) {
    if (o.format !== "openai" && o.format !== "mlx") fail(file, "deep.format", 'must be "openai" or "mlx"');
    out.format = o.format as "openai" | "mlx";
  }
  if (o.out !== undefined) {
    if (typeof o.out !== "string" || !o.out) fail(file, "deep.out", "must be a directory");
    out.out = o.out as string;
  }
  if (o.trainer !== undefined) {
    const t = o.trainer;
    if (!Array.isArray(t) || t.length === 0 || !t.every((w) => typeof w === "string" && w))
      fail(
        file,
        "deep.trainer",
        'must be a command as a list of words, e.g. ["mlx_lm.lora", "--train", "--data"]',
      );
    out.trainer = t as string[];
  }
  return out;
}

export function parseDirectives(file: string, v: unknown): DirectiveSettings {
  const o = object(file, "directives", v);
  const out = fill(file, "directives", o, DEFAULT_DIRECTIVES, {
    toolTimeoutMs: [100],
    toolOutputChars: [100],
  });
  if (o.shellTools !== undefined) {
    const t = o.shellTools;
    if (!Array.isArray(t) || !t.every((w) => typeof w === "string" && w))
      fail(file, "directives.shellTools", "must be a list of tool names");
    out.shellTools = t as string[];
  }
  return out;
}

export function parsePlugins(file: string, v: unknown, dir: string): PluginSettings {
  const o = object(file, "plugins", v);
  const out: PluginSettings = {};
  for (const k of ["detector", "curator", "trainer"] as const) {
    const p = o[k];
    if (p === undefined) continue;
    if (typeof p !== "string" || !p) fail(file, `plugins.${k}`, "must be the path of a module");
    out[k] = resolve(dir, p as string);
  }
  return out;
}
