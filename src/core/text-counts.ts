import { normOf, type Rec } from "./rec.ts";

/**
 * How many live entries hold each normalised text — the duplicate check (Rho compares a new entry against every
 * entry). Standing on a base (a saved fold that counts its own), only the changes since it are kept; without
 * one, the counts are built from the live records on first use and kept up to date after.
 */
export class TextCounts {
  /** With a base: normalised text → live count change since the base. */
  readonly #delta = new Map<string, number>();
  #counts: Map<string, number> | undefined;

  constructor(
    private readonly base: { normCount(norm: string): number } | undefined,
    private readonly live: () => Iterable<Rec>,
  ) {}

  /** A live record was replaced by another (either may be none). */
  swap(prev: Rec | undefined, next: Rec | undefined): void {
    if (this.base) {
      const d = this.#delta;
      const kp = prev && normOf(prev);
      if (kp) d.set(kp, (d.get(kp) ?? 0) - 1);
      const kn = next && normOf(next);
      if (kn) d.set(kn, (d.get(kn) ?? 0) + 1);
      return;
    }
    const index = this.#counts;
    if (!index) return;
    if (prev) {
      const k = normOf(prev);
      if (k) {
        const n = (index.get(k) ?? 0) - 1;
        if (n > 0) index.set(k, n);
        else index.delete(k);
      }
    }
    if (next) {
      const k = normOf(next);
      if (k) index.set(k, (index.get(k) ?? 0) + 1);
    }
  }

  /** True when a live entry has this normalised text. */
  has(norm: string): boolean {
    if (!norm) return false;
    if (this.base) return this.base.normCount(norm) + (this.#delta.get(norm) ?? 0) > 0;
    return this.index().has(norm);
  }

  /** Make the check ready (O(n) once without a base; a base answers it by lookup already). */
  warm(): void {
    if (!this.base) this.index();
  }

  /** The counts, built on first use (O(n)); on a base built anew each time (the base answers `has`). */
  index(): ReadonlyMap<string, number> {
    if (this.#counts && !this.base) return this.#counts;
    const index = new Map<string, number>();
    for (const rec of this.live()) {
      const k = normOf(rec);
      if (k) index.set(k, (index.get(k) ?? 0) + 1);
    }
    if (!this.base) this.#counts = index;
    return index;
  }
}
