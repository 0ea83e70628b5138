import * as fs from "node:fs";
import { basename, dirname, join } from "node:path";
import { BrainError } from "../../core/errors.ts";
import { parseJson } from "../../core/safe-json.ts";
import { writeFileAtomic } from "../atomic-file.ts";
import { BrainHome } from "../home.ts";
import { namesAny, type PurgeTarget } from "../purge-target.ts";

/** Where the bad lines `doctor --repair --quarantine` moved out of a log are kept: `.brain/quarantine/<log>`. */
export function quarantineFile(logPath: string): string {
  return join(new BrainHome(dirname(logPath)).quarantine, basename(logPath));
}

/** What a quarantine moved: the file it went to and the line numbers it had in the log. */
export interface Quarantined {
  file: string;
  lines: number[];
}

/**
 * Move the lines numbered `bad` (with their reasons) out of the log at `path`, under the caller's lock and
 * after the caller's backup: first every one of them is added to the quarantine file (one JSON line each:
 * the log, the line number, the reason, the whole line as it was), written to a temp file and renamed; only
 * then is the log rewritten without them (temp file + rename, after `beforeCommit` checks the lock). A crash
 * in between leaves a line in both places, never in neither. A read-only log is refused, not rewritten.
 */
export function quarantineLines(
  path: string,
  bad: ReadonlyMap<number, string>,
  now: Date,
  beforeCommit: () => void,
): Quarantined {
  const mode = fs.statSync(path).mode & 0o777;
  if ((mode & 0o200) === 0)
    throw new BrainError("INVALID", `${path} is read-only; its bad lines were left in place`);
  const buf = fs.readFileSync(path);
  const keep: Buffer[] = [];
  const moved: string[] = [];
  const lines: number[] = [];
  let line = 0;
  for (let start = 0; start < buf.length; ) {
    let nl = buf.indexOf(0x0a, start);
    const end = nl < 0 ? buf.length : nl + 1;
    if (nl < 0) nl = buf.length;
    line++;
    const reason = bad.get(line);
    if (reason === undefined) keep.push(buf.subarray(start, end));
    else {
      const text = buf.subarray(start, nl).toString("utf8").replace(/\r$/, "");
      moved.push(`${JSON.stringify({ from: path, line, reason, text, at: now.toISOString() })}\n`);
      lines.push(line);
    }
    start = end;
  }
  const file = quarantineFile(path);
  if (lines.length === 0) return { file, lines };
  fs.mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  let held: Buffer = Buffer.alloc(0);
  try {
    held = fs.readFileSync(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
  }
  const sep = held.length > 0 && held[held.length - 1] !== 0x0a ? "\n" : "";
  writeFileAtomic(file, [held, sep, ...moved], { mode: 0o600 });
  writeFileAtomic(path, keep, { mode, beforeCommit });
  return { file, lines };
}

/**
 * "Forget" reaches the quarantine too: a quarantined line is whatever a log held, so one that names a purged
 * entry, episode or session (its id anywhere in the line) or holds a purged text is removed (each file rewritten
 * through a temp file and a rename; a file left empty is deleted). Returns how many lines went.
 */
export function purgeQuarantine(home: BrainHome, t: PurgeTarget): number {
  let files: string[];
  try {
    files = fs.readdirSync(home.quarantine);
  } catch {
    return 0;
  }
  const names = namesAny(new Set([...t.entries, ...t.episodes, ...t.sessions]), t.texts);
  // Each quarantined line keeps the log's bad line as it was, in `text`: that is what a purge must look in.
  const named = (line: string) => {
    const p = parseJson(line);
    const text =
      p.ok && p.value && typeof p.value === "object" ? (p.value as { text?: unknown }).text : undefined;
    return names(typeof text === "string" ? text : line);
  };
  let removed = 0;
  for (const name of files) {
    const file = join(home.quarantine, name);
    const lines = fs
      .readFileSync(file, "utf8")
      .split("\n")
      .filter((l) => l !== "");
    const keep = lines.filter((l) => !named(l));
    if (keep.length === lines.length) continue;
    removed += lines.length - keep.length;
    if (keep.length === 0) fs.rmSync(file, { force: true });
    else
      writeFileAtomic(
        file,
        keep.map((l) => `${l}\n`),
        { mode: 0o600 },
      );
  }
  return removed;
}
