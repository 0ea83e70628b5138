import * as fs from "node:fs";
import { delimiter, isAbsolute, join } from "node:path";
import { z } from "zod";
import { BrainError } from "../../core/errors.ts";
import { DEFAULT_MAX_CHARS, DEFAULT_MAX_ITEMS, DEFAULT_SUMMARY_CHARS } from "./schema.ts";

/**
 * The extraction model as an agent host's own headless mode (issue 23: most users of an agent host sign in
 * with a subscription and have no API key, but the host they run is itself a model client). Settings key
 * `extraction`, switched on only by the user since it spends their quota:
 *   { "provider": "claude-code" | "codex-cli" | "gemini-cli", "command": "claude", "model": "haiku",
 *     "timeoutMs": 120000, "callsPerDay": 20, "maxCalls": 4, "maxItems": 3, "maxChars": 200, "summaryChars": 160 }
 * `command` is looked up on PATH (or an absolute path); `model` is passed to the host (an alias or a full name;
 * a host's default model is its largest, so a small one is asked for where one is known; Codex: the user's own
 * configured model, since which ones a sign-in may use varies); `callsPerDay` caps the headless runs per local
 * day, shared by every host (src/learn/extract/host-budget.ts); `timeoutMs` kills a run that takes longer.
 */
export const HOST_PROVIDERS = ["claude-code", "codex-cli", "gemini-cli"] as const;
export type HostProviderName = (typeof HOST_PROVIDERS)[number];

/** What differs per host before a run: its program, its default model, and how it is named to the user. */
export interface HostDefaults {
  command: string;
  model?: string;
  /** The host's name, as its users know it. */
  host: string;
  /** The headless invocation, in words ("claude -p"). */
  invocation: string;
  /** Whose quota it spends. */
  signIn: string;
}

export const HOST_DEFAULTS: Record<HostProviderName, HostDefaults> = {
  "claude-code": {
    command: "claude",
    model: "haiku",
    host: "Claude Code",
    invocation: "claude -p",
    signIn: "your Claude sign-in",
  },
  "codex-cli": { command: "codex", host: "Codex", invocation: "codex exec", signIn: "your Codex sign-in" },
  "gemini-cli": {
    command: "gemini",
    model: "gemini-2.5-flash",
    host: "Gemini CLI",
    invocation: "gemini -p",
    signIn: "your Gemini CLI sign-in",
  },
};

export interface HeadlessConfig {
  provider: HostProviderName;
  /** The host's program: a name found on PATH, or a path. */
  command: string;
  /** Absent: the host's own configured model. */
  model?: string;
  timeoutMs: number;
  callsPerDay: number;
  maxItems: number;
  maxChars: number;
  summaryChars: number;
  /** Extraction calls one delta may take (absent: src/learn/model-ask.ts's default). */
  maxCalls?: number;
  /** The environment the host's child starts from (the user's own, so it finds its sign-in). */
  env: Record<string, string | undefined>;
}

/** Shared by every host: a run's time limit and the day's calls. */
export const HEADLESS_DEFAULTS = {
  timeoutMs: 120_000,
  callsPerDay: 20,
} as const;

const headlessSchema = z.strictObject({
  provider: z.enum(HOST_PROVIDERS),
  command: z.string().min(1).optional(),
  model: z.string().min(1).optional(),
  timeoutMs: z.number().positive().optional(),
  callsPerDay: z.number().int().min(0).optional(),
  maxItems: z.number().int().min(1).max(20).optional(),
  maxChars: z.number().int().min(20).max(2000).optional(),
  summaryChars: z.union([z.literal(0), z.number().int().min(40).max(500)]).optional(),
  maxCalls: z.number().int().min(1).max(50).optional(),
});

export function isHostProvider(raw: unknown): boolean {
  const p = (raw as { provider?: unknown } | null | undefined)?.provider;
  return typeof p === "string" && (HOST_PROVIDERS as readonly string[]).includes(p);
}

export function parseHeadless(
  file: string,
  raw: unknown,
  env: Record<string, string | undefined>,
): HeadlessConfig {
  const parsed = headlessSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `.${issue.path.join(".")}` : "";
    throw new BrainError("CONFIG", `${file}: "extraction"${where} ${issue?.message ?? "is invalid"}`, {
      key: "extraction",
    });
  }
  const o = parsed.data;
  const model = o.model ?? HOST_DEFAULTS[o.provider].model;
  return {
    provider: o.provider,
    command: o.command ?? HOST_DEFAULTS[o.provider].command,
    ...(model ? { model } : {}),
    timeoutMs: o.timeoutMs ?? HEADLESS_DEFAULTS.timeoutMs,
    callsPerDay: o.callsPerDay ?? HEADLESS_DEFAULTS.callsPerDay,
    maxItems: o.maxItems ?? DEFAULT_MAX_ITEMS,
    maxChars: o.maxChars ?? DEFAULT_MAX_CHARS,
    summaryChars: o.summaryChars ?? DEFAULT_SUMMARY_CHARS,
    ...(o.maxCalls ? { maxCalls: o.maxCalls } : {}),
    env,
  };
}

/** Where `command` is: itself when a path, else the first executable of that name on PATH; undefined if none. */
export function findOnPath(command: string, path: string | undefined): string | undefined {
  const executable = (f: string) => {
    try {
      fs.accessSync(f, fs.constants.X_OK);
      return fs.statSync(f).isFile();
    } catch {
      return false;
    }
  };
  if (command.includes("/")) return isAbsolute(command) && executable(command) ? command : undefined;
  for (const dir of (path ?? "").split(delimiter)) {
    if (!dir) continue;
    const f = join(dir, command);
    if (executable(f)) return f;
  }
  return undefined;
}
