/**
 * Records a facet writes when its caller lets it (BrainOptions.later: the resident server, once its answer is
 * out) — in order, in one append, and at the latest before the facet reads its log again (`flush`). An append
 * that fails keeps them for the next flush.
 */
export class LaterWrites<T> {
  #pending: T[] = [];

  constructor(
    private readonly later: (work: () => void) => void,
    private readonly write: (records: T[]) => void,
  ) {}

  add(records: readonly T[]): void {
    if (records.length === 0) return;
    const first = this.#pending.length === 0;
    this.#pending.push(...records);
    if (first) this.later(() => this.flush());
  }

  flush(): void {
    if (this.#pending.length === 0) return;
    this.write(this.#pending);
    this.#pending = [];
  }
}
