/**
 * A projection: a view derived from the logs (the fold and its snapshot, the recall index with its
 * embeddings, next the association graph), kept as a derived file trusted only while its fingerprint matches
 * the exact log it was built from. The engine never knows which projections exist: whatever registers one
 * gets the lifecycle below for free — caught up after a follow, saved at the end of a command, dropped after
 * a repair, rebuilt after a purge.
 */
export interface Projection {
  /** For messages and `brain doctor` ("fold", "recall index"). */
  readonly name: string;
  /** Bring the view up to what the logs hold now (after another writer's commit was folded). */
  catchUp(): void;
  /** Save the derived file if enough changed since the last save (always with `force`); true when saved. */
  persist(force: boolean): boolean;
  /**
   * Forget the view and its derived file: the logs were rewritten (repair, purge) and the next use rebuilds
   * from them. After a purge nothing it held may survive on disk.
   */
  drop(): void;
}

/** The projections of one brain, in registration order; every lifecycle step loops over them. */
export class Projections {
  readonly #all: Projection[] = [];

  register<P extends Projection>(p: P): P {
    this.#all.push(p);
    return p;
  }

  get names(): string[] {
    return this.#all.map((p) => p.name);
  }

  catchUp(): void {
    for (const p of this.#all) p.catchUp();
  }

  /** Save every projection's derived file that is due; the names of those saved. Never throws. */
  persist(force: boolean): Set<string> {
    const saved = new Set<string>();
    for (const p of this.#all) {
      try {
        if (p.persist(force)) saved.add(p.name);
      } catch {
        /* derived data: a failed save costs only time at the next start */
      }
    }
    return saved;
  }

  drop(): void {
    for (const p of this.#all) p.drop();
  }
}
