import { HOOK_EVENTS, type HookEventSpec } from "../../hooks/events.ts";
import { shellJoin } from "../claude/plugin.ts";
import type { Json } from "./json-edit.ts";

/** How every host runs Brain: the stable entry point, a brain path baked in when one was given. */
export interface Runner {
  /** ~/.brain/bin/brain: the one command line hosts run (src/hooks/entry-point.ts). */
  entry: string;
  /** `--brain <path>` when the install named a brain. */
  globalArgs: string[];
}

export const hookCommand = (r: Runner, e: HookEventSpec) =>
  shellJoin([r.entry, ...r.globalArgs, "hook", e.cli]);
export const mcpArgs = (r: Runner) => [...r.globalArgs, "mcp"];

/**
 * The variables that choose which brain a process opens (src/config.ts). A host that starts MCP servers with
 * a cleaned environment (Codex) is told to pass these on, so its MCP server and its hooks — which get the whole
 * environment — open the same brain.
 */
export const BRAIN_ENV = ["BRAIN_PATH", "BRAIN_DIR", "BRAIN_STORE", "BRAIN_CONFIG"];

/** Whether a config value is Brain's: it runs Brain's entry point. */
export const runsBrain = (r: Runner) => (v: Json) =>
  JSON.stringify(v ?? null).includes(JSON.stringify(r.entry).slice(1, -1));

/** The events a host fires under a name of its own (the event table's column for it). */
export function eventsOf(host: "codex" | "copilot" | "gemini" | "cursor") {
  return HOOK_EVENTS.flatMap((e) => {
    const h = e.hosts[host];
    return h ? [{ event: e, name: h.name, timeout: h.timeout, matcher: h.matcher }] : [];
  });
}
