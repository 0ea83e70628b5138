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
  constructor(types: ReadonlySet<string>) {
    this.#types = types;
  }
  accepts(type: string): boolean {
    return this.#types.has(type);
  }
  rec(rec: Rec): void {
    if (this.#types.has(rec.type)) this.recs.push(rec);
  }
  bad(): void {}
  unknownType(): void {}
  warning(): void {}
}

const BRAIN_TYPES = new Set([...Object.keys(MEMORY_TEXT), "tombstone"]);
const EPISODE_TYPES = new Set(["episode", "tombstone"]);

/** The memories (and their removals) appended to brain.jsonl since `from`. */
export function readBrain(store: EventStore, from: Mark): { inputs: BrainInput[]; mark: Mark } {
  const sink = new Sink(BRAIN_TYPES);
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
  constructor(mark: Mark) {
    this.mark = mark;
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

/** The turns (and their removals) appended to episodes.jsonl since `from`. */
export function readEpisodes(store: EventStore, from: Mark): { inputs: EpisodeInput[]; mark: Mark } {
  const sink = new EpisodeSink({ position: from.position, lastAt: from.lastAt });
  const end = store.scan(from.position, sink).end;
  sink.mark.position = end;
  return { inputs: sink.inputs, mark: sink.mark };
}

/** The graph events appended since `from`. */
export function readEvents(log: Log<GraphEvent>, from: Mark): { inputs: EventInput[]; mark: Mark } {
  const r = log.read(from.position);
  const mark = { position: r.end, lastAt: from.lastAt };
  const inputs: EventInput[] = r.records.map((x) => ({
    log: 2,
    at: placed(mark, Date.parse(x.value.at)),
    seq: x.line,
    ev: x.value,
  }));
  return { inputs, mark };
}
