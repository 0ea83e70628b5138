import * as fs from "node:fs";
import { join } from "node:path";
import { learnDir } from "./cursors.ts";

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
   * session summaries written by the model (absent when none).
   */
  stored: { episodes: number; memories: number; reinforced: number; summaries?: number };
  /** Candidates proposed (model items or detector output), stopped by the curator, sent to the inbox, refused by the write path. */
  learned: { candidates: number; gated: number; inboxed: number; refused: number; why?: string[] };
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

export function logFile(brainPath: string): string {
  return join(learnDir(brainPath), "learn-log.jsonl");
}

export function appendRun(brainPath: string, run: LearnRun): void {
  fs.mkdirSync(learnDir(brainPath), { recursive: true, mode: 0o700 });
  fs.appendFileSync(logFile(brainPath), `${JSON.stringify(run)}\n`, { mode: 0o600 });
}

/** The last `n` runs, oldest first; torn lines are skipped. */
export function lastRuns(brainPath: string, n = 10): LearnRun[] {
  let text: string;
  try {
    text = fs.readFileSync(logFile(brainPath), "utf8");
  } catch {
    return [];
  }
  const out: LearnRun[] = [];
  for (const line of text.split("\n").slice(-(n + 1))) {
    if (!line.trim()) continue;
    try {
      out.push(JSON.parse(line) as LearnRun);
    } catch {
      /* a torn line */
    }
  }
  return out.slice(-n);
}
