import { BaseTail } from "./base-tail.ts";
import { DerivedMemo, type Grow } from "./derived-memo.ts";
import { type FoldBase, overlaid, type Pending } from "./fold-base.ts";
import {
  ARRAY_TYPES,
  type ArrayType,
  KEYED_TYPES,
  type KeyedSlot,
  type KeyedType,
  mapsOf,
} from "./fold-types.ts";
import { Rec } from "./rec.ts";
import { resolveId, ShortIds } from "./short-ids.ts";
import { TextCounts } from "./text-counts.ts";
import { type BaseEntry, LIVE_TYPES, type LiveType } from "./types.ts";

export type { ArrayType, KeyedType } from "./fold-types.ts";

/**
 * Materialised state of the log, folded in O(1) per entry (Rho's fold is O(n²): it scans arrays on every
 * upsert). Semantics are Rho's exactly:
 *  - entries apply in file order; a same-id entry replaces the earlier one in place (same type collection);
 *  - identity / user / meta are keyed by `key` (later wins, position of first insertion kept);
 *  - a tombstone removes its target from the collection named by `target_type` and records the id as dead;
 *  - any later entry with a tombstoned id resurrects it; unknown types are ignored.
 */
export class FoldState {
  readonly #arrays = mapsOf<ArrayType, Map<string, Rec>>(ARRAY_TYPES);
  readonly #keyed = mapsOf<KeyedType, Map<unknown, KeyedSlot>>(KEYED_TYPES);
  /** The collections by type; reading one materialises it when the state stands on a base. */
  readonly arrays = {} as Record<ArrayType, Map<string, Rec>>;
  readonly keyed = {} as Record<KeyedType, Map<unknown, KeyedSlot>>;
  readonly #base: FoldBase | undefined;
  readonly #tail: BaseTail | undefined;
  /** Types still in the base only (not materialised), with what was applied to them since. */
  readonly #pending = new Map<LiveType, Pending>();
  /** Live entries by normalised text (the duplicate check). */
  readonly #texts: TextCounts;
  /** id → keys currently holding a record with that id, per keyed type (for tombstones by id). */
  readonly #keyedIds = mapsOf<KeyedType, Map<string, Set<unknown>>>(KEYED_TYPES);
  #tombstoned: Set<string> | undefined;
  /** Where a base's removed ids come from, read when `tombstoned` is first asked for (most commands never ask). */
  #removedFrom: (() => Iterable<string>) | undefined;
  #seq = 0;
  #short: ShortIds | undefined;
  /** Values derived from the live records (see derived()). */
  readonly #derived = new DerivedMemo<Rec>();
  /** Number of entries applied (valid objects with a type, including unknown types and tombstones). */
  applied = 0;

