/**
 * The plugin's hooks.json and .mcp.json hold the user's own entries too (a hook of theirs, another MCP server):
 * `brain install` replaces only Brain's entries in them and `brain uninstall` removes only those, so a user's
 * edits survive both. Pure: text in, text out (the files are read and written by src/cli/install.ts).
 *
 * Brain's entries: in hooks.json a command that ends in `hook <event>` (an event of src/hooks/events.ts) run
 * by Brain's bin (the stable entry point `…/brain`, an older install's `…/brain.cjs`, or `brain` on PATH);
 * in .mcp.json the server named `brain`.
 */
import { HOOK_EVENTS } from "../../hooks/events.ts";

type Json = Record<string, unknown>;
type Group = { hooks?: unknown[] } & Json;

const EVENT_CLIS = new Set(HOOK_EVENTS.map((e) => e.cli));
const SERVER = "brain";

/** Words of a command as shellJoin (plugin.ts) writes them: plain, or single-quoted with '\'' for a quote. */
function words(command: string): string[] {
  const out: string[] = [];
  for (const m of command.matchAll(/(?:'(?:[^']|'\\'')*'|[^\s'])+/g))
    out.push(m[0].replace(/'\\''/g, "'").replace(/^'|'$/g, ""));
  return out;
}

/** Whether a hook command is one Brain's install writes (whatever its paths and brain). */
export function isBrainHookCommand(command: unknown): boolean {
  if (typeof command !== "string") return false;
  const w = words(command);
  const n = w.length;
  if (n < 3 || w[n - 2] !== "hook" || !EVENT_CLIS.has(w[n - 1] as string)) return false;
  return w.slice(0, n - 2).some((x) => /(^|\/)brain(\.c?js)?$/.test(x));
}

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

function parse(text: string): Json | null {
  try {
    const v: unknown = JSON.parse(text);
    return isObject(v) ? v : null;
  } catch {
    return null;
  }
}

/** The user's hooks: every event's groups with Brain's commands taken out (emptied groups and events go). */
function usersHooks(hooks: Json): { hooks: Record<string, Group[]>; brains: number } {
  const out: Record<string, Group[]> = {};
  let brains = 0;
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) continue;
    const kept: Group[] = [];
    for (const g of groups) {
      if (!isObject(g) || !Array.isArray(g.hooks)) {
        kept.push(g as Group);
        continue;
      }
      const rest = g.hooks.filter((h) => !(isObject(h) && isBrainHookCommand(h.command)));
      brains += g.hooks.length - rest.length;
      if (rest.length > 0) kept.push({ ...g, hooks: rest });
    }
    if (kept.length > 0) out[event] = kept;
  }
  return { hooks: out, brains };
}

/** What a file of the plugin holds besides Brain's entries: `rest` (null: nothing), or `unreadable`. */
export interface UsersPart {
  unreadable: boolean;
  /** Whether Brain's entries are in it. */
  brains: boolean;
  /** The file with Brain's entries taken out, or null when nothing else is in it. */
  rest: Json | null;
}

/** The user's part of a plugin file (`rel`: "hooks/hooks.json" or ".mcp.json"; other files have none). */
export function usersPart(rel: string, text: string): UsersPart {
  const o = parse(text);
  if (!o) return { unreadable: true, brains: false, rest: null };
  if (rel.endsWith("hooks.json")) {
    const { hooks, brains } = isObject(o.hooks) ? usersHooks(o.hooks) : { hooks: {}, brains: 0 };
    const { description: _d, hooks: _h, ...other } = o;
    const empty = Object.keys(hooks).length === 0 && Object.keys(other).length === 0;
    return { unreadable: false, brains: brains > 0, rest: empty ? null : { ...other, hooks } };
  }
  if (rel.endsWith(".mcp.json")) {
    const servers = isObject(o.mcpServers) ? { ...o.mcpServers } : {};
    const brains = SERVER in servers;
    delete servers[SERVER];
    const { mcpServers: _m, ...other } = o;
    const empty = Object.keys(servers).length === 0 && Object.keys(other).length === 0;
    return { unreadable: false, brains, rest: empty ? null : { ...other, mcpServers: servers } };
  }
  return { unreadable: false, brains: false, rest: null };
}

/** Brain's file `ours` (JSON text) with the user's part of the file that was there kept in it. */
export function mergeUsers(rel: string, ours: string, users: Json): string {
  const o = JSON.parse(ours) as Json;
  if (rel.endsWith("hooks.json")) {
    const hooks = { ...(users.hooks as Record<string, Group[]>) };
    for (const [event, groups] of Object.entries(o.hooks as Record<string, Group[]>))
      hooks[event] = [...(hooks[event] ?? []), ...groups];
    return `${JSON.stringify({ ...users, description: o.description, hooks }, null, 2)}\n`;
  }
  const servers = { ...(users.mcpServers as Json), ...(o.mcpServers as Json) };
  return `${JSON.stringify({ ...users, mcpServers: servers }, null, 2)}\n`;
}

/** The plugin files that may hold the user's entries. */
export const MERGED_FILES = ["hooks/hooks.json", ".mcp.json"];
