import { crypto } from "../store/crypto.ts";
import type { BrainHome } from "../store/home.ts";
import { FileLock } from "../store/jsonl/lock.ts";
import { type LocalLogSpec, localLog } from "../store/local-log.ts";
import { type PurgeTarget, touches } from "../store/purge-target.ts";

/**
 * The inbox (issue 11 step 3): model-free candidates that passed the SELECTION curator wait here for the
 * user's accept, edit or reject. It is `.brain/inbox.jsonl`, an append-only log of events folded on read,
 * not entries in brain.jsonl: Rho reads brain.jsonl too, and a candidate stored there (whatever its type
 * or flag) would either be injected by Rho as a real learning or show up as an unknown type in its
 * tooling. It is a log of the brain's home (src/store/local-log.ts): whole lines appended in one write under
 * the log's lock, nothing rewritten but by a purge, a bad line counted and skipped, never fatal. Decisions are
 * taken under a separate decision lock (`.brain/inbox.lock`), held across an accept's store.
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
  /** Where a note read from a host's own memory came from (src/learn/host-memory/). */
  origin?: { host: string; file: string; line: number };
}

export type InboxEvent =
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

/** A candidate's id: the same proposal (type and text) always gets the same one. */
export function candidateId(type: string, text: string): string {
  return `i${crypto().createHash("sha256").update(`${type}\u0000${text.trim().toLowerCase()}`).digest("hex").slice(0, 7)}`;
}

function checkEvent(v: Record<string, unknown>): InboxEvent | { problem: string } {
  if (typeof v.id !== "string" || typeof v.at !== "string") return { problem: "not an inbox event (id, at)" };
  switch (v.op) {
    case "add":
      return (v.type === "learning" || v.type === "preference") && typeof v.text === "string"
        ? (v as unknown as InboxEvent)
        : { problem: "an inbox add without a learning or preference text" };
    case "accept":
      return typeof v.stored === "string"
        ? (v as unknown as InboxEvent)
        : { problem: "an accept without stored" };
    case "reject":
      return v as unknown as InboxEvent;
    case "edit":
      return typeof v.text === "string" ? (v as unknown as InboxEvent) : { problem: "an edit without text" };
    default:
      return { problem: `unknown inbox op ${JSON.stringify(v.op)}` };
  }
}

/** The inbox as a log of the brain's home (`.brain/inbox.jsonl`). */
export const INBOX_LOG: LocalLogSpec<InboxEvent> = {
  name: "inbox",
  file: "inbox",
  check: checkEvent,
  // Event by event; `purgeInbox` takes every event of an item one of them touches.
  purges: (e, target) => touches(e, target) || (e.op === "accept" && target.entries.has(e.stored)),
};

const inboxLog = (home: BrainHome) => localLog(home, INBOX_LOG);

/** Every item, in the order first proposed, and how many lines could not be read. */
export function readInbox(home: BrainHome): { items: InboxItem[]; bad: number } {
  const read = inboxLog(home).read();
  const byId = new Map<string, InboxItem>();
  let bad = read.bad.length;
  for (const { value: e } of read.records) {
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
  }
  return { items: [...byId.values()], bad };
}

/**
 * A purge reaches the inbox item by item: every event of an item any of whose events the target touches (its
 * session, a purged text, the entry it became) leaves the log. Returns the events removed.
 */
export function purgeInbox(home: BrainHome, target: PurgeTarget): number {
  const log = inboxLog(home);
  const ids = new Set(
    log
      .read()
      .records.filter((r) => INBOX_LOG.purges(r.value, target))
      .map((r) => r.value.id),
  );
  return ids.size === 0 ? 0 : log.purge((e) => ids.has(e.id)).removed;
}

/** Run `f` holding the inbox's decision lock (the learner adding, a user deciding). */
export function withInboxLock<T>(home: BrainHome, f: () => T): T {
  const lock = inboxLock(home);
  try {
    return f();
  } finally {
    lock.release();
  }
}

/** The same for work that awaits (accepting stores through the brain's async action path). */
export async function withInboxLockAsync<T>(home: BrainHome, f: () => Promise<T>): Promise<T> {
  const lock = inboxLock(home);
  try {
    return await f();
  } finally {
    lock.release();
  }
}

function inboxLock(home: BrainHome): FileLock {
  home.ensureLocal();
  const lock = new FileLock(home.lock("inbox"));
  lock.acquire({ purpose: "inbox" });
  return lock;
}

/** Add candidates not already in the inbox (in any state); returns the ones added. */
export function addCandidates(home: BrainHome, at: string, cands: InboxCandidate[]): InboxCandidate[] {
  if (cands.length === 0) return [];
  return withInboxLock(home, () => {
    const known = new Set(readInbox(home).items.map((i) => i.id));
    const fresh = cands.filter((c) => !known.has(c.id) && known.add(c.id));
    inboxLog(home).append(fresh.map((c) => ({ op: "add", at, ...c })));
    return fresh;
  });
}

/** Append a decision about a pending item (under the decision lock the caller holds). */
export function recordDecision(
  home: BrainHome,
  e:
    | { op: "accept"; at: string; id: string; stored: string }
    | { op: "reject"; at: string; id: string }
    | { op: "edit"; at: string; id: string; text: string },
): void {
  inboxLog(home).append([e]);
}
