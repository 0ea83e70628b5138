import { BrainError } from "../core/errors.ts";
import type { BrainHome } from "../store/home.ts";
import { extractAnchors } from "./anchors.ts";
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

export function inboxItems(home: BrainHome, opts: { all?: boolean } = {}): InboxItem[] {
  const { items } = readInbox(home);
  return opts.all ? items : items.filter((i) => i.status === "pending");
}

function pending(home: BrainHome, id: string): InboxItem {
  const item = readInbox(home).items.find((i) => i.id === id);
  if (!item) throw new BrainError("NOT_FOUND", `No inbox item with id "${id}" (see brain inbox)`);
  if (item.status !== "pending")
    throw new BrainError("INVALID", `inbox item ${id} was already ${item.status}`);
  return item;
}

export async function acceptItem(brain: MemoryWriter, home: BrainHome, id: string): Promise<InboxDecision> {
  return withInboxLockAsync(home, async () => {
    const item = pending(home, id);
    const anchors = extractAnchors(item.text, item.project);
    const from = {
      ...(item.session ? { session: item.session } : {}),
      ...(item.evidence[0] ? { turn: item.evidence[0] } : {}),
      ...(item.project ? { project: item.project } : {}),
    };
    const outcome = await storeMemory(
      brain,
      {
        type: item.type,
        text: item.text,
        ...(item.category ? { category: item.category } : {}),
        from,
        ...(anchors.length ? { anchors } : {}),
      },
      MemoryIndex.of(brain),
    );
    if (outcome.kind === "refused" || outcome.kind === "gated")
      throw new BrainError(
        "INVALID",
        `inbox item ${id}: ${outcome.kind === "refused" ? outcome.why : "not stored"}`,
      );
    recordDecision(home, { op: "accept", at: brain.now().toISOString(), id, stored: outcome.id });
    return { item: { ...item, status: "accepted", stored: outcome.id }, outcome };
  });
}

export function rejectItem(home: BrainHome, id: string, now: Date): InboxDecision {
  return withInboxLock(home, () => {
    const item = pending(home, id);
    recordDecision(home, { op: "reject", at: now.toISOString(), id });
    return { item: { ...item, status: "rejected" } };
  });
}

export function editItem(home: BrainHome, id: string, text: string, now: Date): InboxDecision {
  const t = text.replace(/\s+/gu, " ").trim();
  if (!t) throw new BrainError("INVALID", "inbox edit needs a non-empty text", { field: "text" });
  if (t.length > DEFAULT_MAX_CHARS * 5)
    throw new BrainError("INVALID", `inbox text is too long (${t.length} characters)`, { field: "text" });
  return withInboxLock(home, () => {
    const item = pending(home, id);
    recordDecision(home, { op: "edit", at: now.toISOString(), id, text: t });
    return { item: { ...item, text: t } };
  });
}
