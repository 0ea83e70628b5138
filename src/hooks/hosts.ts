import { claude } from "./claude.ts";
import { type CommandHost, hostEvent } from "./events.ts";
import type { HostEnv, HostRow, Payload } from "./host-types.ts";

const str = (v: unknown): v is string => typeof v === "string" && v !== "";
/** An event name that is the given host's and not Claude Code's (Gemini shares SessionStart with it). */
const ownName = (host: CommandHost, name: unknown) =>
  str(name) && hostEvent(host, name) !== undefined && hostEvent("claude", name) === undefined;

/**
 * Which agent host ran `brain hook <event>`, one row per host. Several hosts run the same configured hook —
 * Copilot CLI and Cursor also run the hooks in a project's `.claude/settings.json`, Gemini CLI sets
 * `CLAUDE_PROJECT_DIR` like Claude Code — so the host is told by what it sends (its payload's shape and
 * the environment it sets), never by which config file named the hook. Rows are tried in order; the first
 * whose `detect` matches is the host. Claude Code is the last row: a payload no other row claims is its.
 *
 * A row with `handler` is a host Brain serves: it says what a payload means (session, turn, tool call,
 * transcript) and prints the answer in the host's ONE output shape (two shapes would make Claude Code
 * inject the context twice). A row without one is a host recognised but not served yet (issue 29 fills
 * them in): its hook does nothing — no output, nothing stored — rather than guess its shapes.
 */
// biome-ignore format: a table reads best as one
export const HOSTS: readonly HostRow[] = [
  // Gemini CLI sets GEMINI_PROJECT_DIR (and CLAUDE_PROJECT_DIR) for its hooks; BeforeAgent, AfterTool … are its own names.
  { id: "gemini",  detect: (p, env) => str(env.GEMINI_PROJECT_DIR) || str(env.GEMINI_SESSION_ID) || ownName("gemini", p.hook_event_name) },
  // Codex sends Claude Code's snake_case fields plus `turn_id` and `model` (codex-rs/hooks/schema).
  { id: "codex",   detect: (p) => str(p.turn_id) && str(p.model) },
  // Cursor's payloads carry the conversation and its own version.
  { id: "cursor",  detect: (p) => str(p.conversation_id) || str(p.cursor_version) },
  // Copilot CLI sends camelCase (`sessionId`, `toolName`), also when it runs Claude Code's hooks.
  { id: "copilot", detect: (p) => (str(p.sessionId) || str(p.toolName)) && p.session_id === undefined },
  { id: "claude",  detect: () => true, handler: claude },
];

/** The host that sent `p` (the first row that claims it). */
export function detectHost(p: Payload, env: HostEnv): HostRow {
  return HOSTS.find((h) => h.detect(p, env)) as HostRow;
}
