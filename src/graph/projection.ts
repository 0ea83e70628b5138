import * as fs from "node:fs";
import { worthSaving } from "../core/save-policy.ts";
import { writeFileAtomic } from "../store/atomic-file.ts";
import { type DerivedFiles, type EventStore, type LogFingerprint, START } from "../store/event-store.ts";
import type { Log } from "../store/log.ts";
import { apply } from "./apply.ts";
import type { GraphEvent } from "./events.ts";
import { Graph } from "./graph.ts";
import { BEFORE_ALL, compareKeys, type GraphInput, keyOf, merge, type OrderKey } from "./inputs.ts";
import { type Mark, readBrain, readEpisodes, readEvents } from "./read-logs.ts";
import { fromJson, type GraphJson, toJson } from "./serialize.ts";
import { LogCursor, mergeCursors, OutOfOrder } from "./stream.ts";
import type { Analyzer, GraphLimits } from "./types.ts";

const FORMAT = "brain-graph";
/** Bump when what a record adds to the graph changes (the saved file is then rebuilt). */
const VERSION = 1;
/** Save after at most this many records were applied since the last save (core/save-policy.ts). */
const SAVE_AFTER = 500;
export const GRAPH_KIND = "graph.json";
/** Records a rebuild reads from a log at a time (it never holds every turn's text at once). */
const READ_CHUNK = 8192;

const LOGS = ["brain", "episodes", "events"] as const;
type LogName = (typeof LOGS)[number];

/** How a build in slices is paced: asked after each record, paused when due, given up when cancelled. */
export interface BuildStep {
  due(): boolean;
  pause(): Promise<void>;
  /** True when the build is no longer wanted (the server stopping): it ends at its next pause, building nothing. */
  cancelled?(): boolean;
}

export interface GraphSources {
  brain: EventStore;
  episodes: EventStore;
  events: Log<GraphEvent>;
  /** Each log's derived files (fingerprints) and where the graph is kept; null keeps it in memory only. */
  files: { brain: DerivedFiles; episodes: DerivedFiles; events: DerivedFiles; path: string } | null;
  analyze: Analyzer;
  limits: GraphLimits;
}

interface Saved {
  format: string;
  version: number;
  limits: GraphLimits;
  marks: Record<LogName, Mark & { check: LogFingerprint | null }>;
  water: OrderKey;
  graph: GraphJson;
}

const start = (): Mark => ({ position: START, lastAt: 0 });

/**
 * The association graph as a projection of three logs (brain.jsonl, episodes.jsonl, graph-events.jsonl),
 * kept in `.brain/<log>.graph.json`, trusted only while the fingerprints it records match the exact bytes of
 * each log it was built from (as the recall index is). The records are applied in one canonical order (time,
 * log, position: src/graph/inputs.ts), so catching up is applying the tails — unless a tail holds a record
 * that sorts before what was applied already (another process's late write, an import of old entries, a
 * replaced log): then the graph is rebuilt from the logs. Either way the same logs give the same graph.
 */
export class GraphProjection {
  readonly #src: GraphSources;
  #graph: Graph | null = null;
  #marks: Record<LogName, Mark> = { brain: start(), episodes: start(), events: start() };
  #generations: Record<LogName, string> = { brain: "", episodes: "", events: "" };
  /** The last record applied. */
  #water: OrderKey = BEFORE_ALL;
  #unsaved = 0;
  status: "none" | "loaded" | `rebuilt (${string})` = "none";
  /** Rebuilds since this projection was made (bench and `brain graph stats`). */
  rebuilds = 0;
  /** Records a rebuild reads from a log at a time (tests set a few, so a rebuild crosses chunk ends). */
  readChunk = READ_CHUNK;

  constructor(src: GraphSources) {
    this.#src = src;
  }

  get path(): string | null {
    return this.#src.files?.path ?? null;
  }

