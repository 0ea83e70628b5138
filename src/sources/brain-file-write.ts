import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import { join } from "node:path";
import { BrainError } from "../core/errors.ts";
import { brainFileName } from "./brain-files.ts";
import { hardLinked, insideRoot } from "./safe-path.ts";

const MAX_BACKUPS = 5;
const MAX_BACKUP_AGE_MS = 7 * 86_400_000;

export interface WriteResult {
  name: string;
  mode: "append" | "rewrite";
  backup: string | null;
}

/**
 * Writes to brain files are append-only; replacing content needs a stated `cleanupIntent`, and every
 * rewrite first copies the old file to `.brain/backups/` (at most 5 per file, none older than 7 days).
 */
export function writeBrainFile(
  dir: string,
  name: string,
  text: string,
  opts: { replace?: boolean; cleanupIntent?: string; now?: Date } = {},
): WriteResult {
  const n = brainFileName(name);
  const path = join(dir, n);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  // lstat too: a dangling symlink "does not exist" for existsSync, yet appending through it would create its
  // target — possibly outside the brain directory.
  if ((isSymlink(path) || fs.existsSync(path)) && !insideRoot(dir, path)) {
    throw new BrainError("INVALID", `${n} leads outside the brain directory; refusing to write`);
  }
  if (hardLinked(path)) {
    throw new BrainError(
      "INVALID",
      `${n} is a hard link (it may be a file outside the brain directory); refusing to write`,
    );
  }
  if (!opts.replace) {
    const exists = fs.existsSync(path);
    const prev = exists ? fs.readFileSync(path, "utf8") : "";
    const sep = prev === "" || prev.endsWith("\n") ? "" : "\n";
    fs.appendFileSync(path, `${sep}${text.endsWith("\n") ? text : `${text}\n`}`, { mode: 0o600 });
    return { name: n, mode: "append", backup: null };
  }
  if (!opts.cleanupIntent?.trim()) {
    throw new BrainError("INVALID", `rewriting ${n} needs a cleanup intent (say why the old content goes)`, {
      field: "cleanupIntent",
    });
  }
  const now = opts.now ?? new Date();
  let backup: string | null = null;
  if (fs.existsSync(path)) {
    const bdir = join(dir, ".brain", "backups");
    fs.mkdirSync(bdir, { recursive: true, mode: 0o700 });
    backup = join(
      bdir,
      `${n}.${now.toISOString().replace(/[:.]/g, "-")}.${randomBytes(2).toString("hex")}.bak`,
    );
    fs.copyFileSync(path, backup);
    pruneBackups(bdir, n, now);
  }
  const tmp = `${path}.tmp-${process.pid}-${randomBytes(4).toString("hex")}`;
  fs.writeFileSync(tmp, text.endsWith("\n") ? text : `${text}\n`, { mode: 0o600 });
  fs.renameSync(tmp, path);
  return { name: n, mode: "rewrite", backup };
}

function pruneBackups(bdir: string, name: string, now: Date): void {
  const mine = fs
    .readdirSync(bdir)
    .filter((f) => isBackupOf(f, name))
    .map((f) => ({ f, t: fs.statSync(join(bdir, f)).mtimeMs }))
    .sort((a, b) => b.t - a.t || b.f.localeCompare(a.f));
  mine.forEach((b, i) => {
    if (i >= MAX_BACKUPS || now.getTime() - b.t > MAX_BACKUP_AGE_MS)
      fs.rmSync(join(bdir, b.f), { force: true });
  });
}

function isSymlink(path: string): boolean {
  try {
    return fs.lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/** `CODE.md.<timestamp>.<hex>.bak` belongs to CODE.md — not `CODE.md.notes.md.<timestamp>.<hex>.bak`. */
function isBackupOf(file: string, name: string): boolean {
  return file.startsWith(`${name}.`) && /^[-+\dTZ]+\.[0-9a-f]+\.bak$/.test(file.slice(name.length + 1));
}
