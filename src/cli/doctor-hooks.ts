import * as fs from "node:fs";
import { join } from "node:path";
import type { ResolvedConfig } from "../config.ts";
import { userBrainDir } from "../engine/local-files.ts";
import type { BrainHome } from "../engine/options.ts";
import { entryPoint } from "../hooks/entry-point.ts";
import { HOOK_EVENTS } from "../hooks/events.ts";
import { readFired } from "../hooks/fired.ts";
import type { HostId } from "../hooks/host-types.ts";

/**
 * For `brain doctor`: per host, when it last fired each of Brain's hooks (src/hooks/fired.ts) and which of
 * its files run them, flagging a host whose hooks were installed but never fired since those files last
 * changed — a Codex that no longer trusts a hook (it trusts by hash), a host upgraded past Brain's config.
 */
export interface HostHooks {
  host: HostId;
  /** The files that run Brain's hooks for this host (as installed), and when each last changed. */
  installed: { file: string; changed: string }[];
  /** Each event the host fires, under its own name, and when it last did (null: never, for this brain). */
  fired: { event: string; name: string; last: string | null }[];
  /** Why it needs a look; absent when it does not. */
  attention?: string;
}

const HOSTS: readonly HostId[] = ["claude", "codex", "copilot", "gemini", "cursor", "opencode"];

function nameOf(host: HostId, e: (typeof HOOK_EVENTS)[number]): string | undefined {
  const h = e.hosts[host];
  return typeof h === "string" ? h : h?.name;
}

function read(file: string): string | null {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

/**
 * The files that run Brain's hooks for `host`: Claude Code's plugin (`brain install claude`), else the
 * files `brain install <host>` recorded (`~/.brain/hosts/<host>[@<project>].json`, each scope its own) that
 * still run the entry point's `hook`.
 */
function hookFiles(host: HostId, homeDir: string): string[] {
  const brainDir = userBrainDir(homeDir);
  if (host === "claude") {
    const hooks = join(brainDir, "claude-marketplace", "brain", "hooks", "hooks.json");
    return fs.existsSync(hooks) ? [hooks] : [];
  }
  const dir = join(brainDir, "hosts");
  let records: string[];
  try {
    records = fs.readdirSync(dir).filter((f) => f === `${host}.json` || f.startsWith(`${host}@`));
  } catch {
    return [];
  }
  const entry = entryPoint(homeDir).script;
  const files = records.flatMap((r) => {
    try {
      const v = JSON.parse(read(join(dir, r)) ?? "{}") as unknown;
      return v && typeof v === "object" && !Array.isArray(v) ? Object.keys(v) : [];
    } catch {
      return [];
    }
  });
  return [...new Set(files)].filter((f) => {
    const text = read(f);
    return text?.includes(entry) === true && /\bhook\b/.test(text);
  });
}

/**
 * A mark is the first firing of its window (src/hooks/fired.ts): the host may have fired until `every` seconds
 * after it, so only a change at least that long after the newest mark is known to have come after the last
 * firing.
 */
function attention(
  host: HostId,
  h: Omit<HostHooks, "attention">,
  now: Date,
  everySeconds: number,
): string | undefined {
  // ISO times of one clock sort as text: the newest change and the newest firing.
  const changed = [...h.installed].sort((a, b) => a.changed.localeCompare(b.changed)).at(-1);
  if (!changed) return undefined;
  const last = h.fired
    .flatMap((f) => (f.last ? [f.last] : []))
    .sort()
    .at(-1);
  const hint =
    host === "codex"
      ? " — Codex runs a hook only once trusted (by its hash): open /hooks in codex and trust Brain's"
      : ` — check that ${host} loads ${changed.file}`;
  if (!last) return `no hook has fired yet (installed ${ago(changed.changed, now)})${hint}`;
  if (Date.parse(changed.changed) - Date.parse(last) >= everySeconds * 1000)
    return `no hook has fired since ${changed.file} changed ${ago(changed.changed, now)}${hint}`;
  return undefined;
}

/** Each host that has Brain's hooks installed or has fired one for this brain. */
export function hookFiringReport(config: ResolvedConfig, home: BrainHome, now: Date): HostHooks[] {
  const fired = readFired(home);
  return HOSTS.flatMap((host) => {
    const installed = hookFiles(host, config.homeDir).map((file) => ({
      file,
      changed: fs.statSync(file).mtime.toISOString(),
    }));
    if (installed.length === 0 && !fired[host]) return [];
    const events = HOOK_EVENTS.flatMap((e) => {
      const name = nameOf(host, e);
      return name ? [{ event: e.cli, name, last: fired[host]?.[e.cli] ?? null }] : [];
    });
    const h = { host, installed, fired: events };
    const why = attention(host, h, now, config.hooks.firedEverySeconds);
    return [why ? { ...h, attention: why } : h];
  });
}

/** "just now", "5 min ago", "3 h ago", "2 d ago". */
export function ago(iso: string, now: Date): string {
  const s = Math.max(0, Math.round((now.getTime() - Date.parse(iso)) / 1000));
  if (s < 60) return "just now";
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h ago`;
  return `${Math.floor(s / 86_400)} d ago`;
}

export function hookFiringLines(list: HostHooks[], now: Date): string[] {
  if (list.length === 0) return ["hooks: no host has Brain's hooks installed or has fired one"];
  return [
    "hooks (when each host last fired Brain's hooks, for this brain):",
    ...list.flatMap((h) => {
      const when = h.fired.map((f) => `${f.event} ${f.last ? ago(f.last, now) : "never"}`).join(", ");
      const files = h.installed.length
        ? ` — installed hooks: ${h.installed.map((i) => i.file).join(", ")}`
        : " — not installed by brain install";
      return [`  ${h.host}: ${when}${files}`, ...(h.attention ? [`    ! ${h.attention}`] : [])];
    }),
  ];
}
