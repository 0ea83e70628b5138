import type { BrainHome } from "../store/home.ts";
import { type DocSpec, JsonDoc } from "../store/json-doc.ts";
import { type PurgeTarget, touches } from "../store/purge-target.ts";
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

const empty = (): LearnState => ({ version: 1, queueOffset: 0, sessions: {}, items: [] });

/** The recent messages and pending journals of a cursor hold text: a purge clears what it names. */
function purgedCursor<C extends { recent?: unknown; pending?: unknown; session_id?: string }>(
  c: C,
  target: PurgeTarget,
): C {
  if (!touches(c, target) && !(c.session_id !== undefined && target.sessions.has(c.session_id))) return c;
  const { recent: _r, pending: _p, ...rest } = c;
  return rest as C;
}

/**
 * `.brain/learn-cursors.json`: the learner's progress. A purge keeps every offset (a forgotten turn must not
 * be read again, and its tombstone keeps it out if it is) but drops the text a cursor holds — its last few
 * messages and a pending delta's journal — when they belong to a purged session or hold a purged text.
 */
export const CURSORS_DOC: DocSpec<LearnState> = {
  file: "cursors",
  empty,
  check: (v) => {
    const o = v as Partial<LearnState> | null;
    return o &&
      o.version === 1 &&
      typeof o.queueOffset === "number" &&
      o.sessions &&
      typeof o.sessions === "object" &&
      Array.isArray(o.items)
      ? (o as LearnState)
      : { problem: "not the learner's cursors (version 1)" };
  },
  purged: (doc, target) => {
    let changed = false;
    const sessions: Record<string, SessionCursor> = {};
    for (const [k, c] of Object.entries(doc.sessions)) {
      sessions[k] = purgedCursor(c, target);
      changed ||= sessions[k] !== c;
    }
    const items = doc.items.map((i) => {
      const next = purgedCursor(i, target);
      changed ||= next !== i;
      return next;
    });
    return changed ? { ...doc, sessions, items } : doc;
  },
};

/** The saved state; a missing file is a fresh start, an unreadable one too (it is kept aside, not lost). */
export function loadCursors(home: BrainHome): LearnState {
  return new JsonDoc(home, CURSORS_DOC).load();
}

export function saveCursors(home: BrainHome, state: LearnState, durable = true): void {
  new JsonDoc(home, CURSORS_DOC).save(state, durable, true);
}
