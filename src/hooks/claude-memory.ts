import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { CORE_FILES } from "../core/core-files.ts";

/**
 * Claude Code's own memory file (`~/.claude/CLAUDE.md`, or `$CLAUDE_CONFIG_DIR/CLAUDE.md`) and the brain's core
 * files it imports with `@/absolute/path`. Claude Code caps what a hook adds to 10 000 characters, but loads
 * its memory files — and the files they import — whole, at every start and again after a compaction. So
 * `brain install claude --core-files` adds one line of imports there (src/hosts/claude/core-import.ts) and
 * the session-start hook leaves the files Claude Code loads itself out of its context (not sent twice).
 *
 * Cheap on purpose (node:fs and node:path): the session-start hook reads it on the bin's fast path.
 */

/**
 * The field of a session-start hook's input naming the core files the host loads itself (set by the hook,
 * read by the context it asks for — in process or from the resident server, which gets the same input).
 */
export const HOST_LOADS = "brain_host_loads";

/** The core file names a hook input says the host loads itself (anything else in the field is ignored). */
export function hostLoads(input: Record<string, unknown>): string[] {
  const v = input[HOST_LOADS];
  return Array.isArray(v) ? CORE_FILES.filter((f) => v.includes(f)) : [];
}

export function claudeMemoryFile(claudeDir: string): string {
  return join(claudeDir, "CLAUDE.md");
}

/** The one line `brain install claude --core-files` adds: an import of each core file of `brainDir`. */
export function coreImportLine(brainDir: string): string {
  return CORE_FILES.map((f) => `@${join(resolve(brainDir), f)}`).join(" ");
}

/** Lines outside fenced code blocks (Claude Code does not read imports inside code). */
function proseLines(text: string): string[] {
  const out: string[] = [];
  let fenced = false;
  for (const line of text.split(/\r?\n/)) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    else if (!fenced) out.push(line.replace(/`[^`]*`/g, ""));
  }
  return out;
}

/** The `@path` imports of a memory file's text, `~/` resolved against `homeDir`, as absolute paths. */
export function importsOf(text: string, homeDir: string, baseDir: string): string[] {
  const out: string[] = [];
  for (const line of proseLines(text))
    for (const m of line.matchAll(/(?:^|\s)@(\S+)/g)) {
      const p = (m[1] as string).replace(/[.,;:)]+$/, "");
      out.push(p.startsWith("~/") ? join(homeDir, p.slice(2)) : resolve(baseDir, p));
    }
  return out;
}

/** Which core files of `brainDir` the memory file at `claudeDir` imports (none when it cannot be read). */
export function coreFilesClaudeLoads(claudeDir: string, homeDir: string, brainDir: string): string[] {
  let text: string;
  try {
    text = readFileSync(claudeMemoryFile(claudeDir), "utf8");
  } catch {
    return [];
  }
  const imported = new Set(importsOf(text, homeDir, claudeDir));
  return CORE_FILES.filter((f) => imported.has(join(resolve(brainDir), f)));
}
