import type { BadLine } from "../core/health.ts";
import type { Rec } from "../core/rec.ts";
import { type EventStore, START } from "./event-store.ts";
import type { Position, ScanSink } from "./scan.ts";

/** One session's turns in log order (the order they were imported, i.e. conversation order). */
export interface SessionTurns {
  key: string;
  recs: Rec[];
}

/**
 * The episode log (`episodes.jsonl`): the same store, framing, torn-tail handling and lock as brain.jsonl,
 * folded into episodes by id and sessions in turn order. Episodes are immutable; a line whose id is already
 * known is a duplicate and is ignored (so a concurrent double import cannot show a turn twice). A tombstone
 * (`target_type: "episode"`, written by `brain forget`) removes its episode from every view; importing the
 * same turn again does not bring it back (`appendNew` skips forgotten ids).
 */
export class EpisodeLog implements ScanSink {
  readonly store: EventStore;
  readonly byId = new Map<string, Rec>();
  readonly sessions = new Map<string, SessionTurns>();
  /** Position of each episode within its session's turn list. */
  readonly #index = new Map<string, number>();
  #pos: Position = START;
  /**
   * Every episode read, in log order (a forgotten one stays: `byId` says which are live). What is new to a
   * reader is asked by line (`since`), not handed out once: a refresh by one reader (a listing, an import's
   * batch) must not take the new turns from another (the recall index) — it did, and those turns were
   * never indexed.
   */
  readonly #order: Rec[] = [];
  badLines: BadLine[] = [];
  badLineCount = 0;
  tornTail: { line: number; text: string } | null = null;
  /** Ids of forgotten episodes (tombstoned). */
  readonly forgotten = new Set<string>();
  /** Line of the last tombstone read (0: none): an index built before it must be rebuilt. */
  lastForgetLine = 0;

  constructor(store: EventStore) {
    this.store = store;
  }

  get position(): Position {
    return this.#pos;
  }

  get size(): number {
    return this.byId.size;
  }

  // ── ScanSink ──
  accepts(type: string): boolean {
    return type === "episode";
  }
  rec(rec: Rec): void {
    if (rec.type === "tombstone") {
      this.#forget(rec);
      return;
    }
    if (rec.type !== "episode" || this.byId.has(rec.id)) return;
    this.forgotten.delete(rec.id);
    const session = String(rec.entry.session ?? "");
    this.byId.set(rec.id, rec);
    let s = this.sessions.get(session);
    if (!s) {
      s = { key: session, recs: [] };
      this.sessions.set(session, s);
    }
    this.#index.set(rec.id, s.recs.length);
    s.recs.push(rec);
    this.#order.push(rec);
    this.#byDate = null;
  }
  #forget(tomb: Rec): void {
    const id = String(tomb.entry.target_id ?? "");
    if (tomb.entry.target_type !== "episode" || !id) return;
    this.forgotten.add(id);
    this.lastForgetLine = tomb.line;
    const rec = this.byId.get(id);
    if (!rec) return;
    this.byId.delete(id);
    this.#byDate = null;
    const key = String(rec.entry.session ?? "");
    const s = this.sessions.get(key);
    if (!s) return;
    s.recs = s.recs.filter((r) => r.id !== id);
    this.#index.delete(id);
    if (s.recs.length === 0) this.sessions.delete(key);
    else
      s.recs.forEach((r, i) => {
        this.#index.set(r.id, i);
      });
  }
  bad(bad: BadLine): void {
    this.badLineCount++;
    if (this.badLines.length < 100) this.badLines.push(bad);
  }
  unknownType(): void {}
  warning(): void {}

  /** Read what was appended since the last look; returns the episodes that were new to this read. */
  refresh(): Rec[] {
    const before = this.#pos.line;
    const r = this.store.scan(this.#pos, this);
    this.#pos = r.end;
    this.tornTail = r.tornTail ? { line: r.tornTail.line, text: r.tornTail.text } : null;
    return this.since(before);
  }

  /** The live episodes on lines after `line` (lines read so far), in log order. */
  since(line: number): Rec[] {
    const order = this.#order;
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((order[mid] as Rec).line <= line) lo = mid + 1;
      else hi = mid;
    }
    const out: Rec[] = [];
    for (let i = lo; i < order.length; i++) {
      const rec = order[i] as Rec;
      if (this.byId.get(rec.id) === rec) out.push(rec);
    }
    return out;
  }

  #byDate: { ms: number; rec: Rec }[] | null = null;

  /** Episodes whose date lies in [from, to) (epoch ms), by binary search over a lazily sorted list. */
  between(from: number, to: number): Rec[] {
    if (!this.#byDate) {
      this.#byDate = [];
      for (const rec of this.byId.values()) {
        const ms = Date.parse(String(rec.entry.date ?? ""));
        if (!Number.isNaN(ms)) this.#byDate.push({ ms, rec });
      }
      this.#byDate.sort((a, b) => a.ms - b.ms);
    }
    const list = this.#byDate;
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((list[mid] as { ms: number }).ms < from) lo = mid + 1;
      else hi = mid;
    }
    const out: Rec[] = [];
    for (let i = lo; i < list.length && (list[i] as { ms: number }).ms < to; i++)
      out.push((list[i] as { rec: Rec }).rec);
    return out;
  }

  /** The turns around an episode in its session (same session only), `before` and `after` of it. */
  neighbours(id: string, before = 1, after = 1): Rec[] {
    const rec = this.byId.get(id);
    const i = this.#index.get(id);
    if (!rec || i === undefined) return [];
    const s = this.sessions.get(String(rec.entry.session ?? ""));
    if (!s) return [];
    return s.recs.slice(Math.max(0, i - before), i).concat(s.recs.slice(i + 1, i + 1 + after));
  }

  sessionOf(id: string): SessionTurns | undefined {
    const rec = this.byId.get(id);
    return rec ? this.sessions.get(String(rec.entry.session ?? "")) : undefined;
  }

  indexInSession(id: string): number {
    return this.#index.get(id) ?? -1;
  }

  /**
   * Append entries whose ids are not in the log yet, under the log's lock (re-reading the tail first, so
   * two importers of the same file add each turn once). Returns how many lines were written.
   */
  appendNew(entries: { id: string }[], validate: (e: Record<string, unknown>) => unknown): number {
    return this.store.withLock(() => {
      this.refresh();
      const seen = new Set<string>();
      const lines: string[] = [];
      for (const e of entries) {
        if (this.byId.has(e.id) || this.forgotten.has(e.id) || seen.has(e.id)) continue;
        seen.add(e.id);
        validate(e as Record<string, unknown>);
        lines.push(JSON.stringify(e));
      }
      if (lines.length > 0) this.store.append(lines);
      return lines.length;
    }, "ingest");
  }

  /**
   * Forget the episodes `pick` chooses from the log as it is under the lock: one tombstone line each, in one
   * append. Returns the episodes forgotten (none written when `dryRun`).
   */
  forget(
    pick: (log: EpisodeLog) => Rec[],
    tombstone: (rec: Rec) => Record<string, unknown>,
    dryRun: boolean,
  ): Rec[] {
    if (dryRun) {
      this.refresh();
      return pick(this);
    }
    return this.store.withLock(() => {
      this.refresh();
      const recs = pick(this);
      if (recs.length > 0) this.store.append(recs.map((r) => JSON.stringify(tombstone(r))));
      this.refresh();
      return recs;
    }, "forget");
  }
}
