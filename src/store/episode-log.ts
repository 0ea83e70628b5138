import type { BadLine } from "../core/health.ts";
import type { Rec } from "../core/rec.ts";
import type { BaseEntry } from "../core/types.ts";
import { EpisodeColumns } from "./episode-columns.ts";
import { EpisodeRec } from "./episode-rec.ts";
import { type ById, byIdView, type Sessions, sessionsView } from "./episode-views.ts";
import { type EventStore, START } from "./event-store.ts";
import { LineBlocks } from "./line-blocks.ts";
import type { LineAt, Position, ScanSink } from "./scan.ts";

export type { SessionTurns } from "./episode-views.ts";

/** What ranking needs of a turn without its text. */
export interface TurnInfo {
  id: string;
  speaker: string;
  dateMs: number;
  session: string;
}

/**
 * Turns read lately, by row: each step of a query asks the log for its turns anew (a new record each time), and
 * a prompt's steps read ~200 (bench/scale.ts: at 64 the chatter check's 200 evicted what ranking had read).
 */
const ENTRY_CACHE = 512;
const RECENT_ROWS = 8192; // rows kept at hand (`#recent`, emptied when full or a row goes): about one query's

/**
 * The episode log (`episodes.jsonl`): the same store, framing, torn-tail handling and lock as brain.jsonl,
 * folded into episodes by id and sessions in turn order. Episodes are immutable; a line whose id is already
 * known is a duplicate and is ignored (so a concurrent double import cannot show a turn twice). A tombstone
 * (`target_type: "episode"`, written by `brain forget`) removes its episode from every view; importing the
 * same turn again does not bring it back (`appendNew` skips forgotten ids).
 *
 * A year of sessions is a million turns, so the log keeps no turn's text: per episode it keeps where its
 * line lies and the few fields ranking needs (episode-columns.ts), and reads the line back by position when
 * a turn's entry is asked for (checking that the line there is still that episode). A store that cannot
 * read by position (in memory, the team store) keeps the records instead. A log replaced under the reader
 * (a purge by another process) is read again from its start (`resets` counts it).
 */
export class EpisodeLog implements ScanSink {
  readonly store: EventStore;
  #cols = new EpisodeColumns();
  /** Row of each live episode by id. */
  readonly #row = new Map<string, number>();
  /** Rows of ids looked up lately (a query asks for the same turns three times; the big map costs cache misses). */
  readonly #recent = new Map<string, number>();
  readonly #live: Uint8Array[] = [];
  #liveCount = 0;
  /** Live rows of each session (by interned key), in turn order. */
  readonly #sessions = new Map<number, number[]>();
  /** The records themselves, only for a store that cannot read by position. */
  #recs: (Rec | undefined)[] | null = null;
  readonly #lines: LineBlocks | null;
  readonly #entries = new Map<number, { raw: string; entry: BaseEntry }>();
  #generation: string | undefined;
  #stale = false;
  #pos: Position = START;
  badLines: BadLine[] = [];
  badLineCount = 0;
  tornTail: { line: number; text: string } | null = null;
  /** Ids of forgotten episodes (tombstoned). */
  readonly forgotten = new Set<string>();
  /** Line of the last tombstone read (0: none): an index built before it must be rebuilt. */
  lastForgetLine = 0;
  /** How often the log was found replaced and read again from its start. */
  resets = 0;

  constructor(store: EventStore) {
    this.store = store;
    const reader = store.reader?.bind(store);
    this.#lines = reader ? new LineBlocks(reader) : null;
  }

  get position(): Position {
    return this.#pos;
  }

  get size(): number {
    return this.#liveCount;
  }

  #isLive(o: number): boolean {
    return ((this.#live[o >> 16] as Uint8Array)[o & 0xffff] as number) === 1;
  }
  #setLive(o: number, v: 0 | 1): void {
    let page = this.#live[o >> 16];
    if (!page) {
      page = new Uint8Array(1 << 16);
      this.#live[o >> 16] = page;
    }
    page[o & 0xffff] = v;
  }
  /** The live row of `id`, or -1. */
  #liveRow(id: string): number {
    const known = this.#recent.get(id);
    if (known !== undefined) return known;
    const o = this.#row.get(id) ?? -1;
    if (o < 0) return o;
    if (this.#recent.size >= RECENT_ROWS) this.#recent.clear();
    this.#recent.set(id, o);
    return o;
  }

