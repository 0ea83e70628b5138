import * as fs from "node:fs";
import type { BadLine } from "../core/health.ts";
import { EpisodeLog } from "./episode-log.ts";
import type { RepairOptions, RepairReport } from "./event-store.ts";
import { JsonlFileStore } from "./jsonl/file-store.ts";
import { inspectLock, type LockStatus } from "./jsonl/lock.ts";

/** What `brain doctor` says about episodes.jsonl: the same checks as brain.jsonl's. */
export interface EpisodeHealth {
  path: string;
  present: boolean;
  /** Episodes loaded. */
  total: number;
  badLineCount: number;
  badLines: BadLine[];
  tornTail: { line: number; text: string } | null;
  lock: LockStatus;
  ok: boolean;
}

/** Read the episode log afresh (never a view a process kept) and report what is wrong with it. */
export function episodeHealth(path: string): EpisodeHealth {
  const present = fs.existsSync(path);
  const log = new EpisodeLog(new JsonlFileStore(path));
  if (present) log.refresh();
  const lock = inspectLock(path);
  return {
    path,
    present,
    total: log.size,
    badLineCount: log.badLineCount,
    badLines: log.badLines,
    tornTail: log.tornTail,
    lock,
    ok: log.badLineCount === 0 && log.tornTail === null && !lock.stale,
  };
}

/** brain.jsonl's safe repairs applied to the episode log: stale lock, torn tail (with a backup first). */
export function repairEpisodes(path: string, now: Date, opts: RepairOptions = {}): RepairReport | null {
  if (!fs.existsSync(path) && !fs.existsSync(`${path}.lock`)) return null;
  const store = new JsonlFileStore(path);
  return store.maintenance.repair(now, opts);
}
