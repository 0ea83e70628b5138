import * as fs from "node:fs";
import { basename, dirname } from "node:path";
import type { Rec } from "../core/rec.ts";
import type { Brain, Position } from "../engine/brain.ts";

/** One new line of the log as the event stream sends it (n: its 1-based line number in the log). */
export interface LogEvent {
  n: number;
  id: string;
  type: string;
  op: "add" | "update" | "remove";
  entry: Record<string, unknown>;
}

type Listener = (event: string, data: unknown) => void;

/** What tells a file's change: its size and modification time ("" while it does not exist). */
function stamp(file: string): string {
  try {
    const s = fs.statSync(file);
    return `${s.size}:${s.mtimeMs}`;
  } catch {
    return "";
  }
}

/**
 * The live feed behind `GET /api/events`: whatever is appended to the log — by this server or any other
 * process (the CLI, another agent) — is read through the engine and sent to every subscriber. It looks when
 * told to (after the server's own writes), when the log's directory changes (fs.watch) and on a slow poll
 * (fs.watch is not reliable on every filesystem). A replaced log (compaction) is announced as `reload`.
 * The local files the viewer shows beside the log (proposals, the inbox, the mind) are looked at on the same
 * poll; a change to one — the server's improvement cycle proposing, another process deciding — is `changed`.
 */
export class EventHub {
  readonly #brain: Brain;
  readonly #listeners = new Set<Listener>();
  #pos: Position;
  #reloads: number;
  /** Ids seen live so far: a line for one of them is an update, for a new one an add. */
  #seen = new Set<string>();
  #watcher: fs.FSWatcher | null = null;
  #unsubscribe: (() => void) | null = null;
  #timer: NodeJS.Timeout | null = null;
  #side = new Map<string, string>();
  #sideTimer: NodeJS.Timeout | null = null;

  constructor(brain: Brain) {
    this.#brain = brain;
    brain.refresh();
    this.#pos = brain.position;
    this.#reloads = brain.reloads;
    this.#reseed();
  }

  get subscribers(): number {
    return this.#listeners.size;
  }

  subscribe(fn: Listener): () => void {
    this.#listeners.add(fn);
    return () => this.#listeners.delete(fn);
  }

  /**
   * Watch the log for other processes' appends (plus a poll every `pollMs`). A store that announces appends
   * itself (the team store's LISTEN/NOTIFY: `subscribe`, which also fires after it reconnects) is listened
   * to instead, with no poll.
   */
  start(logPath: string | null, pollMs = 1000, subscribe?: (onAppend: () => void) => () => void): void {
    if (subscribe) {
      this.#unsubscribe = subscribe(() => this.check());
      return;
    }
    if (logPath) {
      try {
        const name = basename(logPath);
        this.#watcher = fs.watch(dirname(logPath), (_e, f) => {
          if (!f || f === name) this.check();
        });
        this.#watcher.on("error", () => {
          this.#watcher?.close();
          this.#watcher = null;
        });
      } catch {
        /* no watch here: the poll still sees every append */
      }
    }
    this.#timer = setInterval(() => this.check(), pollMs);
    this.#timer.unref();
  }

  /** Announce changes of these local files (`changed`, with the file's name), looked at every `pollMs`. */
  watchFiles(files: readonly string[], pollMs = 1000): void {
    this.#side = new Map(files.map((f) => [f, stamp(f)]));
    this.#sideTimer = setInterval(() => this.checkFiles(), pollMs);
    this.#sideTimer.unref();
  }

  /** Look at the watched local files now; never throws. */
  checkFiles(): void {
    for (const [file, was] of this.#side) {
      const now = stamp(file);
      if (now === was) continue;
      this.#side.set(file, now);
      this.#emit("changed", { file: basename(file) });
    }
  }

  stop(): void {
    if (this.#sideTimer) clearInterval(this.#sideTimer);
    this.#sideTimer = null;
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    this.#watcher?.close();
    this.#watcher = null;
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    this.#listeners.clear();
  }

  /** Read what was appended since the last look and send it; never throws (a feed must not crash the server). */
  check(): void {
    try {
      const brain = this.#brain;
      brain.refresh();
      if (brain.reloads !== this.#reloads) {
        this.#reloads = brain.reloads;
        this.#pos = brain.position;
        this.#reseed();
        this.#emit("reload", { lines: this.#pos.line });
        return;
      }
      if (brain.position.offset === this.#pos.offset) return;
      const { recs, end } = brain.recordsSince(this.#pos);
      this.#pos = end;
      if (recs.length > 0) this.#emit("append", { events: recs.map((r) => this.#event(r)) });
    } catch {
      /* the next look tries again */
    }
  }

  #event(rec: Rec): LogEvent {
    const entry = rec.peek() as Record<string, unknown>;
    if (rec.type === "tombstone") {
      const id = String(entry.target_id);
      this.#seen.delete(id);
      return { n: rec.line, id, type: String(entry.target_type), op: "remove", entry };
    }
    const op = this.#seen.has(rec.id) ? "update" : "add";
    this.#seen.add(rec.id);
    return { n: rec.line, id: rec.id, type: rec.type, op, entry };
  }

  #reseed(): void {
    this.#seen = new Set([...this.#brain.state.live()].map((r) => r.id));
  }

  #emit(event: string, data: unknown): void {
    for (const fn of this.#listeners) fn(event, data);
  }
}
