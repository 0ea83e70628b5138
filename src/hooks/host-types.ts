import type { HostEnv } from "../config-hooks.ts";
import type { QueuedWork } from "../learn/queue.ts";
import type { HookEventSpec } from "./events.ts";

/** The shapes every host row of src/hooks/hosts.ts fills in. Types only. */
export type { HostEnv };

/**
 * The hosts Brain recognises; pi runs Brain in its own process (src/hosts/pi/) and has no row. OpenCode runs
 * Brain's plugin in its process too, which calls the entry point with a payload it marks as OpenCode's.
 */
export type HostId = "claude" | "codex" | "copilot" | "gemini" | "cursor" | "opencode";

export type Payload = Record<string, unknown>;

/** What the entry needs from a payload, the same for every host. */
export interface HookCall {
  session?: string;
  cwd?: string;
  /** The host's own id of this turn or tool call, when it sends one (what makes a firing unique). */
  turn?: string;
  /** The host's transcript of the session, when it keeps one the learner reads. */
  transcript?: string;
  /** What the user typed, when the host's `prompt` field carries more (what its hooks added): memories are found for this. */
  prompt?: string;
}

/** A tool call as every host reports it, before it becomes a tool-event record (src/hooks/tool-event.ts). */
export interface ToolCall {
  tool: string;
  /** The tool's arguments as the host sent them. */
  input: unknown;
  outcome: "ok" | "error" | "interrupted";
  /** The failure's message (or the tool's error output). */
  error?: string;
  exit?: number;
  ms?: number;
  /** The tool's response, where a record needs what only it says (a new task's id: src/core/task-list.ts). */
  response?: unknown;
}

/** Context and a notice for the user, whichever host asked (the row prints them in its shape). */
export interface HookAnswer {
  context?: string;
  notice?: string;
}

export interface HostHandler {
  /** What the payload means (`env`: the variables the host set for its hooks). */
  call(p: Payload, event: HookEventSpec, env: HostEnv): HookCall;
  /** The tool call a `tool` event reports. */
  toolCall(p: Payload, event: HookEventSpec): ToolCall;
  /** What the host prints for `answer` (null: nothing). */
  render(event: HookEventSpec, answer: HookAnswer): string | null;
  /** The learner's queue record of a `queue` event (`call`: what `call` made of the payload). */
  queueRecord(p: Payload, event: HookEventSpec, at: Date, call: HookCall): QueuedWork;
}

export interface HostRow {
  id: HostId;
  detect(p: Payload, env: HostEnv): boolean;
  handler?: HostHandler;
}
