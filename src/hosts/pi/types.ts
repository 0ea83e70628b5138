/**
 * The slice of pi's extension API (`@mariozechner/pi-coding-agent` 0.73) the brain extension uses, typed
 * structurally so the brain does not depend on pi. Field names follow pi's docs/extensions.md.
 */
export interface PiContext {
  cwd: string;
  hasUI?: boolean;
  ui?: { notify(message: string, level?: "info" | "success" | "warning" | "error"): void };
  sessionManager?: { getSessionId?(): string; getSessionFile?(): string | undefined };
}

export interface PiToolResult {
  content: { type: "text"; text: string }[];
  details: unknown;
}

export interface PiTool {
  name: string;
  label: string;
  description: string;
  promptSnippet?: string;
  promptGuidelines?: string[];
  parameters: Record<string, unknown>;
  execute(
    toolCallId: string,
    params: Record<string, unknown>,
    signal: AbortSignal | undefined,
    onUpdate: unknown,
    ctx: PiContext,
  ): Promise<PiToolResult>;
}

export interface PiCommand {
  description: string;
  handler(args: string, ctx: PiContext): Promise<void> | void;
}

export interface PiMessage {
  role: string;
  content?: unknown;
}

export interface BeforeAgentStart {
  prompt: string;
  systemPrompt: string;
  systemPromptOptions?: { cwd?: string; contextFiles?: { path: string; content: string }[] };
}

export interface PiEvents {
  session_start: { reason?: string };
  before_agent_start: BeforeAgentStart;
  agent_end: { messages: PiMessage[] };
  session_before_compact: {
    preparation?: { messagesToSummarize?: PiMessage[]; turnPrefixMessages?: PiMessage[] };
    customInstructions?: string;
  };
  session_shutdown: { reason?: string };
  tool_result: PiToolResultEvent;
}

/** A tool call's result as pi reports it to extensions (after the tool ran, before the model sees it). */
export interface PiToolResultEvent {
  toolCallId?: string;
  toolName: string;
  input?: Record<string, unknown>;
  content?: { type: string; text?: string }[];
  details?: unknown;
  isError?: boolean;
}

export interface PiApi {
  on<E extends keyof PiEvents>(
    event: E,
    handler: (event: PiEvents[E], ctx: PiContext) => unknown | Promise<unknown>,
  ): void;
  registerTool(tool: PiTool): void;
  registerCommand(name: string, command: PiCommand): void;
}