  // ── ScanSink ──
  accepts(type: string): boolean {
    return type === "episode";
  }
  rec(rec: Rec, at?: LineAt): void {
    if (rec.type === "tombstone") {
      this.#forget(rec);
      return;
    }
    if (rec.type !== "episode" || this.#liveRow(rec.id) >= 0) return;
    this.forgotten.delete(rec.id);
    const e = at?.value ?? rec.entry;
    const date = typeof e.date === "string" ? Date.parse(e.date) : Number.NaN;
    const o = this.#cols.push({
      id: rec.id,
      line: rec.line,
      offset: at?.offset ?? -1,
      bytes: at?.bytes ?? 0,
      dateMs: date,
      createdMs: rec.createdMs,
      session: String(e.session ?? ""),
      speaker: String(e.speaker ?? ""),
      project: typeof e.project === "string" ? e.project : "",
    });
    if (!at || !this.#lines) {
      this.#recs ??= [];
      this.#recs[o] = rec;
    }
    this.#row.set(rec.id, o);
    this.#setLive(o, 1);
    this.#liveCount++;
    const key = this.#cols.session[o] as number;
    let s = this.#sessions.get(key);
    if (!s) {
      s = [];
      this.#sessions.set(key, s);
    }
    this.#cols.inSession[o] = s.length;
    s.push(o);
    this.#byDate = null;
  }
  #forget(tomb: Rec): void {
    const id = String(tomb.entry.target_id ?? "");
    if (tomb.entry.target_type !== "episode" || !id) return;
    this.forgotten.add(id);
    this.lastForgetLine = tomb.line;
    const o = this.#liveRow(id);
    if (o < 0) return;
    this.#setLive(o, 0);
    this.#row.delete(id);
    this.#recent.clear();
    this.#liveCount--;
    if (this.#recs) this.#recs[o] = undefined;
    this.#byDate = null;
    const key = this.#cols.session[o] as number;
    const s = this.#sessions.get(key);
    if (!s) return;
    const kept = s.filter((r) => r !== o);
    this.#cols.inSession[o] = -1;
    if (kept.length === 0) this.#sessions.delete(key);
    else {
      this.#sessions.set(key, kept);
      kept.forEach((r, i) => {
        this.#cols.inSession[r] = i;
      });
    }
  }
  bad(bad: BadLine): void {
    this.badLineCount++;
    if (this.badLines.length < 100) this.badLines.push(bad);
  }
  unknownType(): void {}
  warning(): void {}

  /** Read what was appended since the last look; returns the episodes that were new to this read. */
  refresh(): Rec[] {
    if (this.#lines) {
      this.release();
      const generation = this.store.identity().generation;
      const was = this.#generation;
      // A log that was missing and is now created is not a replaced one (nothing was read from it).
      const replaced = was !== undefined && generation !== was && (was !== "" || this.#pos.offset > 0);
      if (this.#stale || replaced) this.#reset();
      this.#generation = generation;
    }
    const before = this.#pos.line;
    const r = this.store.scan(this.#pos, this);
    this.#pos = r.end;
    this.tornTail = r.tornTail ? { line: r.tornTail.line, text: r.tornTail.text } : null;
    return this.since(before);
  }

  /** Close the file a read back opened (the next read opens the log again). */
  release(): void {
    this.#lines?.forget();
    this.#entries.clear();
  }

  /** Forget everything read: the log was replaced (its lines moved), so it is read again from its start. */
  #reset(): void {
    this.#cols = new EpisodeColumns();
    this.#row.clear();
    this.#recent.clear();
    this.#live.length = 0;
    this.#liveCount = 0;
    this.#sessions.clear();
    this.#recs = null;
    this.#byDate = null;
    this.#pos = START;
    this.badLines = [];
    this.badLineCount = 0;
    this.forgotten.clear();
    this.lastForgetLine = 0;
    this.#stale = false;
    this.resets++;
  }

  // ── reading episodes ──

  /** The entry of row `o`, read back from the log (its line must still be that episode). */
  #load(row: number, id: string): { raw: string; entry: BaseEntry } {
    // A record handed out before the log was read again names its row of then: find the episode's row now.
    const o = this.#cols.ids[row] === id ? row : this.#liveRow(id);
    const rec = o < 0 ? undefined : this.#recs?.[o];
    if (rec) return { raw: rec.raw, entry: rec.entry };
    const hit = this.#entries.get(o);
    if (hit) return hit;
    const text =
      o < 0 ? null : this.#lines?.line(this.#cols.offset[o] as number, this.#cols.bytes[o] as number);
    let entry: BaseEntry | null = null;
    let raw = text ?? "";
    if (raw.charCodeAt(0) === 0xfeff) raw = raw.slice(1);
    raw = raw.trimEnd();
    try {
      const v = JSON.parse(raw) as BaseEntry;
      if (v && typeof v === "object" && v.id === id && v.type === "episode") entry = v;
    } catch {
      /* not the line it was: the log changed under this reader */
    }
    if (!entry) {
      // The log was replaced since it was read (another process purged it): nothing of the old line is shown,
      // and the next refresh reads the log again.
      this.#stale = true;
      entry = { id, type: "episode", created: "", text: "" } as unknown as BaseEntry;
      raw = JSON.stringify(entry);
    }
    const loaded = { raw, entry };
    if (this.#entries.size >= ENTRY_CACHE) this.#entries.delete(this.#entries.keys().next().value as number);
    this.#entries.set(o, loaded);
    return loaded;
  }

  #rec(o: number): Rec {
    const rec = this.#recs?.[o];
    if (rec) return rec;
    const id = this.#cols.ids[o] as string;
    return new EpisodeRec(id, this.#cols.line[o] as number, this.#cols.createdMs[o] as number, () =>
      this.#load(o, id),
    );
  }

  /** The live episode `id` (its entry read on first use), or undefined. */
  get(id: string): Rec | undefined {
    const o = this.#liveRow(id);
    return o < 0 ? undefined : this.#rec(o);
  }

  has(id: string): boolean {
    return this.#liveRow(id) >= 0;
  }

  /** Every live episode in log order (each entry read when used, none kept). */
  *all(): Generator<Rec> {
    const n = this.#cols.length;
    for (let o = 0; o < n; o++) if (this.#isLive(o)) yield this.#rec(o);
  }

  /** Map-like view by id (get / has / keys / values), for readers written against a map of records. */
  get byId(): ById {
    return byIdView(this);
  }

  /** The sessions and their live turns in turn order (records read on first use). */
  get sessions(): Sessions {
    return sessionsView(this.#cols, this.#sessions, (o) => this.#rec(o));
  }

  /** The live episodes on lines after `line` (lines read so far), in log order. */
  since(line: number): Rec[] {
    const lines = this.#cols.line;
    let lo = 0;
    let hi = this.#cols.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((lines[mid] as number) <= line) lo = mid + 1;
      else hi = mid;
    }
    const out: Rec[] = [];
    for (let o = lo; o < this.#cols.length; o++) if (this.#isLive(o)) out.push(this.#rec(o));
    return out;
  }

  #byDate: Int32Array | null = null;

  /** Episodes whose date lies in [from, to) (epoch ms), by binary search over a lazily sorted list. */
  between(from: number, to: number): TurnInfo[] {
    this.#byDate ??= this.#cols.byDate((o) => this.#isLive(o));
    return this.#cols.datedWithin(this.#byDate, from, to).map((o) => this.#info(o));
  }

  #info(o: number): TurnInfo {
    const c = this.#cols;
    return {
      id: c.ids[o] as string,
      speaker: c.string(c.speaker[o] as number),
      dateMs: c.dateMs[o] as number,
      session: c.string(c.session[o] as number),
    };
  }

  /** A live episode's speaker, date and session as its line says them, without reading it (else undefined). */
  info(id: string): TurnInfo | undefined {
    const o = this.#liveRow(id);
    return o < 0 ? undefined : this.#info(o);
  }

  /** Rows of the turns around a live episode in its session, `before` and `after` of it. */
  #around(id: string, before: number, after: number): number[] {
    const o = this.#liveRow(id);
    if (o < 0) return [];
    const s = this.#sessions.get(this.#cols.session[o] as number);
    const i = this.#cols.inSession[o] as number;
    if (!s || i < 0) return [];
    return s.slice(Math.max(0, i - before), i).concat(s.slice(i + 1, i + 1 + after));
  }

  /** The turns around an episode in its session (same session only), `before` and `after` of it. */
  neighbours(id: string, before = 1, after = 1): Rec[] {
    return this.#around(id, before, after).map((o) => this.#rec(o));
  }

  /** The same turns as `neighbours`, as what ranking needs (no text read). */
  neighbourInfo(id: string, before = 1, after = 1): TurnInfo[] {
    return this.#around(id, before, after).map((o) => this.#info(o));
  }

  /** A live episode's `project` ("" when none or not live), without reading its line. */
  projectOf(id: string): string {
    const o = this.#liveRow(id);
    return o < 0 ? "" : this.#cols.string(this.#cols.project[o] as number);
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
        if (this.has(e.id) || this.forgotten.has(e.id) || seen.has(e.id)) continue;
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
      // Their entries are read now, while their lines are where the log says (the caller reports them).
      for (const r of recs) void r.entry;
      if (recs.length > 0) this.store.append(recs.map((r) => JSON.stringify(tombstone(r))));
      this.refresh();
      return recs;
    }, "forget");
  }
}
