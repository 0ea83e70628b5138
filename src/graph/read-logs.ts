import type { Rec } from "../core/rec.ts";
import type { EventStore } from "../store/event-store.ts";
import type { Log } from "../store/log.ts";
import type { LineAt, Position, ScanSink } from "../store/scan.ts";
import type { GraphEvent } from "./events.ts";
import { type BrainInput, type EpisodeInput, type EventInput, MEMORY_TEXT } from "./inputs.ts";

/** Where reading a log got to: its position, and the time of its last record (what the next one cannot go below). */
export interface Mark {
  position: Position;
  lastAt: number;
}

/** A record's time, never below the one before it in its log (so each log is in order by itself). */
function placed(mark: { lastAt: number }, ms: number): number {
  if (Number.isFinite(ms) && ms > mark.lastAt) mark.lastAt = ms;
  return mark.lastAt;
}

class Sink implements ScanSink {
  readonly recs: Rec[] = [];
  readonly #types: ReadonlySet<string>;
  readonly #limit: number;
  constructor(types: ReadonlySet<string>, limit: number) {
    this.#types = types;
    this.#limit = limit;
  }
  accepts(type: string): boolean {
    return this.#types.has(type);
  }
  rec(rec: Rec): void {
    if (this.#types.has(rec.type)) this.recs.push(rec);
  }
  enough(): boolean {
    return this.recs.length >= this.#limit;
  }
  bad(): void {}
  unknownType(): void {}
  warning(): void {}
}

const BRAIN_TYPES = new Set([...Object.keys(MEMORY_TEXT), "tombstone"]);
const EPISODE_TYPES = new Set(["episode", "tombstone"]);

/** A log's records since `from` as graph inputs, at most `limit` of them, and where reading got to. */
export type ReadLog<T> = (from: Mark, limit?: number) => { inputs: T[]; mark: Mark };

/** The memories (and their removals) appended to brain.jsonl since `from` (at most `limit` records). */
export function readBrain(
  store: EventStore,
  from: Mark,
  limit = Number.POSITIVE_INFINITY,
): { inputs: BrainInput[]; mark: Mark } {
  const sink = new Sink(BRAIN_TYPES, limit);
  const end = store.scan(from.position, sink).end;
  const mark = { position: end, lastAt: from.lastAt };
  const inputs: BrainInput[] = [];
  for (const r of sink.recs) {
    const at = placed(mark, r.createdMs);
    if (r.type === "tombstone") {
      const target = r.entry.target_id;
      if (typeof target === "string" && target)
        inputs.push({ log: 0, at, seq: r.line, id: r.id, type: "tombstone", text: "", removes: target });
      continue;
    }
    const text = (MEMORY_TEXT[r.type] as (e: Record<string, unknown>) => string)(r.entry);
    inputs.push({ log: 0, at, seq: r.line, id: r.id, type: r.type, text });
  }
  return { inputs, mark };
}

/**
 * Turns into graph inputs as the scanner hands them over, from the value it parsed: no record, line or parsed
 * entry is kept (a rebuild reads every turn of a year of sessions; only what the graph needs stays).
 */
class EpisodeSink implements ScanSink {
  readonly inputs: EpisodeInput[] = [];
  readonly mark: Mark;
  readonly #limit: number;
  constructor(mark: Mark, limit: number) {
    this.mark = mark;
    this.#limit = limit;
  }
  enough(): boolean {
    return this.inputs.length >= this.#limit;
  }
  accepts(type: string): boolean {
    return EPISODE_TYPES.has(type);
  }
  rec(r: Rec, at?: LineAt): void {
    if (!EPISODE_TYPES.has(r.type)) return;
    const placedAt = placed(this.mark, r.createdMs);
    const e = at?.value ?? r.peek();
    if (r.type === "tombstone") {
      if (e.target_type === "episode" && typeof e.target_id === "string")
        this.inputs.push({
          log: 1,
          at: placedAt,
          seq: r.line,
          id: r.id,
          session: "",
          speaker: "",
          text: "",
          removes: e.target_id,
        });
      return;
    }
    this.inputs.push({
      log: 1,
      at: placedAt,
      seq: r.line,
      id: r.id,
      session: String(e.session ?? ""),
      speaker: String(e.speaker ?? ""),
      text: String(e.text ?? ""),
    });
  }
  bad(): void {}
  unknownType(): void {}
  warning(): void {}
}

/** The turns (and their removals) appended to episodes.jsonl since `from` (at most `limit` records). */
export function readEpisodes(
  store: EventStore,
  from: Mark,
  limit = Number.POSITIVE_INFINITY,
): { inputs: EpisodeInput[]; mark: Mark } {
  const sink = new EpisodeSink({ position: from.position, lastAt: from.lastAt }, limit);
  const end = store.scan(from.position, sink).end;
  sink.mark.position = end;
  return { inputs: sink.inputs, mark: sink.mark };
}

/** The graph events appended since `from` (at most `limit` of them). */
export function readEvents(
  log: Log<GraphEvent>,
  from: Mark,
  limit = Number.POSITIVE_INFINITY,
): { inputs: EventInput[]; mark: Mark } {
  const r = log.read(from.position, limit);
  const mark = { position: r.end, lastAt: from.lastAt };
  const inputs: EventInput[] = r.records.map((x) => ({
    log: 2,
    at: placed(mark, Date.parse(x.value.at)),
    seq: x.line,
    ev: x.value,
  }));
  return { inputs, mark };
}
