import type { HostEnv } from "../config-hooks.ts";
import type { QueuedWork } from "../learn/queue.ts";
import type { HookEventSpec } from "./events.ts";

/** The shapes every host row of src/hooks/hosts.ts fills in. Types only. */
export type { HostEnv };

/** The hosts Brain recognises; pi runs Brain in its own process (src/hosts/pi/) and has no row. */
export type HostId = "claude" | "codex" | "copilot" | "gemini" | "cursor";

export type Payload = Record<string, unknown>;

/** What the entry needs from a payload, the same for every host. */
export interface HookCall {
  session?: string;
  cwd?: string;
  /** The host's own id of this turn or tool call, when it sends one (what makes a firing unique). */
  turn?: string;
  /** The host's transcript of the session, when it keeps one the learner reads. */
  transcript?: string;
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
}

/** Context and a notice for the user, whichever host asked (the row prints them in its shape). */
export interface HookAnswer {
  context?: string;
  notice?: string;
}

export interface HostHandler {
  call(p: Payload, event: HookEventSpec): HookCall;
  /** The tool call a `tool` event reports. */
  toolCall(p: Payload, event: HookEventSpec): ToolCall;
  /** What the host prints for `answer` (null: nothing). */
  render(event: HookEventSpec, answer: HookAnswer): string | null;
  /** The learner's queue record of a `queue` event. */
  queueRecord(p: Payload, event: HookEventSpec, at: Date): QueuedWork;
}

export interface HostRow {
  id: HostId;
  detect(p: Payload, env: HostEnv): boolean;
  handler?: HostHandler;
}
