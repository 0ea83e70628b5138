import { FoldView, type Health } from "../core/health.ts";
import type { Rec } from "../core/rec.ts";
import { sharedIds } from "../core/shared-ids.ts";
import { type EventStore, START } from "../store/event-store.ts";
import type { Position } from "../store/scan.ts";
import type { Projection } from "./projection.ts";

/** Save a new snapshot once this many lines were parsed beyond the last one. */
const SNAPSHOT_AFTER_LINES = 2000;

/**
 * brain.jsonl folded incrementally: the first projection of every brain. It starts from the fold snapshot
 * when one matches the log (a derived file, trusted only while its fingerprint matches), reads whatever was
 * appended since by any process, and starts over when the log was replaced (compaction, restore, purge).
 */
export class FoldedLog implements Projection {
  readonly name = "fold";
  readonly #store: EventStore;
  readonly #useSnapshot: boolean;
  #view = new FoldView();
  #pos: Position = START;
  #tornTail: { line: number; text: string } | null = null;
  #linesSinceSnapshot = 0;
  #generation: string | undefined;
  /** Times the log was found replaced and re-read from the start. */
  reloads = 0;
  /** How the state was loaded, for benchmarks and `brain doctor`. */
  loadedFrom: "snapshot" | "log" = "log";
  snapshotStatus = "disabled";

  constructor(
    store: EventStore,
    useSnapshot: boolean,
    /** A long-lived process: the snapshot read whole, its file not held open (BrainOptions.resident). */
    private readonly resident = false,
  ) {
    this.#store = store;
    this.#useSnapshot = useSnapshot && store.snapshots !== undefined;
  }

  /** Start from the snapshot when it matches, then read the tail. */
  load(): void {
    const snapshots = this.#store.snapshots;
    if (this.#useSnapshot && snapshots) {
      const snap = snapshots.load({ whole: this.resident });
      this.snapshotStatus = snap.ok ? "loaded" : snap.reason;
      if (snap.ok) {
        this.#view = snap.view;
        this.#pos = snap.position;
        this.#generation = snap.generation;
        this.loadedFrom = "snapshot";
      }
    }
    this.refresh();
  }

  get state() {
    return this.#view.state;
  }

  get position(): Position {
    return this.#pos;
  }

  /**
   * Read whatever was appended since the last read (by any process) and fold it in. If the log was
   * replaced or shrank, the fold starts over from the new file.
   */
  refresh(): { linesRead: number } {
    const id = this.#store.identity();
    if (
      this.#generation !== undefined &&
      (id.generation !== this.#generation || id.size < this.#pos.offset)
    ) {
      this.#reset();
      this.reloads++;
    }
    this.#generation = id.generation;
    // Nothing appended since the last read: no scan (on a team store, one round trip fewer per call).
    if (id.size === this.#pos.offset && this.#pos.offset > 0) return { linesRead: 0 };
    const r = this.#store.scan(this.#pos, this.#view);
    this.#pos = r.end;
    this.#tornTail = r.tornTail ? { line: r.tornTail.line, text: r.tornTail.text } : null;
    this.#linesSinceSnapshot += r.linesRead;
    return { linesRead: r.linesRead };
  }

  /** How many lines could not be read (health() without its O(n) look for ids two types share). */
  get badLineCount(): number {
    return this.#view.health.badLineCount;
  }

  health(): Health {
    const shared = sharedIds(this.state).flatMap(({ id, records }) =>
      records.slice(1).map((r) => ({
        line: r.line,
        message: `id "${id}" is also used by a live ${records[0]?.type} (line ${records[0]?.line})`,
      })),
    );
    const h = this.#view.health;
    return {
      ...h,
      warnings: [...h.warnings, ...shared].sort((a, b) => a.line - b.line),
      truncatedTail: this.#tornTail !== null,
      tornTail: this.#tornTail,
    };
  }

  /**
   * The log's records from `from` on (what was appended since a reader's last look), without folding them;
   * `end` is where the next look starts. For live feeds and history.
   */
  recordsSince(from: Position): { recs: Rec[]; end: Position } {
    const recs: Rec[] = [];
    const r = this.#store.scan(from, {
      rec: (rec) => recs.push(rec),
      bad: () => {},
      unknownType: () => {},
      warning: () => {},
    });
    return { recs, end: r.end };
  }

  catchUp(): void {
    this.refresh();
  }

  /** Save the fold snapshot if enough changed since the last save. Never throws. */
  persist(force: boolean): boolean {
    const snapshots = this.#store.snapshots;
    if (!this.#useSnapshot || !snapshots || this.#generation === undefined) return false;
    if (!force && this.#linesSinceSnapshot < SNAPSHOT_AFTER_LINES) return false;
    try {
      // Saved only if the log is still the one the fold was read from (else a stale view would be trusted).
      const ok = snapshots.save(this.#view, this.#pos, this.#generation);
      if (ok) this.#linesSinceSnapshot = 0;
      return ok;
    } catch {
      return false;
    }
  }

  /** Forget the fold: the next refresh reads the log from its start. */
  drop(): void {
    this.#reset();
    this.#generation = undefined;
  }

  #reset(): void {
    this.#view = new FoldView();
    this.#pos = START;
    this.loadedFrom = "log";
  }
}
