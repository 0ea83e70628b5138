import * as fs from "node:fs";
import { basename, join } from "node:path";
import { BrainError } from "../core/errors.ts";
import { appendOrRollback, copyForBackup, writeFileAtomic } from "../store/atomic-file.ts";
import { crypto } from "../store/crypto.ts";
import { BrainHome } from "../store/home.ts";
import { FileLock } from "../store/jsonl/lock.ts";
import { type LocalLogSpec, localLog } from "../store/local-log.ts";
import { holdsText } from "../store/purge-target.ts";
import { brainFileName } from "./read.ts";
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
 * Every write holds the file's lock (`.brain/<name>.lock`, the log's lock format), so an append racing a
 * rewrite lands in the new file instead of in the one being renamed away; `text` may be a function of the
 * current content, computed under that lock. Appends that fail are cut back; rewrites are atomic.
 */
export function writeBrainFile(
  dir: string,
  name: string,
  text: string | ((current: string) => string),
  opts: { replace?: boolean; cleanupIntent?: string; now?: Date } = {},
): WriteResult {
  const n = brainFileName(name);
  const path = join(dir, n);
  if (opts.replace && !opts.cleanupIntent?.trim()) {
    throw new BrainError("INVALID", `rewriting ${n} needs a cleanup intent (say why the old content goes)`, {
      field: "cleanupIntent",
    });
  }
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
  const lock = new FileLock(new BrainHome(dir).brainFileLock(n));
  return lock.with(
    () =>
      opts.replace
        ? rewrite(dir, n, path, text, lock, opts.now, opts.cleanupIntent as string)
        : append(n, path, text),
    {
      purpose: opts.replace ? "rewrite" : "append",
    },
  );
}

function current(path: string): string {
  try {
    return fs.readFileSync(path, "utf8");
  } catch {
    return "";
  }
}

function withNewline(text: string): string {
  return text.endsWith("\n") ? text : `${text}\n`;
}

function append(n: string, path: string, text: string | ((current: string) => string)): WriteResult {
  const body = typeof text === "function" ? text(current(path)) : text;
  const fd = fs.openSync(path, fs.constants.O_RDWR | fs.constants.O_APPEND | fs.constants.O_CREAT, 0o600);
  try {
    const size = fs.fstatSync(fd).size;
    let sep = "";
    if (size > 0) {
      const last = Buffer.alloc(1);
      fs.readSync(fd, last, 0, 1, size - 1);
      if (last[0] !== 0x0a) sep = "\n";
    }
    appendOrRollback(fd, size, Buffer.from(`${sep}${withNewline(body)}`, "utf8"), n);
  } finally {
    fs.closeSync(fd);
  }
  return { name: n, mode: "append", backup: null };
}

interface Rewrite {
  at: string;
  file: string;
  backup: string;
  intent: string;
}

/** `.brain/rewrites.jsonl`: why a brain file's content was replaced, and the name of the copy of the old one. */
export const REWRITES_LOG: LocalLogSpec<Rewrite> = {
  name: "brain-file rewrites",
  file: "rewrites",
  check: (v) =>
    typeof v.at === "string" && typeof v.file === "string" && typeof v.backup === "string"
      ? (v as unknown as Rewrite)
      : { problem: "not a rewrite record (at, file, backup)" },
  purges: (r, target) => holdsText(r, target.texts),
};

function rewrite(
  dir: string,
  n: string,
  path: string,
  text: string | ((current: string) => string),
  lock: FileLock,
  at: Date | undefined,
  intent: string,
): WriteResult {
  const body = typeof text === "function" ? text(current(path)) : text;
  const now = at ?? new Date();
  let backup: string | null = null;
  if (fs.existsSync(path)) {
    const bdir = new BrainHome(dir).backups;
    fs.mkdirSync(bdir, { recursive: true, mode: 0o700 });
    backup = join(
      bdir,
      `${n}.${now.toISOString().replace(/[:.]/g, "-")}.${crypto().randomBytes(2).toString("hex")}.bak`,
    );
    copyForBackup(path, backup);
    pruneBackups(bdir, n, now);
    // Why the old content went, with the name of its copy (one line per rewrite).
    const record = { at: now.toISOString(), file: n, backup: basename(backup), intent };
    localLog(new BrainHome(dir), REWRITES_LOG).append([record]);
  }
  writeFileAtomic(path, [withNewline(body)], { beforeCommit: () => lock.verify() });
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
