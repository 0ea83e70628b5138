import { claude } from "./claude.ts";
import { codex } from "./codex.ts";
import { copilot } from "./copilot.ts";
import { cursor } from "./cursor.ts";
import { type CommandHost, hostEvent } from "./events.ts";
import { gemini } from "./gemini.ts";
import type { HostEnv, HostRow, Payload } from "./host-types.ts";
import { opencode } from "./opencode.ts";

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
 * Each row's handler says what a payload means (session, turn, tool call, transcript) and prints the answer
 * in the host's ONE output shape (two shapes would make Claude Code inject the context twice). The versions
 * each row was built against and run with are in docs/hosts.md.
 */
// biome-ignore format: a table reads best as one
export const HOSTS: readonly HostRow[] = [
  // Brain's own OpenCode plugin marks what it sends.
  { id: "opencode", detect: (p) => p.brain_host === "opencode", handler: opencode },
  // Copilot CLI sets COPILOT_CLI=1 for every hook it runs, its own and the `.claude/settings.json` ones.
  { id: "copilot", detect: (p, env) => env.COPILOT_CLI === "1" || ((str(p.sessionId) || str(p.toolName)) && p.session_id === undefined), handler: copilot },
  // Gemini CLI sets GEMINI_PROJECT_DIR (and CLAUDE_PROJECT_DIR) for its hooks; BeforeAgent, AfterTool … are its own names.
  { id: "gemini",  detect: (p, env) => str(env.GEMINI_PROJECT_DIR) || str(env.GEMINI_SESSION_ID) || ownName("gemini", p.hook_event_name), handler: gemini },
  // Codex sends Claude Code's snake_case fields plus `turn_id` and `model`; its transcripts are rollout files.
  { id: "codex",   detect: (p) => (str(p.turn_id) && str(p.model)) || (str(p.transcript_path) && /[\\/]rollout-[^\\/]*\.jsonl$/.test(p.transcript_path as string)), handler: codex },
  // Cursor's payloads carry the conversation and its own version (also when it runs Claude Code's hooks).
  { id: "cursor",  detect: (p, env) => str(p.conversation_id) || str(p.cursor_version) || str(env.CURSOR_VERSION), handler: cursor },
  { id: "claude",  detect: () => true, handler: claude },
];

/** The host that sent `p` (the first row that claims it). */
export function detectHost(p: Payload, env: HostEnv): HostRow {
  return HOSTS.find((h) => h.detect(p, env)) as HostRow;
}
