import type { FeedbackRecord } from "../core/feedback.ts";
import { changedSince, type Seen, seenAt } from "../learn/cursor-identity.ts";
import { START } from "../store/event-store.ts";
import { feedbackLog } from "../store/feedback-log.ts";
import type { BrainHome } from "../store/home.ts";
import { type DocSpec, JsonDoc } from "../store/json-doc.ts";
import type { Position } from "../store/scan.ts";
import { emptyIndex, type FailureEntry, type FailureIndexDoc, foldFailures } from "./failure-fold.ts";

/**
 * `.brain/failure-index.json`: the failure fold (src/improve/failure-fold.ts) of the whole ledger, saved with
 * the ledger position it covers. Derived: deleted, or found behind a ledger that was rewritten (a purge), it is
 * built again from the ledger's start. The failure hook reads it (src/improve/failure-lookup.ts), so it stays
 * small (at most MAX_ENTRIES failures, each text capped by the ledger).
 */
export interface SavedIndex extends FailureIndexDoc {
  /** The ledger position folded so far, and what the ledger held before it. */
  pos: Position;
  seen?: Seen;
}

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

export const FAILURE_INDEX_DOC: DocSpec<SavedIndex> = {
  file: "failureIndex",
  check: (v) =>
    isObj(v) && v.v === 1 && Array.isArray(v.entries) && Array.isArray(v.pending) && isObj(v.pos)
      ? (v as unknown as SavedIndex)
      : { problem: "not a failure index" },
  empty: () => ({ ...emptyIndex(), pos: START }),
  // Derived from the ledger, which the purge reaches first: the index is built again from what is left.
  purged: (doc) => (doc.entries.length || doc.pending.length ? null : doc),
};

export function loadIndex(home: BrainHome): SavedIndex {
  return new JsonDoc(home, FAILURE_INDEX_DOC).load();
}

/**
 * Fold what the ledger gained since the index was saved, and save it. A ledger rewritten under the index
 * (purged) or shorter than it is folded again from its start. Returns the records folded.
 */
export function updateIndex(home: BrainHome): { folded: number; index: SavedIndex } {
  const doc = new JsonDoc(home, FAILURE_INDEX_DOC);
  let index = doc.load();
  const file = home.file("feedback");
  if (index.pos.offset > 0 && changedSince(file, index.pos.offset, index.seen))
    index = FAILURE_INDEX_DOC.empty();
  const read = feedbackLog(home).read(index.pos);
  const records: FeedbackRecord[] = read.records.map((r) => r.value);
  if (records.length === 0 && read.end.offset === index.pos.offset) return { folded: 0, index };
  foldFailures(index, records);
  index.pos = read.end;
  index.seen = seenAt(file, read.end.offset);
  home.ensureLocal();
  doc.save(index, false);
  return { folded: records.length, index };
}

/** Record the rule an accepted proposal gave a failure (the hook cites it the next time). */
export function attachRule(
  home: BrainHome,
  match: (e: FailureEntry) => boolean,
  rule: NonNullable<FailureEntry["rule"]>,
): number {
  const doc = new JsonDoc(home, FAILURE_INDEX_DOC);
  const index = doc.load();
  let n = 0;
  for (const e of index.entries)
    if (match(e)) {
      e.rule = rule;
      n++;
    }
  if (n) doc.save(index, false);
  return n;
}

/** A reverted proposal's rule is no longer cited. */
export function detachRule(home: BrainHome, proposal: string): number {
  const doc = new JsonDoc(home, FAILURE_INDEX_DOC);
  const index = doc.load();
  let n = 0;
  for (const e of index.entries)
    if (e.rule?.proposal === proposal) {
      delete e.rule;
      n++;
    }
  if (n) doc.save(index, false);
  return n;
}
