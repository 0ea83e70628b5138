import { createHash } from "node:crypto";
import * as fs from "node:fs";
import { join } from "node:path";
import { FileLock } from "../store/jsonl/lock.ts";
import { learnDir } from "./cursors.ts";

/**
 * The inbox (issue 11 step 3): model-free candidates that passed the SELECTION curator wait here for the
 * user's accept, edit or reject. It is `.brain/inbox.jsonl`, an append-only log of events folded on read,
 * not entries in brain.jsonl: Rho reads brain.jsonl too, and a candidate stored there (whatever its type
 * or flag) would either be injected by Rho as a real learning or show up as an unknown type in its
 * tooling. The file follows the log's rules: whole lines appended in one write under a lock
 * (`.brain/inbox.lock`), nothing rewritten, a bad line counted and skipped, never fatal.
 */
export type InboxStatus = "pending" | "accepted" | "rejected";

export interface InboxCandidate {
  id: string;
  type: "learning" | "preference";
  text: string;
  category?: string;
  /** Which detector proposed it, the curator's score, the exchanges behind it. */
  reason: string;
  score: number;
  evidence: string[];
  session?: string;
  project?: string;
}

type InboxEvent =
  | ({ op: "add"; at: string } & InboxCandidate)
  | { op: "accept"; at: string; id: string; stored: string }
  | { op: "reject"; at: string; id: string }
  | { op: "edit"; at: string; id: string; text: string };

export interface InboxItem extends InboxCandidate {
  at: string;
  status: InboxStatus;
  /** The brain entry it became (accepted). */
  stored?: string;
}

export function inboxFile(brainPath: string): string {
  return join(learnDir(brainPath), "inbox.jsonl");
}

/** A candidate's id: the same proposal (type and text) always gets the same one. */
export function candidateId(type: string, text: string): string {
  return `i${createHash("sha256").update(`${type}\u0000${text.trim().toLowerCase()}`).digest("hex").slice(0, 7)}`;
}

/** Every item, in the order first proposed, and how many lines could not be read. */
export function readInbox(brainPath: string): { items: InboxItem[]; bad: number } {
  let text: string;
  try {
    text = fs.readFileSync(inboxFile(brainPath), "utf8");
  } catch {
    return { items: [], bad: 0 };
  }
  const byId = new Map<string, InboxItem>();
  let bad = 0;
  const lines = text.split("\n");
  // The last piece is "" after a final newline; anything else there is a line still being written.
  if (lines[lines.length - 1] === "") lines.pop();
  for (const line of lines) {
    if (!line.trim()) continue;
    let e: InboxEvent;
    try {
      e = JSON.parse(line) as InboxEvent;
    } catch {
      bad++;
      continue;
    }
    const item = byId.get(e.id);
    if (e.op === "add") {
      if (!item) {
        const { op: _op, ...rest } = e;
        byId.set(e.id, { ...rest, status: "pending" });
      }
    } else if (!item) bad++;
    else if (e.op === "accept") Object.assign(item, { status: "accepted", stored: e.stored });
    else if (e.op === "reject") item.status = "rejected";
    else if (e.op === "edit") item.text = e.text;
    else bad++;
  }
  return { items: [...byId.values()], bad };
}

/** Run `f` holding the inbox lock (the learner adding, a user deciding). */
export function withInboxLock<T>(brainPath: string, f: () => T): T {
  const lock = inboxLock(brainPath);
  try {
    return f();
  } finally {
    lock.release();
  }
}

/** The same for work that awaits (accepting stores through the brain's async action path). */
export async function withInboxLockAsync<T>(brainPath: string, f: () => Promise<T>): Promise<T> {
  const lock = inboxLock(brainPath);
  try {
    return await f();
  } finally {
    lock.release();
  }
}

function inboxLock(brainPath: string): FileLock {
  fs.mkdirSync(learnDir(brainPath), { recursive: true, mode: 0o700 });
  const lock = new FileLock(join(learnDir(brainPath), "inbox"));
  lock.acquire({ purpose: "inbox" });
  return lock;
}

function append(brainPath: string, events: InboxEvent[]): void {
  if (events.length === 0) return;
  fs.appendFileSync(inboxFile(brainPath), events.map((e) => `${JSON.stringify(e)}\n`).join(""), {
    mode: 0o600,
  });
}

/** Add candidates not already in the inbox (in any state); returns the ones added. */
export function addCandidates(brainPath: string, at: string, cands: InboxCandidate[]): InboxCandidate[] {
  if (cands.length === 0) return [];
  return withInboxLock(brainPath, () => {
    const known = new Set(readInbox(brainPath).items.map((i) => i.id));
    const fresh = cands.filter((c) => !known.has(c.id) && known.add(c.id));
    append(
      brainPath,
      fresh.map((c) => ({ op: "add", at, ...c })),
    );
    return fresh;
  });
}

/** Append a decision about a pending item (under the lock the caller holds). */
export function recordDecision(
  brainPath: string,
  e:
    | { op: "accept"; at: string; id: string; stored: string }
    | { op: "reject"; at: string; id: string }
    | { op: "edit"; at: string; id: string; text: string },
): void {
  append(brainPath, [e]);
}
