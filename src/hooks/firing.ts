import type { ResolvedConfig } from "../config.ts";
import { repoRoot } from "../project/repo-root.ts";
import { BrainHome } from "../store/home.ts";
import { coreFilesClaudeLoads, HOST_LOADS } from "./claude-memory.ts";
import type { HookEventSpec } from "./events.ts";
import { answerFailure } from "./failure-hint.ts";
import { noteFired } from "./fired.ts";
import type { HookCall, HostHandler, HostId, Payload } from "./host-types.ts";
import { detectHost } from "./hosts.ts";
import { firingKey, firstFiring } from "./seen.ts";
import { toolEventOf } from "./tool-event.ts";
import { appendToolEvents } from "./tool-events.ts";

/**
 * One firing of a hook: the event, the host that fired it (told from its payload, src/hooks/hosts.ts), what
 * the payload means, and where it goes. The steps every path takes alike — the bin's fast path
 * (src/hooks/entry.ts) and `brain hook` in process (src/cli/hook.ts): is it a repeat, record a tool call.
 */
export interface Firing {
  event: HookEventSpec;
  host: HostId;
  handler: HostHandler;
  /** The payload, its cwd filled in (the hook's own when the host sent none). */
  input: Payload;
  call: HookCall;
  config: ResolvedConfig;
  home: BrainHome;
  now: Date;
}

/** The firing of `event` with `payload`, or why the hook does nothing (a host Brain does not serve yet). */
export function firing(
  event: HookEventSpec,
  payload: Payload,
  config: ResolvedConfig,
  cwd: { override?: string | undefined; fallback: string },
): Firing | { skip: string } {
  const row = detectHost(payload, config.hostEnv);
  if (!row.handler) return { skip: `${row.id}: not served yet, nothing done` };
  const given = typeof payload.cwd === "string" && payload.cwd ? payload.cwd : undefined;
  const input: Payload = { ...payload, cwd: cwd.override ?? given ?? cwd.fallback };
  const home = BrainHome.of(config);
  // Claude Code loads the core files its CLAUDE.md imports whole: the session's context leaves them out.
  if (row.id === "claude" && event.context === "session") {
    const loads = coreFilesClaudeLoads(config.claudeDir, config.homeDir, home.dir);
    if (loads.length) input[HOST_LOADS] = loads;
  }
  const call = row.handler.call(input, event, config.hostEnv);
  if (call.prompt !== undefined) input.prompt = call.prompt;
  return {
    event,
    host: row.id,
    handler: row.handler,
    input,
    call,
    config,
    home,
    now: config.fixedNow ? new Date(config.fixedNow.getTime()) : new Date(),
  };
}

/** Mark when the host last fired this event (`brain doctor` shows it), repeats too: the host did fire it. */
export function noteFiring(f: Firing): void {
  noteFired(f.home, f.host, f.event.cli, f.now, f.config.hooks.firedEverySeconds);
}

/** True when this firing was handled already (another config or host fired the same hook): skip it. */
export function isRepeat(f: Firing): boolean {
  return !firstFiring(f.home, firingKey(f.host, f.event, f.call, f.input), f.now, f.config.hooks);
}

/**
 * A `tool` event: the call, capped and redacted, appended to the tool-event log; a failure that happened
 * before gets what helped then (src/hooks/failure-hint.ts).
 */
export function recordToolCall(f: Firing): string {
  if (!f.config.autoMemory) return "auto-memory off: not recorded";
  const cwd = f.input.cwd as string;
  const event = toolEventOf(
    f.handler.toolCall(f.input, f.event),
    { host: f.host, session: f.call.session, cwd, project: repoRoot(cwd), at: f.now, id: f.call.turn },
    f.config.hooks,
  );
  appendToolEvents(f.config, [event]);
  return answerFailure(f, event) ? "recorded, hint given" : "recorded";
}
