import * as fs from "node:fs";
import { join } from "node:path";
import { parse } from "smol-toml";
import { claudeMemoryDirSetting, type HostMemoryPlaces, type MemoryHost, readJsonObject } from "./read.ts";

/**
 * Whether each host's own memory is on, for `brain doctor` — read from the host's settings, never changed:
 * Brain leaves a host's memory as the user set it. Settings as built against (looked up 2026-11):
 *  - Claude Code: auto memory is on by default; `autoMemoryEnabled` in any settings scope (user
 *    `<claudeDir>/settings.json`, project `.claude/settings.json`, local `.claude/settings.local.json`; the more
 *    specific wins) turns it off or on; `CLAUDE_CODE_DISABLE_AUTO_MEMORY=1` turns it off for a session (`=0`
 *    forces it on) and wins over the settings.
 *  - Codex: memories are off by default; `[features] memories = true` in `<CODEX_HOME>/config.toml` turns them
 *    on; `[memories] use_memories = false` keeps them from being injected, `generate_memories = false` from
 *    being made.
 *  - Gemini CLI: the `save_memory` tool is on unless `tools.exclude` (or the older `excludeTools`) in
 *    `~/.gemini/settings.json` names it; `experimental.memoryManager` and `experimental.autoMemory` are
 *    reported when set.
 */
export interface HostMemoryStatus {
  host: MemoryHost;
  /** The host's directory is on this machine. */
  found: boolean;
  on: boolean;
  /** What decided it (the setting or the default). */
  why: string;
  /** Where its memory lives. */
  where: string;
}

export interface StatusInputs extends HostMemoryPlaces {
  /** CLAUDE_CODE_DISABLE_AUTO_MEMORY, as read at the entry point. */
  claudeDisableEnv?: string | undefined;
  /** The project's root (its .claude/settings*.json count for Claude Code). */
  projectRoot?: string | undefined;
}

const exists = (p: string) => fs.existsSync(p);

function claudeStatus(i: StatusInputs): HostMemoryStatus {
  const where = claudeMemoryDirSetting(i) ?? join(i.claudeDir, "projects", "<project>", "memory");
  const base = { host: "claude" as const, found: exists(i.claudeDir), where };
  const env = (i.claudeDisableEnv ?? "").trim().toLowerCase();
  if (["1", "true", "yes", "on"].includes(env))
    return { ...base, on: false, why: `CLAUDE_CODE_DISABLE_AUTO_MEMORY=${i.claudeDisableEnv}` };
  if (["0", "false", "no", "off"].includes(env))
    return { ...base, on: true, why: `CLAUDE_CODE_DISABLE_AUTO_MEMORY=${i.claudeDisableEnv}` };
  const scopes = [
    ...(i.projectRoot
      ? [
          join(i.projectRoot, ".claude", "settings.local.json"),
          join(i.projectRoot, ".claude", "settings.json"),
        ]
      : []),
    join(i.claudeDir, "settings.json"),
  ];
  for (const file of scopes) {
    const v = readJsonObject(file)?.autoMemoryEnabled;
    if (typeof v === "boolean") return { ...base, on: v, why: `autoMemoryEnabled: ${v} in ${file}` };
  }
  return { ...base, on: true, why: "on by default (no autoMemoryEnabled setting)" };
}

function toml(file: string): Record<string, unknown> | undefined {
  try {
    return parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

function codexStatus(i: StatusInputs): HostMemoryStatus {
  const file = join(i.codexDir, "config.toml");
  const base = { host: "codex" as const, found: exists(i.codexDir), where: join(i.codexDir, "memories") };
  const cfg = toml(file);
  const flag = (cfg?.features as Record<string, unknown> | undefined)?.memories;
  if (flag !== true)
    return {
      ...base,
      on: false,
      why:
        flag === false
          ? `[features] memories = false in ${file}`
          : "off by default ([features] memories not set)",
    };
  const m = (cfg?.memories as Record<string, unknown> | undefined) ?? {};
  const limits = [
    m.use_memories === false ? "use_memories = false (not injected)" : "",
    m.generate_memories === false ? "generate_memories = false (none made)" : "",
  ].filter(Boolean);
  return {
    ...base,
    on: true,
    why: `[features] memories = true in ${file}${limits.length ? `; ${limits.join(", ")}` : ""}`,
  };
}

function geminiStatus(i: StatusInputs): HostMemoryStatus {
  const file = join(i.geminiDir, "settings.json");
  const base = { host: "gemini" as const, found: exists(i.geminiDir), where: join(i.geminiDir, "GEMINI.md") };
  const s = readJsonObject(file) ?? {};
  const tools = s.tools as { exclude?: unknown } | undefined;
  const excluded = [tools?.exclude, s.excludeTools].some(
    (x) => Array.isArray(x) && x.includes("save_memory"),
  );
  const exp = (s.experimental as Record<string, unknown> | undefined) ?? {};
  const extra = [
    exp.memoryManager === true ? "experimental.memoryManager on" : "",
    exp.autoMemory === true ? "experimental.autoMemory on (inbox of proposed memories)" : "",
  ].filter(Boolean);
  const tail = extra.length ? `; ${extra.join(", ")}` : "";
  return excluded
    ? { ...base, on: false, why: `save_memory excluded in ${file}${tail}` }
    : { ...base, on: true, why: `save_memory on (the default)${tail}` };
}

export function hostMemoryStatus(i: StatusInputs): HostMemoryStatus[] {
  return [claudeStatus(i), codexStatus(i), geminiStatus(i)];
}
