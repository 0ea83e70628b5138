import * as fs from "node:fs";
import { join } from "node:path";
import { isPidAlive } from "./jsonl/lock.ts";

/**
 * Temp files left behind by killed writers. Every writer that replaces a file writes the new content to a
 * sibling named `<target>.<kind>-<pid>-<hex>` and renames it over `<target>`:
 *   - `tmp`     snapshot saves, recall-index saves, brain-file rewrites, new-log creation, recent paths;
 *   - `compact` compaction's new log;
 *   - `stale`   a stale lock renamed aside by the process that broke it.
 * A process killed between the write and the rename leaves the sibling behind. Such a file is litter only
 * when the process named in it is dead (a live one may be about to rename it), so only those are reported
 * and removed. Looked for in the brain's directory and its `.brain/` (snapshots, indexes, recent paths).
 */
export const TEMP_NAME = /^(.+)\.(tmp|compact|stale)-(\d+)-[0-9a-f]+$/;

export interface TempFile {
  path: string;
  /** The file the writer meant to replace. */
  target: string;
  pid: number;
  bytes: number;
}

/** Temp files in `brainDir` and `brainDir/.brain` whose writer is no longer running. */
export function deadTempFiles(brainDir: string): TempFile[] {
  const out: TempFile[] = [];
  for (const dir of [brainDir, join(brainDir, ".brain")]) {
    let names: string[];
    try {
      names = fs.readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names.sort()) {
      const m = TEMP_NAME.exec(name);
      if (!m) continue;
      const pid = Number(m[3]);
      if (isPidAlive(pid)) continue;
      const path = join(dir, name);
      let st: fs.Stats;
      try {
        st = fs.lstatSync(path);
      } catch {
        continue;
      }
      if (!st.isFile()) continue;
      out.push({ path, target: join(dir, m[1] as string), pid, bytes: st.size });
    }
  }
  return out;
}

/** Remove the dead writers' temp files; returns what was removed. */
export function removeDeadTempFiles(brainDir: string): TempFile[] {
  const removed: TempFile[] = [];
  for (const t of deadTempFiles(brainDir)) {
    try {
      fs.rmSync(t.path);
      removed.push(t);
    } catch {
      /* gone already (another repair), or not ours to remove: left for the next doctor run */
    }
  }
  return removed;
}
