import { homeOf } from "../engine/options.ts";
import { stdStream } from "../hooks/std-out.ts";
import {
  addCoreImport,
  type CoreImportChange,
  importLineFor,
  removeCoreImport,
} from "../hosts/claude/core-import.ts";
import { cliConfig } from "./cli-config.ts";

/**
 * `brain install claude`'s question: may it add one line to Claude Code's own memory file so that Claude Code
 * loads the brain's core files (SOUL.md, USER.md, AGENTS.md) whole? A hook's context is capped at 10 000
 * characters; an imported memory file is not. `--core-files` says yes, `--no-core-files` no; without either,
 * a terminal is asked and a script is told the flag (nothing is added behind the user's back).
 */
export interface CoreFilesOpts {
  brain?: string;
  coreFiles?: boolean;
  /** `brain install --yes`: ask nothing (the line is only described). */
  yes?: boolean;
}

async function ask(line: string, file: string): Promise<boolean> {
  const { createInterface } = await import("node:readline/promises");
  const rl = createInterface({ input: process.stdin, output: stdStream(1) });
  try {
    const a = await rl.question(
      `Let Claude Code load your core brain files whole? This adds one line to ${file}:\n  ${line}\n[y/N] `,
    );
    return /^y(es)?$/i.test(a.trim());
  } finally {
    rl.close();
  }
}

export type CoreFilesOutcome =
  | CoreImportChange
  | { file: string; line: string; change: "not asked" | "declined" | "unavailable" };

export async function coreFilesStep(o: CoreFilesOpts): Promise<CoreFilesOutcome> {
  const config = cliConfig(o.brain);
  const dir = homeOf(config).dir;
  const file = `${config.claudeDir}/CLAUDE.md`;
  // A path Claude Code's @import cannot name: refused when asked for, else only said.
  if (/\s/.test(dir) && o.coreFiles !== true) return { file, line: "", change: "unavailable" };
  const line = importLineFor(dir);
  let yes = o.coreFiles;
  if (yes === undefined && !o.yes && process.stdin.isTTY && process.stdout.isTTY) yes = await ask(line, file);
  if (yes === undefined) return { file, line, change: "not asked" };
  if (!yes) return { file, line, change: "declined" };
  return addCoreImport(config.claudeDir, dir);
}

/** `brain uninstall claude` takes the line out again (the user's own lines stay). */
export function removeCoreFilesLine(o: { brain?: string }, dryRun: boolean): CoreImportChange {
  const config = cliConfig(o.brain);
  return removeCoreImport(config.claudeDir, homeOf(config).dir, dryRun);
}

/** What install prints about the line. */
export function coreFilesText(r: CoreFilesOutcome): string {
  switch (r.change) {
    case "added":
      return `Added to ${r.file} (Claude Code loads your core brain files whole; \`brain uninstall claude\` removes it):\n  ${r.line}${"backup" in r && r.backup ? `\nBackup of the previous file: ${r.backup}` : ""}`;
    case "unchanged":
      return `${r.file} already imports your core brain files.`;
    case "declined":
      return "Core files: not added; Claude Code gets them through the session-start hook (cut at 10 000 characters).";
    case "unavailable":
      return "Core files: the brain's path has spaces, which Claude Code's @import cannot name; they come through the session-start hook (cut at 10 000 characters).";
    default:
      return `Claude Code caps a hook's context at 10 000 characters. To have it load your core brain files whole, run\n  brain install claude --core-files\nwhich adds this one line to ${r.file}:\n  ${r.line}`;
  }
}
