/**
 * THE hook events: every moment of an agent host's session a memory needs, what Brain does at each, and the
 * name each host fires it under. Everything else is derived from this table and tested against it
 * (test/hooks/events.test.ts): the bin's fast path and `brain hook <event>` (which names they take), the
 * CLI's help, the Claude Code plugin's hooks.json (generated, src/hosts/claude/plugin.ts), the resident
 * server's hook route (which events it answers), the check of what it answers (src/hooks/served-answer.ts),
 * and pi's extension (which pi events it listens to). No imports: the prompt hook loads it.
 *
 * What an event does:
 *   answer — print context for the host to add (the resident server answers it, else the CLI in process);
 *   queue  — append the session's transcript to the learner's queue and have the learner run;
 *   tool   — append one tool call to the tool-event log (src/hooks/tool-events.ts); print nothing.
 */
export type HookAction = "answer" | "queue" | "tool";

/** A host that runs a command per hook, with the JSON payload on stdin. */
export interface CommandHook {
  /** The host's name for the event (also accepted as `brain hook <name>`). */
  name: string;
  /** Which of the event's sources or tools it fires for (Claude Code's `matcher`); absent: all. */
  matcher?: string;
  /** Seconds the host gives the hook. */
  timeout?: number;
}

export interface HookEventSpec {
  /** `brain hook <cli>`. */
  readonly cli: string;
  readonly does: HookAction;
  /** An `answer` event's context: the session's (and the server started) or the prompt's memories. */
  readonly context?: "session" | "prompt";
  /** A `tool` event that reports a failed call (its payload carries the error). */
  readonly failure?: true;
  /** What it is for, one line (help text). */
  readonly summary: string;
  /**
   * The hosts that fire it, under their own names. Claude Code (and the hosts that also run Claude Code's
   * hooks) runs a command; pi runs Brain in its own process (src/hosts/pi/extension.ts listens to these pi
   * events). Gemini CLI's names are from its hooks documentation; issue 29 adds Codex, Copilot CLI, Cursor.
   */
  readonly hosts: {
    readonly claude: CommandHook;
    readonly pi: string;
    readonly gemini?: CommandHook;
  };
}

// biome-ignore format: a table reads best as one
export const HOOK_EVENTS: readonly HookEventSpec[] = [
  { cli: "session-start", does: "answer", context: "session", summary: "the session starts (or resumes, or recovers from a compaction): the brain's context",
    hosts: { claude: { name: "SessionStart", matcher: "startup|resume|clear|compact", timeout: 15 },
             pi: "before_agent_start", gemini: { name: "SessionStart" } } },
  { cli: "user-prompt-submit", does: "answer", context: "prompt", summary: "a prompt: the memories relevant to it",
    hosts: { claude: { name: "UserPromptSubmit", timeout: 5 }, pi: "before_agent_start", gemini: { name: "BeforeAgent" } } },
  { cli: "pre-compact", does: "queue", summary: "before a compaction: queue the transcript for the learner",
    hosts: { claude: { name: "PreCompact", matcher: "manual|auto", timeout: 5 }, pi: "session_before_compact",
             gemini: { name: "PreCompress" } } },
  { cli: "stop", does: "queue", summary: "the turn ended: queue the transcript for the learner",
    hosts: { claude: { name: "Stop", timeout: 5 }, pi: "agent_end", gemini: { name: "AfterAgent" } } },
  { cli: "session-end", does: "queue", summary: "the session ends: queue the transcript for the learner",
    hosts: { claude: { name: "SessionEnd", timeout: 2 }, pi: "session_shutdown", gemini: { name: "SessionEnd" } } },
  { cli: "post-tool-use", does: "tool", summary: "a tool call succeeded: record it in the tool-event log",
    hosts: { claude: { name: "PostToolUse", matcher: "*", timeout: 5 }, pi: "tool_result", gemini: { name: "AfterTool" } } },
  { cli: "post-tool-use-failure", does: "tool", failure: true, summary: "a tool call failed: record it and its error in the tool-event log",
    hosts: { claude: { name: "PostToolUseFailure", matcher: "*", timeout: 5 }, pi: "tool_result" } },
];

/** The hosts that run a command per hook (pi runs Brain in process: its names are not commands). */
export type CommandHost = "claude" | "gemini";
const COMMAND_HOSTS: readonly CommandHost[] = ["claude", "gemini"];

/** The event `brain hook <name>` names: its CLI name or a command host's own name for it; else undefined. */
export function hookEvent(name: string): HookEventSpec | undefined {
  return HOOK_EVENTS.find((e) => e.cli === name || COMMAND_HOSTS.some((h) => e.hosts[h]?.name === name));
}

/** The event a host fired under `name` (its own name), or undefined. */
export function hostEvent(host: CommandHost, name: string): HookEventSpec | undefined {
  return HOOK_EVENTS.find((e) => e.hosts[host]?.name === name);
}

/** The CLI names, in table order (help text, messages). */
export const HOOK_EVENT_NAMES: readonly string[] = HOOK_EVENTS.map((e) => e.cli);

/** The events the resident server answers (`POST /api/hook/:event`): the `answer` events. */
export const ANSWERED_EVENTS: ReadonlySet<string> = new Set(
  HOOK_EVENTS.filter((e) => e.does === "answer").map((e) => e.cli),
);
