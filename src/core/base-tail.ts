import type { FoldBase } from "./fold-base.ts";
import type { Rec } from "./rec.ts";
import { LIVE_TYPES, type LiveType } from "./types.ts";

/** Records past which the tail is no longer followed (a resident server's state: it materialises instead). */
const MAX_TAIL = 1024;

/**
 * What was applied to a fold standing on a base (core/fold-base.ts) since the base was saved, as long as it is
 * only records of ids new to their type: then the live records are the base's plus these at the end of their
 * types' fold order, and what the base stores beside its records (the columns a context ranks by, the sorted
 * ids that give short ids) stays exact with these added. A tombstone, a keyed type (a new id can replace
 * another under the same key), an id the base already holds in that type, an id seen twice or a long tail:
 * no longer only new ids (null), for good.
 */
export class BaseTail {
  readonly #base: FoldBase;
  #recs: Rec[] | null = [];
  #checked = 0;
  readonly #seen = new Set<string>();

  constructor(base: FoldBase) {
    this.#base = base;
  }

  add(rec: Rec, byId: boolean): void {
    if (!this.#recs) return;
    if (!(LIVE_TYPES as readonly string[]).includes(rec.type)) {
      if (rec.type !== "tombstone") return; // an unknown type changes nothing live
    }
    if (!byId || this.#recs.length >= MAX_TAIL) this.#recs = null;
    else this.#recs.push(rec);
  }

  /** The records applied since the base, each a new id in its type; null when anything else was applied. */
  newIds(): readonly Rec[] | null {
    const recs = this.#recs;
    if (!recs) return null;
    for (; this.#checked < recs.length; this.#checked++) {
      const r = recs[this.#checked] as Rec;
      const key = `${r.type}\t${r.id}`;
      if (this.#seen.has(key) || this.#base.get(r.type as LiveType, r.id) !== undefined) {
        this.#recs = null;
        return null;
      }
      this.#seen.add(key);
    }
    return recs;
  }
}
