/**
 * The per-episode facts every view of the episode log needs without the turn's text, held column-wise in
 * typed arrays (a few dozen bytes an episode instead of its parsed object and line): where its line lies
 * in episodes.jsonl (line number, byte offset and length), its dates, and its session, speaker and project
 * as numbers into a table of distinct strings. The text is read back from the file when asked
 * (episode-log.ts).
 */
export class EpisodeColumns {
  length = 0;
  line = new Int32Array(1024);
  offset = new Float64Array(1024);
  bytes = new Int32Array(1024);
  dateMs = new Float64Array(1024);
  createdMs = new Float64Array(1024);
  session = new Int32Array(1024);
  speaker = new Int32Array(1024);
  project = new Int32Array(1024);
  /** Position within its session's live turns (-1 once forgotten). */
  inSession = new Int32Array(1024);
  /** Episode id of each row. */
  readonly ids: string[] = [];
  readonly #strings: string[] = [];
  readonly #stringNo = new Map<string, number>();

  /** A number for a string (session keys, speakers, projects share one table). */
  intern(s: string): number {
    let n = this.#stringNo.get(s);
    if (n === undefined) {
      n = this.#strings.length;
      this.#strings.push(s);
      this.#stringNo.set(s, n);
    }
    return n;
  }

  /** The number of a string already in the table. */
  numberOf(s: string): number | undefined {
    return this.#stringNo.get(s);
  }

  string(n: number): string {
    return this.#strings[n] ?? "";
  }

  /** Add a row; returns its number. */
  push(row: {
    id: string;
    line: number;
    offset: number;
    bytes: number;
    dateMs: number;
    createdMs: number;
    session: string;
    speaker: string;
    project: string;
  }): number {
    if (this.length === this.line.length) this.#grow();
    const o = this.length++;
    this.ids.push(row.id);
    this.line[o] = row.line;
    this.offset[o] = row.offset;
    this.bytes[o] = row.bytes;
    this.dateMs[o] = row.dateMs;
    this.createdMs[o] = row.createdMs;
    this.session[o] = this.intern(row.session);
    this.speaker[o] = this.intern(row.speaker);
    this.project[o] = this.intern(row.project);
    this.inSession[o] = -1;
    return o;
  }

  /** The rows `live` keeps that have a date, sorted by it. */
  byDate(live: (row: number) => boolean): Int32Array {
    const dates = this.dateMs;
    const rows: number[] = [];
    for (let o = 0; o < this.length; o++) if (live(o) && !Number.isNaN(dates[o] as number)) rows.push(o);
    rows.sort((a, b) => (dates[a] as number) - (dates[b] as number));
    return Int32Array.from(rows);
  }

  /** The rows of `sorted` (from byDate) dated in [from, to), by binary search. */
  datedWithin(sorted: Int32Array, from: number, to: number): number[] {
    const dates = this.dateMs;
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((dates[sorted[mid] as number] as number) < from) lo = mid + 1;
      else hi = mid;
    }
    const out: number[] = [];
    for (let i = lo; i < sorted.length && (dates[sorted[i] as number] as number) < to; i++)
      out.push(sorted[i] as number);
    return out;
  }

  #grow(): void {
    const n = this.line.length * 2;
    const grow = <T extends Int32Array | Float64Array>(a: T, make: (n: number) => T): T => {
      const b = make(n);
      b.set(a);
      return b;
    };
    this.line = grow(this.line, (k) => new Int32Array(k));
    this.offset = grow(this.offset, (k) => new Float64Array(k));
    this.bytes = grow(this.bytes, (k) => new Int32Array(k));
    this.dateMs = grow(this.dateMs, (k) => new Float64Array(k));
    this.createdMs = grow(this.createdMs, (k) => new Float64Array(k));
    this.session = grow(this.session, (k) => new Int32Array(k));
    this.speaker = grow(this.speaker, (k) => new Int32Array(k));
    this.project = grow(this.project, (k) => new Int32Array(k));
    this.inSession = grow(this.inSession, (k) => new Int32Array(k));
  }
}
