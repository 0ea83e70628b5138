import * as fs from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { type ConfigProblem, loadConfig, loadConfigForHooks, type ResolvedConfig } from "../config.ts";
import { writeFileAtomic } from "../store/atomic-file.ts";
import { crypto } from "../store/crypto.ts";
import { userBrainDir } from "../store/home.ts";
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
export function hookConfig(brain: string | undefined, cwd?: string, quiet = false): ResolvedConfig {
  if (loaded) return loaded;
  const { config, problem } = loadConfigForHooks(process.env, brain, undefined, cwd);
  if (problem && !quiet && firstTimeFor(problem))
    warn(
      `brain: ${errorText(problem.error)} — memory carries on with the default settings until it is fixed`,
    );
  loaded = config;
  return config;
}

/** Whether this content of the settings file was not warned about yet (remembered in ~/.brain). */
function firstTimeFor(p: ConfigProblem): boolean {
  const file = join(userBrainDir(homedir()), "config-warned");
  const mark = crypto().createHash("sha256").update(`${p.file}\n${p.text}`).digest("hex");
  try {
    if (fs.readFileSync(file, "utf8").trim() === mark) return false;
  } catch {
    /* never warned */
  }
  try {
    writeFileAtomic(file, [`${mark}\n`]);
  } catch {
    /* a home that cannot be written: warn every time rather than never */
  }
  return true;
}

/** The configuration if it was read (error reporting must not read it a second time, nor fail on it). */
export function loadedConfig(): ResolvedConfig | undefined {
  return loaded;
}
