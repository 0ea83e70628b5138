import { existsSync } from "node:fs";
import type { Settings } from "../config.ts";
import { BrainError } from "../core/errors.ts";
import { MEMORY_NOTE, PROMPT_MEMORIES_HEADER } from "../core/memory-lines.ts";
import type { Brain } from "../engine/brain.ts";
import type { RecallFacet } from "../engine/recall.ts";
import type { BrainHome } from "../store/home.ts";
import { claudeOutput } from "./claude.ts";
import { hostLoads } from "./claude-memory.ts";
import { noteResume, resumeKeptByCompaction } from "./compact-carry.ts";
import { ANSWERED_EVENTS, type HookEventSpec, hookEvent } from "./events.ts";
import type { HookAnswer, Payload } from "./host-types.ts";
import { PROMPT_MAX_CHARS, RECOVERED_HEADER, SESSION_HEADER } from "./text.ts";

/**
 * The `answer` events computed in process, by the engine: the session's context at its start (or after a
 * compaction) and the memories beside a prompt, with the learner's pending notice. `brain hook` runs this
 * when no resident server answered (src/cli/hook.ts); the server runs it for its hook route
 * (src/serve/routes/hook.ts), whose answer is Claude Code's shape — the shape the hook checks
 * (src/hooks/served-answer.ts) and prints again in the calling host's own.
 */
export interface HookEnv {
  /** The brain's home: its learner's notice (src/store/home.ts). */
  home: BrainHome;
  settings: Settings;
  /** Opens the brain only for the events that read it (lazily, so the other hooks stay fast). */
  openBrain: (cwd: string) => Promise<Brain>;
  /** Opens only the engine's recall layer (the prompt hook runs on every prompt: it loads no context code). */
  openRecall: (cwd: string) => Promise<Pick<RecallFacet, "promptMemories">>;
  now: () => Date;
  /** Seed 004's per-turn anchors for a prompt in `cwd` (the active plan, recently used paths); "" for none. */
  anchors?: (cwd: string) => string | Promise<string>;
}

/** The payload as a JSON object (an empty input is an empty one). */
export function parseHookInput(text: string): Payload {
  if (!text.trim()) return {};
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw new BrainError("INVALID", `hook input is not JSON: ${(e as Error).message}`);
  }
  if (!v || typeof v !== "object" || Array.isArray(v))
    throw new BrainError("INVALID", "hook input must be a JSON object");
  return v as Payload;
}

const str = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);

async function sessionContext(input: Payload, env: HookEnv): Promise<string | undefined> {
  const cwd = str(input.cwd) ?? process.cwd();
  const recover = input.source === "compact";
  const session = str(input.session_id);
  const transcript = str(input.transcript_path);
  // A compaction right after a resume keeps the resume's context verbatim: not sent twice (compact-carry.ts).
  if (recover && session && resumeKeptByCompaction(env.home, session, transcript)) return undefined;
  const brain = await env.openBrain(cwd);
  const { CLAUDE_NATIVE_RULES, HOOK_MAX_CHARS, hostContext } = await import("../tools/host-context.ts");
  const ctx = hostContext(brain, {
    cwd,
    recover,
    header: recover ? RECOVERED_HEADER : SESSION_HEADER,
    maxChars: HOOK_MAX_CHARS,
    excludeRules: CLAUDE_NATIVE_RULES,
    excludeFiles: hostLoads(input),
    ...(session ? { session } : {}),
  });
  if (input.source === "resume" && session && ctx.text) noteResume(env.home, session, transcript);
  return ctx.text || undefined;
}

async function promptMemories(input: Payload, env: HookEnv): Promise<string | undefined> {
  const prompt = str(input.prompt)?.trim() ?? "";
  if (!prompt || prompt.startsWith("/")) return undefined;
  const cwd = str(input.cwd);
  const session = str(input.session_id);
  // The anchors (seed 004) are the block's last items; the memories take what is left of the hook's size.
  const anchors = env.anchors
    ? (await env.anchors(cwd ?? process.cwd()))
        .split("\n")
        .filter(Boolean)
        .map((l) => `- ${l}`)
    : [];
  const head = `${PROMPT_MEMORIES_HEADER}\n${MEMORY_NOTE}`;
  const reserved = anchors.length ? anchors.join("\n").length + head.length + 2 : 0;
  const brain = await env.openRecall(cwd ?? process.cwd());
  const m = brain.promptMemories(prompt, {
    maxChars: PROMPT_MAX_CHARS - reserved,
    ...(cwd ? { cwd } : {}),
    ...(session ? { session } : {}),
  });
  const text = anchors.length ? [m.text || head, ...anchors].join("\n") : m.text;
  return text || undefined;
}

/**
 * The learner's pending "🧠 stored …" notice (src/learn/notice.ts), taken once. The file is checked first, so
 * a hook with nothing to show loads nothing more.
 */
async function notice(home: BrainHome): Promise<string | undefined> {
  const { noticeFile, noticeText, takeNotice } = await import("../learn/notice.ts");
  if (!existsSync(noticeFile(home))) return undefined;
  const n = takeNotice(home);
  return (n && noticeText(n)) || undefined;
}

/** An `answer` event's context and notice, computed in process. */
export async function answerInProcess(
  event: HookEventSpec,
  input: Payload,
  env: HookEnv,
): Promise<HookAnswer> {
  const context =
    event.context === "session" ? await sessionContext(input, env) : await promptMemories(input, env);
  const n = await notice(env.home);
  return { ...(context ? { context } : {}), ...(n ? { notice: n } : {}) };
}

/** The server's hook route: an `answer` event's output in Claude Code's shape (null: nothing to add). */
export async function handleHook(name: string, input: Payload, env: HookEnv): Promise<unknown> {
  const event = hookEvent(name);
  if (!event || !ANSWERED_EVENTS.has(event.cli))
    throw new BrainError("INVALID", `the server answers only ${[...ANSWERED_EVENTS].join(" and ")}`);
  return claudeOutput(event, await answerInProcess(event, input, env));
}
