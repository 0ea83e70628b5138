import { BrainError } from "../core/errors.ts";
import { DEFAULT_MAX_CHARS } from "./extract/schema.ts";
import { type InboxItem, readInbox, recordDecision, withInboxLock, withInboxLockAsync } from "./inbox.ts";
import type { MemoryWriter } from "./memory-store.ts";
import { MemoryIndex, type StoreOutcome, storeMemory } from "./memory-store.ts";

/**
 * The user's side of the inbox (`brain inbox`, the MCP and pi tools, `Brain.inbox*`): list, accept (the
 * candidate is stored like any learned memory: action path, `source: "auto"`, near-duplicates reinforce),
 * edit the text first, or reject. Decisions are appended under the inbox lock; only a pending item can be
 * decided, so two people accepting at once store it once.
 */
export interface InboxDecision {
  item: InboxItem;
  /** Accepting: what the brain did with it. */
  outcome?: StoreOutcome;
}

export function inboxItems(brainPath: string, opts: { all?: boolean } = {}): InboxItem[] {
  const { items } = readInbox(brainPath);
  return opts.all ? items : items.filter((i) => i.status === "pending");
}

function pending(brainPath: string, id: string): InboxItem {
  const item = readInbox(brainPath).items.find((i) => i.id === id);
  if (!item) throw new BrainError("NOT_FOUND", `No inbox item with id "${id}" (see brain inbox)`);
  if (item.status !== "pending")
    throw new BrainError("INVALID", `inbox item ${id} was already ${item.status}`);
  return item;
}

export async function acceptItem(brain: MemoryWriter, brainPath: string, id: string): Promise<InboxDecision> {
  return withInboxLockAsync(brainPath, async () => {
    const item = pending(brainPath, id);
    const outcome = await storeMemory(
      brain,
      { type: item.type, text: item.text, ...(item.category ? { category: item.category } : {}) },
      MemoryIndex.of(brain),
    );
    if (outcome.kind === "refused" || outcome.kind === "gated")
      throw new BrainError(
        "INVALID",
        `inbox item ${id}: ${outcome.kind === "refused" ? outcome.why : "not stored"}`,
      );
    recordDecision(brainPath, { op: "accept", at: brain.now().toISOString(), id, stored: outcome.id });
    return { item: { ...item, status: "accepted", stored: outcome.id }, outcome };
  });
}

export function rejectItem(brainPath: string, id: string, now: Date): InboxDecision {
  return withInboxLock(brainPath, () => {
    const item = pending(brainPath, id);
    recordDecision(brainPath, { op: "reject", at: now.toISOString(), id });
    return { item: { ...item, status: "rejected" } };
  });
}

export function editItem(brainPath: string, id: string, text: string, now: Date): InboxDecision {
  const t = text.replace(/\s+/gu, " ").trim();
  if (!t) throw new BrainError("INVALID", "inbox edit needs a non-empty text", { field: "text" });
  if (t.length > DEFAULT_MAX_CHARS * 5)
    throw new BrainError("INVALID", `inbox text is too long (${t.length} characters)`, { field: "text" });
  return withInboxLock(brainPath, () => {
    const item = pending(brainPath, id);
    recordDecision(brainPath, { op: "edit", at: now.toISOString(), id, text: t });
    return { item: { ...item, text: t } };
  });
}
