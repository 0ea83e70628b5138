import * as fs from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { type ConfigProblem, loadConfig, loadConfigForHooks, type ResolvedConfig } from "../config.ts";
import { errorText, warn } from "./output.ts";

let loaded: ResolvedConfig | undefined;

/** The configuration of this process (environment and settings file), read once, at the entry point. */
export function cliConfig(brain: string | undefined, cwd?: string): ResolvedConfig {
  loaded ??= loadConfig(process.env, brain, undefined, cwd);
  return loaded;
}

/**
 * The configuration of a hook (and of the learner a hook starts): a settings file it cannot use does not
 * switch memory off. The defaults stand in for it, and the problem is said on stderr once per content of the
 * file — not on every prompt — until it is fixed (or changes again). Commands keep refusing it (cliConfig).
 */
export async function hookConfig(
  brain: string | undefined,
  cwd?: string,
  quiet = false,
): Promise<ResolvedConfig> {
  if (loaded) return loaded;
  const { config, problem } = loadConfigForHooks(process.env, brain, undefined, cwd);
  if (problem && !quiet && (await firstTimeFor(problem)))
    warn(
      `brain: ${errorText(problem.error)} — memory carries on with the default settings until it is fixed`,
    );
  loaded = config;
  return config;
}

/**
 * The environment a CLI command's answer depends on, as one mark: every BRAIN_* and RHO_* variable (the brain's
 * place, BRAIN_NOW, BRAIN_CONFIG, BRAIN_SNAPSHOT, BRAIN_STORE, …) but the three that only steer hooks and the
 * server's start, plus HOME, the hosts' directories and TZ. The bin sends its mark with a command for the
 * resident server (src/cli/served-cli.ts); the server runs it only when its own mark is the same
 * (src/cli/served-run.ts), else the bin runs it in process: a server started from another shell never
 * answers with another clock, settings file or store. A mark, not the values: BRAIN_STORE may hold a password.
 */
const NOT_IN_ANSWERS = new Set(["BRAIN_SERVE_AUTOSTART", "BRAIN_HOOK_TIMING", "BRAIN_HOOKS"]);
const IN_ANSWERS = ["HOME", "CLAUDE_CONFIG_DIR", "CODEX_HOME", "TZ"];

export function answerEnv(env: NodeJS.ProcessEnv = process.env): string {
  const keys = Object.keys(env)
    .filter(
      (k) =>
        ((k.startsWith("BRAIN_") || k.startsWith("RHO_")) && !NOT_IN_ANSWERS.has(k)) ||
        IN_ANSWERS.includes(k),
    )
    .sort();
  return fingerprint(keys.map((k) => `${k}=${env[k]}`).join("\0"));
}

/** Two FNV-1a hashes and the length: contents that differ get a different mark (no node:crypto to load). */
function fingerprint(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x811c9dc5) >>> 0;
  }
  return `${a.toString(16)}${b.toString(16)}-${text.length}`;
}

/** Whether this content of the settings file was not warned about yet (remembered in ~/.brain). */
async function firstTimeFor(p: ConfigProblem): Promise<boolean> {
  // Loaded only for a settings file with a problem: every other command starts without it.
  const { userBrainDir, writeLocalFile } = await import("../engine/local-files.ts");
  const file = join(userBrainDir(homedir()), "config-warned");
  const mark = fingerprint(`${p.file}\n${p.text}`);
  try {
    if (fs.readFileSync(file, "utf8").trim() === mark) return false;
  } catch {
    /* never warned */
  }
  try {
    writeLocalFile(file, `${mark}\n`);
  } catch {
    /* a home that cannot be written: warn every time rather than never */
  }
  return true;
}

/** The configuration if it was read (error reporting must not read it a second time, nor fail on it). */
export function loadedConfig(): ResolvedConfig | undefined {
  return loaded;
}

/** The variables that move agent hosts' own directories (read here, once, for `brain install <host>`). */
export function hostPlaceEnv(): {
  CODEX_HOME?: string;
  COPILOT_HOME?: string;
  XDG_CONFIG_HOME?: string;
  XDG_DATA_HOME?: string;
} {
  const out: Record<string, string> = {};
  for (const k of ["CODEX_HOME", "COPILOT_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME"])
    if (process.env[k]) out[k] = process.env[k] as string;
  return out;
}
