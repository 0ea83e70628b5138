import * as fs from "node:fs";
import { dirname, join } from "node:path";
import { writeFileAtomic } from "../store/atomic-file.ts";
import type { Seen } from "./cursor-identity.ts";
import type { DeltaRecord } from "./delta-journal.ts";

/**
 * The learner's progress, `.brain/learn-cursors.json` (replaced atomically after every step, so a learner
 * killed at any point resumes from the last step it finished; redoing a step is harmless because episode ids
 * are stable). `queueOffset`: bytes of the queue already read. `sessions`: one cursor per transcript, the
 * byte offset (and line count) up to which it has been turned into episodes. `items`: queued message
 * batches (pi) not yet stored, by their byte offset in the queue.
 */
export interface SessionCursor {
  host: string;
  transcript: string;
  session_id?: string;
  cwd?: string;
  /** The repository the session ran in (`repoRoot` of its cwd). */
  project?: string;
  /** Bytes of the transcript already turned into episodes. */
  offset: number;
  /** Lines before `offset` (turn ids made from line numbers stay the same across runs). */
  line: number;
  /** Failed attempts since the last queued event for this transcript; at the cap it waits for the next one. */
  attempts: number;
  lastError?: string;
  updated: string;
  /** The last few messages read (shortened): context for the next delta's extraction prompt. */
  recent?: { role: string; text: string }[];
  /** What the bytes before `offset` looked like (a file with other bytes there is read again from the start). */
  seen?: Seen;
  /** `offset` is inside a line over the cap with no end yet: that line's bytes so far (byte-range.ts). */
  inLongLine?: number;
  /** The delta being learned from when the learner stopped (delta-journal.ts). */
  pending?: DeltaRecord;
}

export interface PendingItem {
  /** Byte offset of the record in the queue file. */
  offset: number;
  attempts: number;
  lastError?: string;
  /** The batch's learning pass, when a learner stopped during it (delta-journal.ts). */
  pending?: DeltaRecord;
}

export interface LearnState {
  version: 1;
  queueOffset: number;
  sessions: Record<string, SessionCursor>;
  items: PendingItem[];
}

export function learnDir(brainPath: string): string {
  return join(dirname(brainPath), ".brain");
}

export function cursorsFile(brainPath: string): string {
  return join(learnDir(brainPath), "learn-cursors.json");
}

const empty = (): LearnState => ({ version: 1, queueOffset: 0, sessions: {}, items: [] });

/** The saved state; a missing file is a fresh start, an unreadable one too (it is kept aside, not lost). */
export function loadCursors(brainPath: string): LearnState {
  const file = cursorsFile(brainPath);
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    return empty();
  }
  try {
    const v = JSON.parse(text) as Partial<LearnState>;
    if (v && v.version === 1 && typeof v.queueOffset === "number" && v.sessions && Array.isArray(v.items)) {
      return v as LearnState;
    }
  } catch {
    /* fall through */
  }
  try {
    fs.renameSync(file, `${file}.bad-${Date.now()}`);
  } catch {
    /* best effort */
  }
  return empty();
}

export function saveCursors(brainPath: string, state: LearnState, durable = true): void {
  writeFileAtomic(cursorsFile(brainPath), [`${JSON.stringify(state, null, 2)}\n`], { durable });
}
