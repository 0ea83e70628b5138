import * as fs from "node:fs";
import { loadCursors } from "./cursors.ts";
import { lastRuns } from "./learn-log.ts";
import { queueFile, readQueue } from "./queue.ts";

/** The learner's state: the queue, the per-transcript cursors, pending batches and the last runs. */
export function learnStatus(brainPath: string) {
  const state = loadCursors(brainPath);
  const size = (p: string) => {
    try {
      return fs.statSync(p).size;
    } catch {
      return 0;
    }
  };
  const queue = {
    file: queueFile(brainPath),
    records: readQueue(brainPath).length,
    bytes: size(queueFile(brainPath)),
    read: state.queueOffset,
  };
  const cursors = Object.values(state.sessions).map((c) => ({ ...c, size: size(c.transcript) }));
  return { queue, cursors, pending: state.items, runs: lastRuns(brainPath, 5) };
}

export type LearnStatus = ReturnType<typeof learnStatus>;
