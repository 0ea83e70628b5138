import { episodeId, type Turn } from "../core/episode.ts";
import { crypto } from "../store/crypto.ts";
import type { EpisodeLog } from "../store/episode-log.ts";
import {
  appliedOutcome,
  applyPlan,
  type Gate,
  type MemoryIndex,
  type MemoryItem,
  type MemoryWriter,
  type Plan,
  planMemory,
  type StoreOutcome,
} from "./memory-store.ts";

/**
 * What a learning pass over one delta has done so far, kept with the delta's cursor (learn-cursors.json)
 * until the cursor moves past it (issue 21: a learner killed 25 times stored 75 memories where an
 * uninterrupted run stored 60). A restarted learner finds the record and goes on from it instead of starting
 * the delta over: it learns from the same turns, does not ask the model again once it has answered (a model
 * words its answer differently each time, and the paraphrase escapes the near-duplicate check), skips the
 * items already stored, and checks whether the one it was storing when it stopped was stored.
 */
export interface DeltaRecord {
  /** The transcript bytes of the delta (absent for a queued message batch). */
  from?: number;
  to?: number;
  /** Episode ids of the delta's turns to learn from: those that were not episodes yet when it was first read. */
  fresh: string[];
  /** The model's answer, once given. */
  answer?: { items: MemoryItem[]; summary?: string };
  /** What storing `answer.items[0..n)` came to. */
  outcomes?: StoreOutcome[];
  /** What storing the next item was about to do (written before it is done). */
  applying?: Plan;
}

/** The record as a pass uses it: each step that writes to the brain is recorded (`save`) before it is taken. */
export class DeltaJournal {
  constructor(
    readonly record: DeltaRecord,
    private readonly save: () => void,
  ) {}

  get answer(): DeltaRecord["answer"] {
    return this.record.answer;
  }

  /** The outcome of item `i` when an earlier attempt stored it. */
  outcome(i: number): StoreOutcome | undefined {
    return this.record.outcomes?.[i];
  }

  /** The plan item `i` was being stored with when the learner stopped (undefined: none, or another item). */
  interrupted(i: number): Plan | undefined {
    return (this.record.outcomes?.length ?? 0) === i ? this.record.applying : undefined;
  }

  answered(answer: NonNullable<DeltaRecord["answer"]>): void {
    this.record.answer = answer;
    this.record.outcomes = [];
    delete this.record.applying;
    this.save();
  }

  applying(plan: Plan): void {
    this.record.applying = plan;
    this.save();
  }

  /** Item done (recorded with the next step; a gated or refused item wrote nothing, so it may be redone). */
  done(outcome: StoreOutcome): void {
    this.record.outcomes = [...(this.record.outcomes ?? []), outcome];
    delete this.record.applying;
  }
}

/**
 * Store item `i` of the journal's answer, its plan recorded first; the item an interrupted pass was storing
 * is checked in the brain and, when it was stored, not stored again.
 */
export async function storeJournaled(
  brain: MemoryWriter,
  index: MemoryIndex,
  journal: DeltaJournal,
  i: number,
  item: MemoryItem,
  gate: Gate,
): Promise<StoreOutcome> {
  const was = journal.interrupted(i);
  const earlier = was ? appliedOutcome(brain, was) : undefined;
  if (earlier) {
    if (earlier.kind === "added" && "text" in item) index.add(item.type, earlier.id, item.text);
    journal.done(earlier);
    return earlier;
  }
  const plan = planMemory(brain, item, index, gate);
  if (plan.kind !== "gated") journal.applying(plan);
  const o = plan.kind === "gated" ? plan : await applyPlan(brain, plan, index);
  journal.done(o);
  return o;
}

/** The episode id a turn is stored under. */
export function episodeIdOf(t: Turn): string {
  return episodeId(t.session, t.turn, (s) => crypto().createHash("sha256").update(s).digest("hex"));
}

/**
 * The ids of the turns not stored (nor forgotten) as episodes yet: what a delta learns from. A turn is learned
 * from once, when it first becomes an episode — not again when a rewritten transcript is read from the start,
 * or a message batch is queued twice.
 */
export function freshIds(
  brain: { recallEngine: { episodes: EpisodeLog } },
  turns: readonly Turn[],
): string[] {
  const log = brain.recallEngine.episodes;
  log.refresh();
  return turns.map(episodeIdOf).filter((id) => !log.has(id) && !log.forgotten.has(id));
}

/**
 * The journal of the delta `range` (its record kept on `holder`): the record an interrupted learner left for
 * the same delta, else a new one, written (`save`) before the delta's turns are stored as episodes.
 */
export function beginDelta(
  holder: { pending?: DeltaRecord },
  range: { from?: number; to?: number },
  fresh: () => string[],
  save: () => void,
): DeltaJournal {
  const was = holder.pending;
  if (!was || was.from !== range.from || was.to !== range.to) {
    // Another range from the same offset (the file grew): its turns the earlier attempt stored still count.
    const earlier = was && was.from === range.from ? was.fresh : [];
    holder.pending = { ...range, fresh: [...new Set([...earlier, ...fresh()])] };
    save();
  }
  return new DeltaJournal(holder.pending as DeltaRecord, save);
}
