import { createHash } from "node:crypto";
import * as fs from "node:fs";
import { basename, dirname, join } from "node:path";

/**
 * What `brain install <host>` did to each file, kept in `~/.brain/hosts/<host>.json`, so `brain uninstall`
 * undoes exactly that: a file still as Brain left it is given back byte for byte (the backup taken before
 * the first write, or removed when it did not exist); a file the user changed since has only Brain's own
 * entries taken out. Every write is preceded by a backup of what was there (`~/.brain/backups/hosts/`).
 */
export interface FileRecord {
  /** Whether the file existed before Brain first wrote it. */
  existed: boolean;
  /** The copy of the file before Brain first wrote it. */
  backup?: string;
  /** Hash of the file as Brain last wrote it. */
  after: string;
  /** False once the user changed the file after Brain wrote it: uninstall then removes only Brain's part. */
  restorable: boolean;
}

export type HostRecord = Record<string, FileRecord>;

export const sha = (text: string) => createHash("sha256").update(text).digest("hex");

export function recordFile(brainDir: string, host: string): string {
  return join(brainDir, "hosts", `${host}.json`);
}

export function loadRecord(file: string): HostRecord {
  try {
    const v = JSON.parse(fs.readFileSync(file, "utf8")) as unknown;
    return v && typeof v === "object" && !Array.isArray(v) ? (v as HostRecord) : {};
  } catch {
    return {};
  }
}

/** Write `content` to `file` through a temp file and a rename; the write is read back and checked. */
export function writeAtomic(file: string, content: string, mode?: number): void {
  fs.mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.brain-${process.pid}.tmp`;
  fs.writeFileSync(tmp, content, mode !== undefined ? { mode } : {});
  try {
    if (mode === undefined && fs.existsSync(file)) fs.chmodSync(tmp, fs.statSync(file).mode & 0o7777);
  } catch {
    /* keep the default mode */
  }
  fs.renameSync(tmp, file);
  if (fs.readFileSync(file, "utf8") !== content) throw new Error(`${file}: the write did not read back`);
}

export function saveRecord(file: string, r: HostRecord): void {
  if (Object.keys(r).length === 0) {
    fs.rmSync(file, { force: true });
    return;
  }
  writeAtomic(file, `${JSON.stringify(r, null, 2)}\n`);
}

/** A copy of `text` (the file `of`) in the backups directory; its path. */
export function backup(brainDir: string, host: string, of: string, text: string, at: Date): string {
  const stamp = at.toISOString().replace(/[:.]/g, "-");
  const name = `${stamp}-${sha(of).slice(0, 8)}-${basename(of)}`;
  const file = join(brainDir, "backups", "hosts", host, name);
  writeAtomic(file, text);
  return file;
}
