import { dirname, join } from "node:path";
import { writeFileAtomic } from "../store/atomic-file.ts";
import { type EpisodeHealth, episodeHealth, repairEpisodes } from "../store/episode-health.ts";
import type { RepairOptions, RepairReport } from "../store/event-store.ts";
import { deadTempFiles, removeDeadTempFiles, type TempFile } from "../store/temp-files.ts";

/**
 * The files a brain keeps beside brain.jsonl that `brain doctor` checks and repairs: the episode log and
 * the temp files killed writers left. The engine's door to them (surfaces never import a store); the
 * engine redesign (issue 22) folds this into the Brain's health and repair over every registered log.
 */
export interface LocalFilesHealth {
  episodes: EpisodeHealth;
  /** Temp files whose writer is no longer running. */
  tempFiles: TempFile[];
}

const episodesPath = (brainPath: string) => join(dirname(brainPath), "episodes.jsonl");

export function localFilesHealth(brainPath: string): LocalFilesHealth {
  return { episodes: episodeHealth(episodesPath(brainPath)), tempFiles: deadTempFiles(dirname(brainPath)) };
}

/** The episode log's safe repairs (null when it has none), then the dead writers' temp files removed. */
export function repairLocalFiles(
  brainPath: string,
  now: Date,
  opts: RepairOptions = {},
): { episodes: RepairReport | null; removed: TempFile[] } {
  const episodes = repairEpisodes(episodesPath(brainPath), now, opts);
  return { episodes, removed: removeDeadTempFiles(dirname(brainPath)) };
}

export type { BrainHome } from "../store/home.ts";

/** Write a file of the brain's home (owner-only, atomically): what a surface keeps there (serve.json, the launch page). */
export function writeLocalFile(path: string, text: string): void {
  writeFileAtomic(path, [text], { mode: 0o600 });
}

export { userBrainDir } from "../store/home.ts";

/** The lock a surface holds on a file of the brain's home (the resident server's: one server per brain). */
export { FileLock } from "../store/jsonl/lock.ts";
