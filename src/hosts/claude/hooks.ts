import { existsSync } from "node:fs";
import type { Settings } from "../../config.ts";
import { BrainError } from "../../core/errors.ts";
import type { Brain } from "../../engine/brain.ts";
import type { BrainHome } from "../../engine/options.ts";
import type { RecallFacet } from "../../engine/recall.ts";
import { PROMPT_MAX_CHARS, RECOVERED_HEADER, SESSION_HEADER } from "./hook-text.ts";
import { claudeQueueRecord } from "./queue-record.ts";

/**
 * Claude Code hooks (`brain hook <event>`, JSON on stdin). SessionStart and UserPromptSubmit add context
 * through `hookSpecificOutput.additionalContext`; PreCompact, Stop and SessionEnd queue the transcript for
 * the learner, start the learner detached (src/learn/worker.ts) and print nothing (output from Stop
 * could keep the turn going).
 */
export const HOOK_EVENTS = {
  "session-start": "SessionStart",
  "user-prompt-submit": "UserPromptSubmit",
  "pre-compact": "PreCompact",
  stop: "Stop",
  "session-end": "SessionEnd",
} as const;
export type HookEvent = keyof typeof HOOK_EVENTS;

export function isHookEvent(e: string): e is HookEvent {
  return Object.hasOwn(HOOK_EVENTS, e);
}

/** The documented hook input (common fields plus the per-event ones we use). */
export interface HookInput {
  session_id?: string;
  transcript_path?: string;
  cwd?: string;
  hook_event_name?: string;
  source?: string;
  prompt?: string;
  trigger?: string;
  reason?: string;
  stop_hook_active?: boolean;
  [k: string]: unknown;
}

export interface HookOutput {
  hookSpecificOutput?: { hookEventName: string; additionalContext: string };
  /** Shown to the user (not the model): what the learner stored since the last hook that could show it. */
  systemMessage?: string;
}

export interface HookEnv {
  /** How a spawned learner finds the brain again (`--brain`). */
  brainPath: string;
  /** The brain's home: its queue, notice and learner lock (engine/options.ts homeOf). */
  home: BrainHome;
  settings: Settings;
  /** Opens the brain only for the events that read it (lazily, so the queue-only hooks stay fast). */
  openBrain: (cwd: string) => Promise<Brain>;
  /** Opens only the engine's recall layer (the prompt hook runs on every prompt: it loads no context code). */
  openRecall: (cwd: string) => Promise<Pick<RecallFacet, "promptMemories">>;
  now: () => Date;
  /** Start the learner on the queue (default: a detached `brain learn`; with a resident server, a kick to it). */
  startLearner?: () => void | Promise<void>;
}

export function parseHookInput(text: string): HookInput {
  if (!text.trim()) return {};
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw new BrainError("INVALID", `hook input is not JSON: ${(e as Error).message}`);
  }
  if (!v || typeof v !== "object" || Array.isArray(v))
    throw new BrainError("INVALID", "hook input must be a JSON object");
  return v as HookInput;
}

const out = (event: HookEvent, additionalContext: string): HookOutput => ({
  hookSpecificOutput: { hookEventName: HOOK_EVENTS[event], additionalContext },
});

async function sessionStart(input: HookInput, env: HookEnv): Promise<HookOutput | null> {
  const cwd = input.cwd || process.cwd();
  const recover = input.source === "compact";
  const brain = await env.openBrain(cwd);
  const { CLAUDE_NATIVE_RULES, HOOK_MAX_CHARS, hostContext } = await import("../../tools/host-context.ts");
  const header = recover ? RECOVERED_HEADER : SESSION_HEADER;
  const ctx = hostContext(brain, {
    cwd,
    recover,
    header,
    maxChars: HOOK_MAX_CHARS,
    excludeRules: CLAUDE_NATIVE_RULES,
  });
  return ctx.text ? out("session-start", ctx.text) : null;
}

async function userPromptSubmit(input: HookInput, env: HookEnv): Promise<HookOutput | null> {
  const prompt = typeof input.prompt === "string" ? input.prompt.trim() : "";
  if (!prompt || prompt.startsWith("/")) return null;
  const brain = await env.openRecall(input.cwd || process.cwd());
  const m = brain.promptMemories(prompt, {
    maxChars: PROMPT_MAX_CHARS,
    ...(input.cwd ? { cwd: input.cwd } : {}),
    ...(input.session_id ? { session: input.session_id } : {}),
  });
  return m.text ? out("user-prompt-submit", m.text) : null;
}

async function queueTranscript(event: HookEvent, input: HookInput, env: HookEnv): Promise<null> {
  if (!env.settings.autoMemory) return null;
  const { enqueue } = await import("../../learn/queue.ts");
  enqueue(env.home, [claudeQueueRecord(event, input, env.now())]);
  // The learner turns the queue into memories in the background; the hook returns at once.
  if (env.startLearner) await env.startLearner();
  else (await import("../../learn/spawn.ts")).startLearner(env.home, env.brainPath);
  return null;
}

/**
 * The learner's pending "🧠 stored …" notice (src/learn/notice.ts), taken once. The file is checked first, so
 * a hook with nothing to show loads nothing more.
 */
async function withNotice(home: BrainHome, o: HookOutput | null): Promise<HookOutput | null> {
  const { noticeFile, noticeText, takeNotice } = await import("../../learn/notice.ts");
  if (!existsSync(noticeFile(home))) return o;
  const n = takeNotice(home);
  const text = n ? noticeText(n) : "";
  return text ? { ...(o ?? {}), systemMessage: text } : o;
}

/** Handle one hook event; null means print nothing. */
export async function handleHook(
  event: HookEvent,
  input: HookInput,
  env: HookEnv,
): Promise<HookOutput | null> {
  switch (event) {
    case "session-start":
      return withNotice(env.home, await sessionStart(input, env));
    case "user-prompt-submit":
      return withNotice(env.home, await userPromptSubmit(input, env));
    default:
      return queueTranscript(event, input, env);
  }
}
