/**
 * Values derived from the fold's live records (FoldState.derived), each made on first ask and kept until an
 * entry of a type it reads arrives. A value that says which types it reads (`reads`) outlives entries of
 * other types (a learning added by another process leaves a resident server's ordered preferences and pending
 * tasks as they were); one that does not say goes with any entry. At most CAP values are kept (keys that
 * name a working directory are unbounded): past that the memo starts over.
 *
 * A value that can take new records (`grow`) also outlives an entry of a type it reads when that entry is a
 * new id of a by-id type (FoldState.apply: `added`): such a record only joins the end of its type's fold order,
 * so the value it had plus the records added since is what making it afresh gives. The records wait beside the
 * value until its next read, which hands them to that read's `grow` (which knows the caller's clock and
 * directory) and keeps what it returns; undefined, no `grow` at that read, or more than MAX_ADDED waiting:
 * made afresh. Any other entry of a type it reads (an update, a tombstone) drops it as before.
 */
const CAP = 64;
/** Records waiting for a value's next read, past which it is made afresh instead. */
const MAX_ADDED = 1024;

export type Grow<T, A> = (value: T, added: readonly A[]) => T | undefined;

interface Kept<A> {
  value: unknown;
  reads: readonly string[] | undefined;
  growable: boolean;
  added: A[];
}

export class DerivedMemo<A extends { type: string }> {
  readonly #values = new Map<string, Kept<A>>();

  get<T>(key: string, make: () => T, reads?: readonly string[], grow?: Grow<T, A>): T {
    const kept = this.#values.get(key);
    if (kept && kept.added.length === 0) return kept.value as T;
    if (kept && grow) {
      const grown = grow(kept.value as T, kept.added);
      kept.added = [];
      if (grown !== undefined) {
        kept.value = grown;
        return grown;
      }
    }
    const value = make();
    if (!kept && this.#values.size >= CAP) this.#values.clear();
    this.#values.set(key, { value, reads, growable: grow !== undefined, added: [] });
    return value;
  }

  /** Drop the values an entry of `type` can change (a tombstone's: the type it names). */
  drop(type: string): void {
    if (this.#values.size === 0) return;
    for (const [key, d] of this.#values) if (!d.reads || d.reads.includes(type)) this.#values.delete(key);
  }

  /** A record of a new id joined the end of its type's fold order: values that can grow wait for it. */
  added(rec: A): void {
    if (this.#values.size === 0) return;
    for (const [key, d] of this.#values) {
      if (d.reads && !d.reads.includes(rec.type)) continue;
      if (d.growable && d.reads && d.added.length < MAX_ADDED) d.added.push(rec);
      else this.#values.delete(key);
    }
  }
}
