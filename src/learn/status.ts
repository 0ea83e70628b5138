import * as fs from "node:fs";
import type { BrainHome } from "../store/home.ts";
import { loadCursors } from "./cursors.ts";
import { lastRuns } from "./learn-log.ts";
import { readQueue } from "./queue.ts";

/** The learner's state: the queue, the per-transcript cursors, pending batches and the last runs. */
export function learnStatus(home: BrainHome) {
  const state = loadCursors(home);
  const size = (p: string) => {
    try {
      return fs.statSync(p).size;
    } catch {
      return 0;
    }
  };
  const queue = {
    file: home.file("queue"),
    records: readQueue(home).length,
    bytes: size(home.file("queue")),
    read: state.queueOffset,
  };
  const cursors = Object.values(state.sessions).map((c) => ({ ...c, size: size(c.transcript) }));
  return { queue, cursors, pending: state.items, runs: lastRuns(home, 5) };
}

export type LearnStatus = ReturnType<typeof learnStatus>;