  /** An empty state, or (with `base`) one standing on a saved fold, materialised type by type on demand. */
  constructor(base?: FoldBase) {
    this.#base = base;
    this.#tail = base && new BaseTail(base);
    this.#texts = new TextCounts(base, () => this.live());
    for (const t of ARRAY_TYPES)
      Object.defineProperty(this.arrays, t, { get: () => this.#need(t).#arrays[t] });
    for (const t of KEYED_TYPES) Object.defineProperty(this.keyed, t, { get: () => this.#need(t).#keyed[t] });
    if (base) for (const t of LIVE_TYPES) this.#pending.set(t, { ops: [], now: new Map(), delta: 0 });
  }

  /** Ids a tombstone removed and no later entry brought back. */
  get tombstoned(): Set<string> {
    if (this.#tombstoned === undefined) {
      const from = this.#removedFrom;
      this.#removedFrom = undefined;
      this.#tombstoned = new Set(from ? from() : []);
    }
    return this.#tombstoned;
  }

  /** The removed ids of the base (a snapshot's ~10 000 at 100k entries), read when first needed. */
  removedFrom(read: () => Iterable<string>): void {
    this.#removedFrom = read;
    this.#tombstoned = undefined;
  }

  /** Materialise `type` from the base (then replay what was applied since); a no-op once done. */
  #need(type: LiveType): this {
    const p = this.#pending.get(type);
    if (!p || !this.#base) return this;
    this.#pending.delete(type);
    const base = this.#base;
    const building = this.#materialising;
    this.#materialising = true;
    try {
      if ((KEYED_TYPES as readonly string[]).includes(type)) {
        for (const rec of base.records(type)) this.#setKeyed(type as KeyedType, rec);
        return this;
      }
      const map = this.#arrays[type as ArrayType];
      for (const rec of base.records(type)) map.set(rec.id, rec);
      for (const op of p.ops) {
        if (typeof op === "string") map.delete(op);
        else map.set(op.id, op);
      }
      return this;
    } finally {
      this.#materialising = building;
    }
  }
  #materialising = false;

  /** A not-materialised array type's record with this id now (the ops since the base, else the base). */
  #pendingGet(type: LiveType, p: Pending, id: string): Rec | undefined {
    const now = p.now.get(id);
    if (now !== undefined) return now ?? undefined;
    return this.#base?.get(type, id);
  }

  apply(rec: Rec): void {
    this.applied++;
    this.#tail?.add(rec, ARRAY_TYPES.includes(rec.type as ArrayType));
    // Short ids: kept up to date when the entry is a new id in its type (see #kept), else rebuilt on next use.
    const short = this.#short;
    this.#short = undefined;
    // A tombstone changes only the collection it names (and the tombstoned set, which no derived value reads);
    // a new id of a materialised by-id type joins the end of its fold order (values that can, grow by it).
    const p = this.#pending.get(rec.type as LiveType);
    if (!p && ARRAY_TYPES.includes(rec.type as ArrayType) && !this.#arrays[rec.type as ArrayType].has(rec.id))
      this.#derived.added(rec);
    else this.#derived.drop(rec.type === "tombstone" ? String(rec.entry.target_type) : rec.type);
    if (rec.type === "tombstone") {
      const e = rec.entry;
      const targetId = e.target_id as string;
      this.tombstoned.add(targetId);
      this.#remove(targetId, e.target_type as string);
      return;
    }
    if (this.tombstoned.has(rec.id)) this.tombstoned.delete(rec.id);
    if ((ARRAY_TYPES as readonly string[]).includes(rec.type)) {
      if (p) {
        const prev = this.#pendingGet(rec.type as LiveType, p, rec.id);
        p.ops.push(rec);
        p.now.set(rec.id, rec);
        if (!prev) p.delta++;
        this.#dedupSwap(prev, rec);
        if (!prev) this.#kept(short, rec);
        return;
      }
      const map = this.#arrays[rec.type as ArrayType];
      const prev = map.get(rec.id);
      map.set(rec.id, rec);
      this.#dedupSwap(prev, rec);
      if (!prev) this.#kept(short, rec);
    } else if ((KEYED_TYPES as readonly string[]).includes(rec.type)) {
      this.#need(rec.type as LiveType).#setKeyed(rec.type as KeyedType, rec);
    }
  }

  /** A record of an id new to its type joins the short ids as they were (bounded: past MAX_EXTRA, rebuilt). */
  #kept(short: ShortIds | undefined, rec: Rec): void {
    if (!short || short.extras >= MAX_EXTRA) return;
    short.add(rec);
    this.#short = short;
  }

  #setKeyed(type: KeyedType, rec: Rec): void {
    const key = rec.entry.key;
    const map = this.#keyed[type];
    const slot = map.get(key);
    if (slot) {
      this.#unindexKeyed(type, slot.rec.id, key);
      this.#dedupSwap(slot.rec, rec);
      slot.rec = rec;
    } else {
      map.set(key, { rec, seq: this.#seq++ });
      this.#dedupSwap(undefined, rec);
    }
    const ids = this.#keyedIds[type];
    let keys = ids.get(rec.id);
    if (!keys) {
      keys = new Set();
      ids.set(rec.id, keys);
    }
    keys.add(key);
  }

  #unindexKeyed(type: KeyedType, id: string, key: unknown): void {
    const keys = this.#keyedIds[type].get(id);
    if (!keys) return;
    keys.delete(key);
    if (keys.size === 0) this.#keyedIds[type].delete(id);
  }

  #remove(id: string, targetType: string): void {
    if ((ARRAY_TYPES as readonly string[]).includes(targetType)) {
      const p = this.#pending.get(targetType as LiveType);
      if (p) {
        const prev = this.#pendingGet(targetType as LiveType, p, id);
        if (!prev) return;
        p.ops.push(id);
        p.now.set(id, null);
        p.delta--;
        this.#dedupSwap(prev, undefined);
        return;
      }
      const map = this.#arrays[targetType as ArrayType];
      const prev = map.get(id);
      if (prev) {
        map.delete(id);
        this.#dedupSwap(prev, undefined);
      }
      return;
    }
    if (!(KEYED_TYPES as readonly string[]).includes(targetType)) return;
    const type = targetType as KeyedType;
    this.#need(type);
    const keys = this.#keyedIds[type].get(id);
    if (!keys || keys.size === 0) return;
    // Rho deletes the first key, in map order, whose current record has this id.
    const map = this.#keyed[type];
    let firstKey: unknown;
    let firstSeq = Number.POSITIVE_INFINITY;
    for (const k of keys) {
      const slot = map.get(k);
      if (slot && slot.seq < firstSeq) {
        firstSeq = slot.seq;
        firstKey = k;
      }
    }
    const slot = map.get(firstKey);
    if (!slot) return;
    map.delete(firstKey);
    this.#unindexKeyed(type, id, firstKey);
    this.#dedupSwap(slot.rec, undefined);
  }

  // ── dedup index (normalised text → live count: text-counts.ts) ──

  #dedupSwap(prev: Rec | undefined, next: Rec | undefined): void {
    // A base's own records, materialised, are already in its counts.
    if (!(this.#base && this.#materialising)) this.#texts.swap(prev, next);
  }

  /** True when a live entry of any type has this normalised text (Rho compares against all entries). */
  hasText(norm: string): boolean {
    return this.#texts.has(norm);
  }

  /** Make the duplicate check ready (O(n) once without a base; a base answers it by lookup already). */
  warmDedup(): void {
    this.#texts.warm();
  }

  /** The normalised-text index, built on first use (O(n)) and then kept up to date by apply(). */
  dedupIndex(): ReadonlyMap<string, number> {
    return this.#texts.index();
  }

  // ── read access ──

  /**
   * A value computed from the live records only (never from the clock, the files or the caller's input
   * beyond what `key` names), made on first ask and kept until apply() changes what it reads (`reads`: the
   * types it is computed from, when the caller can say; see core/derived-memo.ts). A one-shot command asks
   * once; a resident server (`brain serve`) answers every context from the same state without walking every
   * learning again. Callers must not mutate what they get back.
   */
  derived<T>(key: string, make: () => T, reads?: readonly LiveType[], grow?: Grow<T, Rec>): T {
    return this.#derived.get(key, make, reads, grow);
  }

  /** Live records of one type, in fold order. */
  list(type: LiveType): Rec[] {
    this.#need(type);
    if ((KEYED_TYPES as readonly string[]).includes(type)) {
      return [...this.#keyed[type as KeyedType].values()].map((s) => s.rec);
    }
    return [...this.#arrays[type as ArrayType].values()];
  }

  /**
   * Live records of one type in fold order, as list() has them, read lazily: a type still in the base is
   * walked from it without being materialised (a page of `brain list` parses only the records up to it).
   */
  *iterate(type: LiveType): IterableIterator<Rec> {
    const p = this.#pending.get(type);
    const base = this.#base;
    if (!p || !base || (KEYED_TYPES as readonly string[]).includes(type)) {
      yield* this.list(type);
      return;
    }
    yield* overlaid(base, type, p.ops);
  }

  count(type: LiveType): number {
    const p = this.#pending.get(type);
    if (p && this.#base) return this.#base.count(type) + p.delta;
    if ((KEYED_TYPES as readonly string[]).includes(type)) return this.#keyed[type as KeyedType].size;
    return this.#arrays[type as ArrayType].size;
  }

  /** Every live record, grouped by type in Rho's listing order. */
  *live(): IterableIterator<Rec> {
    for (const t of LIST_ORDER) {
      this.#need(t);
      if ((KEYED_TYPES as readonly string[]).includes(t)) {
        for (const s of this.#keyed[t as KeyedType].values()) yield s.rec;
      } else {
        yield* this.#arrays[t as ArrayType].values();
      }
    }
  }

  /**
   * The live record of this by-id type with this id, without materialising the type: a state on a base
   * answers from the ops applied since and the base's sorted ids (a search looks up a few hundred hits; reading
   * `arrays[type]` would parse every record of the type first).
   */
  get(type: ArrayType, id: string): Rec | undefined {
    const p = this.#pending.get(type);
    return p ? this.#pendingGet(type, p, id) : this.#arrays[type].get(id);
  }

  /** A hint that `get(type, id)` follows for these ids (the base may read them together: fold-base.ts). */
  prefetch(type: ArrayType, ids: readonly string[]): void {
    const p = this.#pending.get(type);
    if (p)
      this.#base?.prefetch?.(
        type,
        ids.filter((id) => !p.now.has(id)),
      );
  }

  /** First live record with this id, searched in Rho's order (behaviour, identity, user, learning …). */
  find(id: string): Rec | undefined {
    for (const t of LIST_ORDER) {
      if ((KEYED_TYPES as readonly string[]).includes(t)) {
        this.#need(t);
        const keys = this.#keyedIds[t as KeyedType].get(id);
        if (keys && keys.size > 0) {
          const map = this.#keyed[t as KeyedType];
          let best: KeyedSlot | undefined;
          for (const k of keys) {
            const s = map.get(k);
            if (s && (!best || s.seq < best.seq)) best = s;
          }
          if (best) return best.rec;
        }
      } else {
        const p = this.#pending.get(t);
        const r = p ? this.#pendingGet(t, p, id) : this.#arrays[t as ArrayType].get(id);
        if (r) return r;
      }
    }
    return undefined;
  }

  /** The base and the new ids applied since (core/base-tail.ts); undefined without a base or after other changes. */
  onBase(): { base: FoldBase; tail: readonly Rec[] } | undefined {
    const tail = this.#tail?.newIds();
    return tail && this.#base ? { base: this.#base, tail } : undefined;
  }

  /** Short forms of the live ids (built on first use after a change; see core/short-ids.ts). */
  shortIds(): ShortIds {
    this.#short ??= new ShortIds(this.live());
    return this.#short;
  }

  /** The live entry an id or a unique id prefix names (Rho's order on exact ids); errors otherwise. */
  resolve(id: string): Rec {
    return resolveId(
      id,
      (x) => this.find(x),
      () => this.shortIds(),
    );
  }

  findKeyed(type: KeyedType, key: string): Rec | undefined {
    return this.keyed[type].get(key)?.rec;
  }
}

/** Records a ShortIds takes on after it was built before it is built again (each look-up scans them). */
const MAX_EXTRA = 256;

/** The order types are listed in: the entry table's (core/entry-types.ts). */
export const LIST_ORDER: readonly LiveType[] = LIVE_TYPES;

/** Fold a whole sequence of entries (convenience for tests and small logs). */
export function foldEntries(entries: Iterable<BaseEntry>): FoldState {
  const state = new FoldState();
  for (const e of entries) state.apply(Rec.fromEntry(e));
  return state;
}
