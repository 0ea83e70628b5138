import * as fs from "node:fs";
import { dirname, join } from "node:path";
import { MERGED_FILES, mergeUsers, usersPart } from "../hosts/claude/plugin-merge.ts";

/** A plugin file that held something of the user's: what became of it, and where the file as it was went. */
export interface KeptEdit {
  file: string;
  /** The file as it was before this command changed it. */
  backup: string;
  /** "merged": the user's entries kept beside Brain's; "replaced": it was not JSON, so Brain's replaced it. */
  how: "merged" | "replaced" | "left";
}

/** The first free `<file>.bak`, `<file>.bak.2`, … (an earlier backup is never overwritten). */
function backupName(file: string): string {
  for (let n = 1; ; n++) {
    const b = n === 1 ? `${file}.bak` : `${file}.bak.${n}`;
    if (!fs.existsSync(b)) return b;
  }
}

/** Back `file` up, then replace it with `text` (a temp file renamed over it). */
export function rewriteWithBackup(file: string, text: string): string {
  const backup = backupName(file);
  fs.copyFileSync(file, backup, fs.constants.COPYFILE_EXCL);
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, text);
  fs.renameSync(tmp, file);
  return backup;
}

function readIfThere(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

/**
 * Write the files of an install into `dir`. A hooks.json or .mcp.json already there that holds the user's own
 * entries keeps them (Brain's entries replaced), after a backup; one that is not JSON is backed up and replaced.
 */
export function writeInstallFiles(
  dir: string,
  files: Record<string, string>,
): { files: string[]; kept: KeptEdit[] } {
  const kept: KeptEdit[] = [];
  const written = Object.entries(files).map(([rel, content]) => {
    const file = join(dir, rel);
    fs.mkdirSync(dirname(file), { recursive: true });
    const before = MERGED_FILES.some((m) => rel.endsWith(m)) ? readIfThere(file) : undefined;
    if (before === undefined || before === content) {
      fs.writeFileSync(file, content);
      return file;
    }
    const users = usersPart(rel, before);
    if (users.unreadable) kept.push({ file, backup: rewriteWithBackup(file, content), how: "replaced" });
    else if (users.rest) {
      const merged = mergeUsers(rel, content, users.rest);
      if (merged !== before) kept.push({ file, backup: rewriteWithBackup(file, merged), how: "merged" });
    } else fs.writeFileSync(file, content);
    return file;
  });
  return { files: written, kept };
}

/** How `brain install`/`uninstall` list them. */
export function keptLines(kept: KeptEdit[]): string[] {
  if (kept.length === 0) return [];
  const says = {
    merged: "your entries kept beside Brain's",
    replaced: "not JSON: replaced",
    left: "your entries kept, Brain's removed",
  };
  return [
    "Files that held your own edits (each backed up first):",
    ...kept.map((k) => `  ${k.file}: ${says[k.how]} (was: ${k.backup})`),
  ];
}
