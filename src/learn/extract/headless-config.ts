import * as fs from "node:fs";
import { delimiter, isAbsolute, join } from "node:path";
import { z } from "zod";
import { BrainError } from "../../core/errors.ts";
import { DEFAULT_MAX_CHARS, DEFAULT_MAX_ITEMS, DEFAULT_SUMMARY_CHARS } from "./schema.ts";

/**
 * The extraction model as the agent host's own headless mode (issue 23: most Claude Code users sign in with a
 * subscription and have no API key, but the host they run is itself a model client). Settings key
 * `extraction`, switched on only by the user since it spends their quota:
 *   { "provider": "claude-code", "command": "claude", "model": "haiku", "timeoutMs": 120000,
 *     "callsPerDay": 20, "maxCalls": 4, "maxItems": 3, "maxChars": 200, "summaryChars": 160 }
 * `command` is looked up on PATH (or an absolute path); `model` is passed as `--model` (an alias or a full
 * name; the host's default model is its largest, so the smallest is asked for); `callsPerDay` caps the
 * headless runs per local day (src/learn/extract/host-budget.ts); `timeoutMs` kills a run that takes longer.
 */
export const HOST_PROVIDERS = ["claude-code"] as const;
export type HostProviderName = (typeof HOST_PROVIDERS)[number];

export interface HeadlessConfig {
  provider: HostProviderName;
  /** The host's program: a name found on PATH, or a path. */
  command: string;
  model: string;
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

export const HEADLESS_DEFAULTS = {
  command: "claude",
  model: "haiku",
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
  return {
    provider: o.provider,
    command: o.command ?? HEADLESS_DEFAULTS.command,
    model: o.model ?? HEADLESS_DEFAULTS.model,
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
