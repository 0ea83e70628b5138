import { FoldState } from "./fold.ts";
import type { Rec } from "./rec.ts";
import type { BaseEntry } from "./types.ts";

/**
 * The brain at any point of its log. Every event is a record the fold accepts, in log order (n = 1-based
 * event index; bad lines and unknown types are counted, never events). The brain after event N is the
 * existing fold (core/fold.ts) applied to events 1..N — there is no second fold here.
 */
export type HistoryOp = "add" | "update" | "remove";

export interface HistoryEvent {
  n: number;
  /** The entry's `created` as ISO 8601 UTC (a tombstone's own time); null when it has none. */
  ts: string | null;
  /** The entry's type; for a removal, the type of the entry removed. */
  type: string;
  /** The entry's id; for a removal, the id removed. */
  id: string;
  op: HistoryOp;
  /** Physical line in the log. */
  line: number;
}

export interface HistoryDiff {
  added: BaseEntry[];
  removed: BaseEntry[];
  changed: { id: string; before: BaseEntry; after: BaseEntry }[];
}

/** The fold of events 1..at (clamped to the log). */
export function stateAt(recs: readonly Rec[], at: number): FoldState {
  const state = new FoldState();
  const end = Math.max(0, Math.min(Math.floor(at), recs.length));
  for (let i = 0; i < end; i++) state.apply(recs[i] as Rec);
  return state;
}

/** The live entries of a fold, in its listing order. */
export function entriesOf(state: FoldState): BaseEntry[] {
  return [...state.live()].map((r) => r.entry);
}

/**
 * What events 1..end did, each judged against the fold just before it (one pass). Reads only what the fold
 * keeps parsed (tombstones, keyed types): a long log is described without parsing every line.
 */
export function describeEvents(recs: readonly Rec[], end = recs.length): HistoryEvent[] {
  const state = new FoldState();
  const out: HistoryEvent[] = [];
  for (let i = 0; i < Math.min(end, recs.length); i++) {
    const rec = recs[i] as Rec;
    const ts = Number.isFinite(rec.createdMs) ? new Date(rec.createdMs).toISOString() : null;
    if (rec.type === "tombstone") {
      const e = rec.entry;
      const [type, id] = [String(e.target_type ?? ""), String(e.target_id ?? "")];
      out.push({ n: i + 1, ts, type, id, op: "remove", line: rec.line });
    } else {
      const op = holds(state, rec) ? "update" : "add";
      out.push({ n: i + 1, ts, type: rec.type, id: rec.id, op, line: rec.line });
    }
    state.apply(rec);
  }
  return out;
}

/**
 * A live record's place in the fold: arrays hold one record per (type, id), keyed types one per (type, key).
 * Two points of history are compared place by place.
 */
function slotKey(rec: Rec): string {
  if (rec.type === "identity" || rec.type === "user" || rec.type === "meta")
    return `${rec.type}\u0000k\u0000${JSON.stringify(rec.entry.key ?? null)}`;
  return `${rec.type}\u0000i\u0000${rec.id}`;
}

/** Whether the fold already holds a live record in `rec`'s place (so applying `rec` updates it). */
function holds(state: FoldState, rec: Rec): boolean {
  const t = rec.type;
  if (t === "identity" || t === "user" || t === "meta") return state.keyed[t].has(rec.entry.key);
  return (state.arrays as Record<string, Map<string, Rec>>)[t]?.has(rec.id) ?? false;
}

function liveByKey(state: FoldState): Map<string, Rec> {
  const m = new Map<string, Rec>();
  for (const rec of state.live()) {
    m.set(slotKey(rec), rec);
  }
  return m;
}

/** What changed from fold `a` to fold `b`: entries added, removed, and changed in place. */
export function diffStates(a: FoldState, b: FoldState): HistoryDiff {
  const before = liveByKey(a);
  const after = liveByKey(b);
  const out: HistoryDiff = { added: [], removed: [], changed: [] };
  for (const [k, rec] of after) {
    const prev = before.get(k);
    if (!prev) out.added.push(rec.entry);
    else if (prev !== rec && prev.raw !== rec.raw)
      out.changed.push({ id: rec.id, before: prev.entry, after: rec.entry });
  }
  for (const [k, rec] of before) if (!after.has(k)) out.removed.push(rec.entry);
  return out;
}
