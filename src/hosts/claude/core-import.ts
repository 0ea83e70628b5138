import * as fs from "node:fs";
import { dirname } from "node:path";
import { BrainError } from "../../core/errors.ts";
import { claudeMemoryFile, coreImportLine } from "../../hooks/claude-memory.ts";

/**
 * The one line `brain install claude --core-files` adds to Claude Code's own memory file (`~/.claude/CLAUDE.md`)
 * so that Claude Code loads the brain's core files whole (a hook's context is capped at 10 000 characters;
 * imported memory files are not), and `brain uninstall claude` takes out again. The user's own lines are never
 * touched: the file is backed up before each change, written to a temporary file and renamed.
 */
export interface CoreImportChange {
  file: string;
  line: string;
  /** added / removed; unchanged: the line was already there (install) or not there (uninstall). */
  change: "added" | "removed" | "unchanged";
  backup?: string;
}

function read(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw e;
  }
}

/** Write `text` to `file` through a temporary file and a rename, after copying the old file to a backup. */
function replace(file: string, old: string | undefined, text: string): string | undefined {
  fs.mkdirSync(dirname(file), { recursive: true });
  let backup: string | undefined;
  if (old !== undefined) {
    backup = `${file}.brain-backup`;
    fs.writeFileSync(backup, old);
  }
  const tmp = `${file}.brain-tmp-${process.pid}`;
  fs.writeFileSync(tmp, text);
  if (fs.readFileSync(tmp, "utf8") !== text) throw new BrainError("IO", `could not write ${tmp} completely`);
  fs.renameSync(tmp, file);
  return backup;
}

/** The import line for `brainDir`, refused when Claude Code's `@path` syntax cannot name it. */
export function importLineFor(brainDir: string): string {
  if (/\s/.test(brainDir))
    throw new BrainError(
      "INVALID",
      `Claude Code's @import cannot name a path with spaces (${brainDir}); link the brain from a path without them`,
    );
  return coreImportLine(brainDir);
}

const lines = (text: string) => text.split(/\r?\n/);

/** Add the import line (once) at the end of Claude Code's memory file in `claudeDir`. */
export function addCoreImport(claudeDir: string, brainDir: string, dryRun = false): CoreImportChange {
  const file = claudeMemoryFile(claudeDir);
  const line = importLineFor(brainDir);
  const old = read(file);
  if (old !== undefined && lines(old).some((l) => l.trim() === line))
    return { file, line, change: "unchanged" };
  if (dryRun) return { file, line, change: "added" };
  const base = old === undefined || old === "" ? "" : old.endsWith("\n") ? `${old}\n` : `${old}\n\n`;
  const backup = replace(file, old, `${base}${line}\n`);
  return { file, line, change: "added", ...(backup ? { backup } : {}) };
}

/** `text` without the line: exactly what install added when it is still the end of the file, else the line. */
function withoutLine(text: string, line: string): string {
  if (text === `${line}\n`) return "";
  if (text.endsWith(`\n\n${line}\n`)) return text.slice(0, -`\n${line}\n`.length);
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  return lines(text)
    .filter((l) => l.trim() !== line)
    .join(eol);
}

/** Take the import line out of Claude Code's memory file (the user's lines stay as they are). */
export function removeCoreImport(claudeDir: string, brainDir: string, dryRun = false): CoreImportChange {
  const file = claudeMemoryFile(claudeDir);
  const line = coreImportLine(brainDir);
  const old = read(file);
  if (old === undefined || !lines(old).some((l) => l.trim() === line))
    return { file, line, change: "unchanged" };
  if (dryRun) return { file, line, change: "removed" };
  const text = withoutLine(old, line);
  if (text === "") {
    // It held only the line: no memory file and an empty one are the same to Claude Code.
    const backup = `${file}.brain-backup`;
    fs.writeFileSync(backup, old);
    fs.rmSync(file);
    return { file, line, change: "removed", backup };
  }
  const backup = replace(file, old, text);
  return { file, line, change: "removed", ...(backup ? { backup } : {}) };
}
