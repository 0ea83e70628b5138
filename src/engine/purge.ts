import type { EventStore } from "../store/event-store.ts";
import { namesAny, type PurgeTarget } from "../store/purge-target.ts";

export { holdsText, type PurgeTarget, purgeTarget } from "../store/purge-target.ts";

/**
 * Purge: what "forget" means on disk. A purge names what must leave the brain — entries, episodes, whole
 * sessions, and the texts they held — and every place that keeps bytes of a brain registers as `Purgeable`:
 * the brain log and the episode log (their lines), every local log (src/engine/log.ts: the learner's queue,
 * its inbox and run log, the tool-event log …), every state file that holds text (the detectors' window), and
 * every projection (dropped and rebuilt from the purged logs). A new log or projection is purgeable by
 * construction; `brain forget` and `brain remove --purge` reach all of them, and afterwards `grep -r` of the
 * brain's directory finds nothing.
 */
/** The brain log without the purged entries: every version, every tombstone, and bad lines naming them. */
export function purgeEntries(store: EventStore, target: PurgeTarget, purpose: string) {
  return store.purge(
    (v) => {
      const id = v.type === "tombstone" ? v.target_id : v.id;
      return typeof id === "string" && target.entries.has(id);
    },
    purpose,
    namesAny(target.entries, target.texts),
  );
}

/** The episode log without the purged episodes (their tombstones stay: they hold no text). */
export function purgeEpisodes(store: EventStore, target: PurgeTarget, purpose: string) {
  return store.purge(
    (v) => v.type === "episode" && typeof v.id === "string" && target.episodes.has(v.id),
    purpose,
    namesAny(target.episodes, target.texts),
  );
}

/** Something that keeps bytes of the brain and removes what a purge names. */
export interface Purgeable {
  readonly name: string;
  /** Remove what `target` names; how many records (lines, items) were removed. */
  purge(target: PurgeTarget): number;
}

export interface PurgeReport {
  /** Lines or records removed, by where they were ("brain.jsonl", "episodes.jsonl", "inbox", …). */
  removed: Record<string, number>;
  /** Copies (backups) rewritten or deleted because they held purged lines. */
  copies: number;
  /** Derived files dropped and rebuilt from the purged logs. */
  rebuilt: string[];
}

/** The purgeables of one brain, in registration order (each registered once by name). */
export class Purgeables {
  readonly #all = new Map<string, Purgeable>();

  register<P extends Purgeable>(p: P): P {
    if (!this.#all.has(p.name)) this.#all.set(p.name, p);
    return p;
  }

  purge(target: PurgeTarget, removed: Record<string, number>): void {
    for (const p of this.#all.values()) {
      const n = p.purge(target);
      if (n > 0) removed[p.name] = (removed[p.name] ?? 0) + n;
    }
  }
}
