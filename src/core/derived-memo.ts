/**
 * Values derived from the fold's live records (FoldState.derived), each made on first ask and kept until an
 * entry of a type it reads arrives. A value that says which types it reads (`reads`) outlives entries of
 * other types (a learning added by another process leaves a resident server's ordered preferences and pending
 * tasks as they were); one that does not say goes with any entry. At most CAP values are kept (keys that
 * name a working directory are unbounded): past that the memo starts over.
 */
const CAP = 64;

export class DerivedMemo {
  readonly #values = new Map<string, { value: unknown; reads: readonly string[] | undefined }>();

  get<T>(key: string, make: () => T, reads?: readonly string[]): T {
    const kept = this.#values.get(key);
    if (kept) return kept.value as T;
    const value = make();
    if (this.#values.size >= CAP) this.#values.clear();
    this.#values.set(key, { value, reads });
    return value;
  }

  /** Drop the values an entry of `type` can change (a tombstone's: the type it names). */
  drop(type: string): void {
    if (this.#values.size === 0) return;
    for (const [key, d] of this.#values) if (!d.reads || d.reads.includes(type)) this.#values.delete(key);
  }
}
