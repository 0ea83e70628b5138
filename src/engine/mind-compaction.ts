import type { MindCaps } from "../mind/caps.ts";
import type { MindState } from "../mind/fold.ts";
import type { MindRecord } from "../mind/records.ts";
import { checkpoint, dueForCompaction, keptNumbers, overdueForCompaction } from "../mind/trim.ts";
import { foldRecords, fullKeep } from "../mind/view.ts";
import type { Log } from "../store/log.ts";

/**
 * When and how the mind's log is compacted to its caps (src/mind/trim.ts says what stays), kept out of the
 * writes' hot path with the view's snapshot save (which hashes the log it covers): a write that leaves
 * either due only schedules it for when the event loop turns next (an agent loop awaiting its model, a
 * server between requests); the end of a command or session (the facet's `persist`) and `maintain()` run
 * them at once. Only an overdue log — a writer that never yields nor ends — is compacted by the write
 * itself, so the log stays within about 3× the mind.
 */
export class MindCompaction {
  /** Compactions run (for tests and the bench). */
  count = 0;
  #due: ReturnType<typeof setImmediate> | null = null;

  constructor(
    private readonly log: Log<MindRecord>,
    private readonly caps: MindCaps,
    /** The state as the log has it now (the view, refreshed), or null when there is no mind yet. */
    private readonly current: () => MindState | null,
    /** After a compaction: the view reads the log again (and saves itself when `save`). */
    private readonly compacted: (save: boolean) => void,
  ) {}

  /**
   * After a write: an overdue log compacted now; a due compaction, and the snapshot save when `saveDue`,
   * once the event loop turns (never in the write).
   */
  afterWrite(s: MindState, saveDue: boolean): void {
    if (overdueForCompaction(s, this.caps)) this.compact();
    if (this.#due || !(saveDue || dueForCompaction(s, this.caps))) return;
    this.#due = setImmediate(() => {
      this.#due = null;
      try {
        this.maintain();
        this.compacted(true);
      } catch {
        // The log locked by another writer for too long: the next write, persist or maintain() tries again.
      }
    });
    this.#due.unref(); // an idle moment's work never keeps a process alive
  }

  cancel(): void {
    if (this.#due) clearImmediate(this.#due);
    this.#due = null;
  }

  /** Compact if the caps leave enough of the log behind; how many records left it (0: nothing was due). */
  maintain(): { removed: number } {
    this.cancel();
    const s = this.current();
    if (!s || !dueForCompaction(s, this.caps)) return { removed: 0 };
    const r = this.compact();
    this.compacted(true);
    return r;
  }

  /**
   * Compact the log to the caps: a checkpoint of the plan first, then every record the caps let go of purged
   * (a verified rewrite under the lock, src/store/log.ts). Returns how many records left the log.
   */
  compact(): { removed: number } {
    const removed = this.log.withLock(() => {
      const records = this.log.read().records.map((x) => x.value);
      const full = foldRecords(records, fullKeep(this.caps));
      const keep = keptNumbers(records, full, this.caps);
      if (keep.size === records.length) return 0;
      const last = full.lastN;
      this.log.append(checkpoint(full).map((x, i) => ({ ...x, n: last + 1 + i }) as MindRecord));
      return this.log.purge((x) => x.n <= last && !keep.has(x.n)).removed;
    });
    this.count++;
    this.compacted(false);
    return { removed };
  }
}
