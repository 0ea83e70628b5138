import type { BrainHome } from "../store/home.ts";
import { type LocalLogSpec, localLog } from "../store/local-log.ts";
import { holdsText } from "../store/purge-target.ts";

/** One learner run, as recorded in `.brain/learn-log.jsonl` (append-only, one line a run). */
export interface LearnRun {
  at: string;
  pid: number;
  ms: number;
  /** Queue records read in this run. */
  queued: number;
  /** What was read: per transcript, the byte range and the turns parsed from it. */
  read: { source: string; from: number; to: number; turns: number }[];
  /**
   * What was stored: episodes added (turns already known are not counted), memories added and reinforced,
   * session summaries written by the model, records the agent's mind got from the hosts (absent when none).
   */
  stored: {
    episodes: number;
    memories: number;
    reinforced: number;
    summaries?: number;
    used?: number;
    mind?: number;
  };
  /** Candidates proposed (model items or detector output), stopped by the curator, sent to the inbox, refused by the write path. */
  learned: {
    candidates: number;
    gated: number;
    inboxed: number;
    refused: number;
    why?: string[];
    /** Candidates not proposed again: the inbox held them, or a near-duplicate, already. */
    repeated?: number;
    /** Older messages of long deltas not shown to the model (more than `extraction.maxCalls` calls' worth). */
    dropped?: number;
    /** Passes learned without a model because the headless host's calls for the day were spent. */
    overBudget?: number;
  };
  /** Extraction model use: tokens in and out, HTTP calls (retries and repair calls included). */
  tokens: { input: number; output: number; calls: number };
  errors: { source: string; error: string; attempts: number; gaveUp: boolean }[];
  /** Work left for a later run (the run stopped at its byte budget). */
  more: boolean;
  /** Transcripts read again from the start: shorter than their cursor (`from`), or their bytes before it changed. */
  restarted?: { source: string; from: number; size: number; reason: "shorter" | "rewritten" }[];
  /** Transcript lines over `learner.maxLineBytes`, passed over: line number and length in bytes. */
  skipped?: { source: string; line: number; bytes: number }[];
  /** Turns stored cut to `learner.maxTurnChars`. */
  cut?: number;
}

/** A run that has done nothing yet (the learner and `brain consolidate` fill it in). */
export function emptyRun(now: Date): LearnRun {
  return {
    at: now.toISOString(),
    pid: process.pid,
    ms: 0,
    queued: 0,
    read: [],
    stored: { episodes: 0, memories: 0, reinforced: 0 },
    learned: { candidates: 0, gated: 0, inboxed: 0, refused: 0 },
    tokens: { input: 0, output: 0, calls: 0 },
    errors: [],
    more: false,
  };
}

/**
 * The learner's run log (`.brain/learn-log.jsonl`), a log of the brain's home. A run line names what was read
 * (transcript paths, byte ranges) and why items were refused (which may quote them): a purge takes the lines
 * that hold a purged text.
 */
export const LEARN_LOG: LocalLogSpec<LearnRun> = {
  name: "learner run log",
  file: "learnLog",
  check: (v) =>
    typeof v.at === "string" &&
    typeof v.queued === "number" &&
    Array.isArray(v.read) &&
    Array.isArray(v.errors)
      ? (v as unknown as LearnRun)
      : { problem: "not a learner run (at, queued, read, errors)" },
  purges: (run, target) => holdsText(run, target.texts),
};

export function appendRun(home: BrainHome, run: LearnRun): void {
  home.ensureLocal();
  localLog(home, LEARN_LOG).append([run]);
}

/** The last `n` runs, oldest first (a line that is not a run is reported by the log and skipped). */
export function lastRuns(home: BrainHome, n = 10): LearnRun[] {
  return localLog(home, LEARN_LOG)
    .read()
    .records.slice(-n)
    .map((r) => r.value);
}
