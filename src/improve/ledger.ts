import { errorSignature, normaliseCommand } from "../core/failure-signature.ts";
import type { FeedbackRecord } from "../core/feedback.ts";
import type { ToolEvent } from "../core/tool-event.ts";
import { changedSince, seenAt } from "../learn/cursor-identity.ts";
import { toolEvents } from "../recall/tool-events.ts";
import { START } from "../store/event-store.ts";
import { feedbackLog } from "../store/feedback-log.ts";
import type { BrainHome } from "../store/home.ts";
import { FileLock } from "../store/jsonl/lock.ts";
import { updateIndex } from "./failure-index.ts";
import { loadState, saveState } from "./state.ts";

/**
 * The feedback ledger's reader of the tool-event log: every tool call the hooks captured (once, into
 * `.brain/tool-events.jsonl`) becomes one ledger record — redacted in full by the reader (src/recall/
 * tool-events.ts), its excerpts capped again, commands normalised, failures given their error signature —
 * and the failure index is brought up to date. A consumer with a cursor (src/improve/state.ts), never a
 * second capture: run after the learner (the hooks kick it after every turn), by the resident server and by
 * `brain improve`. A tool-event log rewritten under the cursor (a purge) is read again from its start,
 * skipping what was read already (by time).
 */
export interface LedgerCaps {
  /** Longest command or path a ledger record keeps (characters). */
  targetChars: number;
  /** Longest error excerpt a ledger record keeps (characters). */
  errorChars: number;
}

export const DEFAULT_LEDGER_CAPS: LedgerCaps = { targetChars: 300, errorChars: 400 };

/** Keep `max` characters: head and tail, an ellipsis between. */
export function capText(s: string, max: number): string {
  if (s.length <= max) return s;
  const head = Math.ceil((max - 1) / 2);
  return `${s.slice(0, head)}…${s.slice(s.length - (max - 1 - head))}`;
}

export function fromToolEvent(e: ToolEvent, caps: LedgerCaps): FeedbackRecord {
  const failed = e.outcome !== "ok";
  const cmd = e.kind === "command" && e.target ? normaliseCommand(e.target) : undefined;
  const sig = failed ? errorSignature(e.error ?? `exit ${e.exit ?? "?"}`) : undefined;
  return {
    at: e.at,
    kind: "tool",
    ...(e.session ? { session: e.session } : {}),
    project: e.project,
    host: e.host,
    tool: e.tool,
    toolKind: e.kind,
    outcome: e.outcome,
    ...(e.target ? { target: capText(e.target, caps.targetChars) } : {}),
    ...(failed && e.error ? { error: capText(e.error, caps.errorChars) } : {}),
    ...(e.exit !== undefined ? { exit: e.exit } : {}),
    ...(cmd ? { cmd } : {}),
    ...(sig !== undefined ? { sig } : {}),
    ...(e.kind === "edit" && e.before !== undefined ? { before: capText(e.before, caps.targetChars) } : {}),
    ...(e.kind === "edit" && e.after !== undefined ? { after: capText(e.after, caps.targetChars) } : {}),
    source: "tool-events",
    ...(e.id ? { ref: e.id } : {}),
  };
}

export interface SyncResult {
  /** Ledger records added from the tool-event log. */
  added: number;
  /** Ledger records folded into the failure index. */
  indexed: number;
  /** The tool-event log was read again from its start (rewritten under the cursor). */
  restarted: boolean;
}

/** Run `f` holding the improvement lock (one ledger reader, cycle or review step at a time). */
export function withImproveLock<T>(home: BrainHome, f: () => T): T {
  home.ensureLocal();
  const lock = new FileLock(home.lock("improve"));
  lock.acquire({ purpose: "improve" });
  try {
    return f();
  } finally {
    lock.release();
  }
}

export async function withImproveLockAsync<T>(home: BrainHome, f: () => Promise<T>): Promise<T> {
  home.ensureLocal();
  const lock = new FileLock(home.lock("improve"));
  lock.acquire({ purpose: "improve" });
  try {
    return await f();
  } finally {
    lock.release();
  }
}

/** Bring the ledger and the failure index up to date with the tool-event log. */
export async function syncLedger(
  home: BrainHome,
  caps: LedgerCaps = DEFAULT_LEDGER_CAPS,
): Promise<SyncResult> {
  return withImproveLockAsync(home, async () => {
    const state = loadState(home);
    const file = home.file("toolEvents");
    const cur = state.toolEvents;
    let from = START;
    let after: string | undefined;
    let restarted = false;
    if (cur && cur.offset > 0) {
      if (changedSince(file, cur.offset, cur.seen)) {
        restarted = true;
        after = cur.lastAt;
      } else from = { offset: cur.offset, line: cur.line, endsWithNewline: cur.endsWithNewline };
    }
    const read = await toolEvents(home).since(from);
    const events = read.events.map((x) => x.event).filter((e) => after === undefined || e.at > after);
    const records = events.map((e) => fromToolEvent(e, caps));
    if (records.length) feedbackLog(home).append(records);
    if (read.end.offset !== from.offset || restarted) {
      const lastAt = events.reduce<string | undefined>((m, e) => (m && m > e.at ? m : e.at), cur?.lastAt);
      state.toolEvents = {
        ...read.end,
        ...(read.end.offset > 0 ? { seen: seenAt(file, read.end.offset) } : {}),
        ...(lastAt ? { lastAt } : {}),
      };
      saveState(home, state);
    }
    const { folded } = updateIndex(home);
    return { added: records.length, indexed: folded, restarted };
  });
}