  /** The time of the last record applied: a writer's event is never placed before it. */
  get lastAt(): number {
    return Number.isFinite(this.#water[0]) ? this.#water[0] : 0;
  }

  #stores(): Record<LogName, { identity(): { generation: string; size: number } }> {
    return { brain: this.#src.brain, episodes: this.#src.episodes, events: this.#src.events.store };
  }

  /** The graph, caught up with all three logs (loaded or rebuilt first when needed). */
  sync(): Graph {
    const ids = this.#stores();
    for (const name of LOGS) {
      const id = ids[name].identity();
      const replaced = this.#generations[name] !== "" && id.generation !== this.#generations[name];
      if (this.#graph && (replaced || id.size < this.#marks[name].position.offset)) this.#graph = null;
    }
    if (!this.#graph) {
      const why = this.#load();
      if (why !== null) return this.#rebuild(why);
    }
    const g = this.#graph as Graph;
    const brain = readBrain(this.#src.brain, this.#marks.brain);
    const episodes = readEpisodes(this.#src.episodes, this.#marks.episodes);
    const events = readEvents(this.#src.events, this.#marks.events);
    const tail = merge([brain.inputs, episodes.inputs, events.inputs]);
    if (tail.length > 0 && compareKeys(keyOf(tail[0] as GraphInput), this.#water) < 0)
      return this.#rebuild("a record older than the graph");
    this.#apply(g, tail);
    this.#marks = { brain: brain.mark, episodes: episodes.mark, events: events.mark };
    this.#noteGenerations();
    return g;
  }

  #apply(g: Graph, inputs: GraphInput[]): void {
    for (const i of inputs) apply(g, i, this.#src.analyze);
    if (inputs.length) this.#water = keyOf(inputs[inputs.length - 1] as GraphInput);
    this.#unsaved += inputs.length;
  }

  #noteGenerations(): void {
    const ids = this.#stores();
    for (const name of LOGS) this.#generations[name] = ids[name].identity().generation;
  }

  /** The three logs from their start, each read a chunk at a time, merged in the canonical order. */
  #cursors(): {
    brain: LogCursor<GraphInput>;
    episodes: LogCursor<GraphInput>;
    events: LogCursor<GraphInput>;
  } {
    const src = this.#src;
    const chunk = this.readChunk;
    return {
      brain: new LogCursor((m, n) => readBrain(src.brain, m, n), start(), chunk),
      episodes: new LogCursor((m, n) => readEpisodes(src.episodes, m, n), start(), chunk),
      events: new LogCursor((m, n) => readEvents(src.events, m, n), start(), chunk),
    };
  }

  #rebuild(why: string): Graph {
    this.#noteGenerations();
    let g = new Graph(this.#src.limits);
    let last: GraphInput | undefined;
    let applied = 0;
    try {
      const c = this.#cursors();
      for (const i of mergeCursors([c.brain, c.episodes, c.events])) {
        apply(g, i, this.#src.analyze);
        last = i;
        applied++;
      }
      this.#marks = { brain: c.brain.mark, episodes: c.episodes.mark, events: c.events.mark };
    } catch (e) {
      if (!(e instanceof OutOfOrder)) throw e;
      // Another process wrote an older record into a log while it was read: read the logs whole instead.
      g = new Graph(this.#src.limits);
      const brain = readBrain(this.#src.brain, start());
      const episodes = readEpisodes(this.#src.episodes, start());
      const events = readEvents(this.#src.events, start());
      const inputs = merge([brain.inputs, episodes.inputs, events.inputs]);
      for (const i of inputs) apply(g, i, this.#src.analyze);
      last = inputs[inputs.length - 1];
      applied = inputs.length;
      this.#marks = { brain: brain.mark, episodes: episodes.mark, events: events.mark };
    }
    this.#water = last ? keyOf(last) : BEFORE_ALL;
    this.#graph = g;
    this.#unsaved = Math.max(1, this.#unsaved + applied);
    this.status = `rebuilt (${why})`;
    this.rebuilds++;
    return g;
  }

  /**
   * What `sync()` does when there is no graph yet (load the file, else rebuild from the logs), with the
   * rebuild's records applied a slice at a time: after each record `step.due()` is asked, and when it says so
   * the build awaits `step.pause()` (a server answers its requests meanwhile). A graph set by a synchronous
   * `sync()` in between wins over this build; a log replaced while it ran (or written to out of order) starts
   * it again (three times at most; then the next `sync()` rebuilds at once); `step.cancelled()` ends it at its
   * next pause without a graph. Resolves when done.
   */
  async build(step: BuildStep): Promise<void> {
    for (let attempt = 0; attempt < 3; attempt++) if ((await this.#buildOnce(step)) === "done") return;
  }

  async #buildOnce(step: BuildStep): Promise<"done" | "again"> {
    if (this.#graph || this.#load() === null) return "done";
    const ids = this.#stores();
    const generations = LOGS.map((name) => ids[name].identity().generation);
    const g = new Graph(this.#src.limits);
    const c = this.#cursors();
    let last: GraphInput | undefined;
    let applied = 0;
    try {
      for (const i of mergeCursors([c.brain, c.episodes, c.events])) {
        apply(g, i, this.#src.analyze);
        last = i;
        applied++;
        if (step.due()) {
          await step.pause();
          if (this.#graph || step.cancelled?.()) return "done";
        }
      }
    } catch (e) {
      if (e instanceof OutOfOrder) return "again";
      throw e;
    }
    if (this.#graph) return "done";
    // Replaced: another file than the one read. A log that did not exist yet (the graph's event log of a fresh
    // brain, created by the first prompt while this ran) is not: what was written to it since is its tail.
    const replaced = LOGS.some(
      (name, k) => generations[k] !== "" && ids[name].identity().generation !== generations[k],
    );
    if (replaced) return "again";
    this.#generations = { brain: generations[0], episodes: generations[1], events: generations[2] } as Record<
      LogName,
      string
    >;
    this.#water = last ? keyOf(last) : BEFORE_ALL;
    this.#marks = { brain: c.brain.mark, episodes: c.episodes.mark, events: c.events.mark };
    this.#graph = g;
    this.#unsaved = Math.max(1, applied);
    this.status = "rebuilt (built in slices)";
    this.rebuilds++;
    return "done";
  }

  /** Every record of the three logs in the canonical order (what a rebuild applies; the timeline replays it). */
  allInputs(): GraphInput[] {
    const brain = readBrain(this.#src.brain, start());
    const episodes = readEpisodes(this.#src.episodes, start());
    const events = readEvents(this.#src.events, start());
    return merge([brain.inputs, episodes.inputs, events.inputs]);
  }

  /** Null when the saved graph was loaded; else why it could not be. */
  #load(): string | null {
    const files = this.#src.files;
    if (!files) return "in memory";
    let saved: Saved;
    try {
      saved = JSON.parse(fs.readFileSync(files.path, "utf8")) as Saved;
    } catch (e) {
      return (e as NodeJS.ErrnoException).code === "ENOENT" ? "missing" : "unreadable";
    }
    try {
      if (saved.format !== FORMAT || saved.version !== VERSION) return "old format";
      if (JSON.stringify(saved.limits) !== JSON.stringify(this.#src.limits)) return "other limits";
      for (const name of LOGS) {
        const m = saved.marks[name];
        if (m.position.offset > 0 && !files[name].matches(m.check)) return `${name} log changed`;
      }
      this.#graph = fromJson(saved.graph, this.#src.limits);
      this.#marks = {
        brain: { position: saved.marks.brain.position, lastAt: saved.marks.brain.lastAt },
        episodes: { position: saved.marks.episodes.position, lastAt: saved.marks.episodes.lastAt },
        events: { position: saved.marks.events.position, lastAt: saved.marks.events.lastAt },
      };
      this.#water = saved.water[0] === null ? BEFORE_ALL : saved.water;
      this.#unsaved = 0;
      this.status = "loaded";
      return null;
    } catch {
      return "unreadable";
    }
  }

  /** Write the graph's file if enough changed since it was last written (or `force`). Never throws. */
  save(force = false): boolean {
    const files = this.#src.files;
    const g = this.#graph;
    if (!g || !files || this.#unsaved === 0) return false;
    const covered = LOGS.reduce((n, name) => n + this.#marks[name].position.line, 0);
    if (!force && this.status === "loaded" && !worthSaving(this.#unsaved, covered, SAVE_AFTER)) return false;
    try {
      const marks = {} as Saved["marks"];
      for (const name of LOGS) {
        const m = this.#marks[name];
        const check =
          m.position.offset > 0 ? files[name].fingerprint(m.position.offset, this.#generations[name]) : null;
        if (m.position.offset > 0 && !check) return false; // replaced since it was read: nothing to save
        marks[name] = { ...m, check };
      }
      const water = Number.isFinite(this.#water[0]) ? this.#water : ([null, 0, 0] as unknown as OrderKey);
      const body: Saved = {
        format: FORMAT,
        version: VERSION,
        limits: this.#src.limits,
        marks,
        water,
        graph: toJson(g),
      };
      writeFileAtomic(files.path, [JSON.stringify(body)]);
      this.#unsaved = 0;
      this.status = "loaded";
      return true;
    } catch {
      return false;
    }
  }

  /** Forget the graph and delete its file: the next use rebuilds it from the logs. */
  drop(): void {
    this.#graph = null;
    this.#marks = { brain: start(), episodes: start(), events: start() };
    this.#generations = { brain: "", episodes: "", events: "" };
    this.#water = BEFORE_ALL;
    this.#unsaved = 0;
    this.status = "none";
    if (this.#src.files) fs.rmSync(this.#src.files.path, { force: true });
  }
}
