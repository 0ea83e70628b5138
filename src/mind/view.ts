import * as fs from "node:fs";
import type { BadLine } from "../core/health.ts";
import { worthSaving } from "../core/save-policy.ts";
import { writeFileAtomic } from "../store/atomic-file.ts";
import { START } from "../store/event-store.ts";
import type { BrainHome } from "../store/home.ts";
import { fingerprintLog, stillMatches } from "../store/jsonl/log-identity.ts";
import type { Log } from "../store/log.ts";
import { holdsText, type PurgeTarget } from "../store/purge-target.ts";
import type { Position } from "../store/scan.ts";
import type { MindCaps } from "./caps.ts";
import { apply, emptyMind, type Keep, type MindState, settle } from "./fold.ts";
import { mindLog } from "./log.ts";
import type { MindRecord } from "./records.ts";
import { sameKeep, stateFromJson, stateToJson } from "./serialize.ts";

/** Save the snapshot again once this many records were folded beyond the last save. */
const SAVE_AFTER = 500;

/**
 * How much of each collection the view holds: all of the small state (goals, plan, self, instructions,
 * facts, the user's last messages, affect over time) and the last few of each stream — what a decision, a
 * prompt hook and the working context read. Listings and exports read the full fold instead.
 */
export function viewKeep(caps: MindCaps): Keep {
  const { planSteps: _, ...all } = caps;
  return {
    ...all,
    thoughts: Math.min(caps.thoughts, 20),
    innerThoughts: Math.min(caps.innerThoughts, 10),
    actions: Math.min(caps.actions, 50),
    logs: Math.min(caps.logs, 20),
    chat: Math.min(caps.chat, 20),
    exploredPaths: Math.min(caps.exploredPaths, 50),
    exploredUrls: Math.min(caps.exploredUrls, 50),
    neurons: 0,
    synapses: 0,
  };
}

/** Every collection up to its cap (listings, export, compaction). */
export function fullKeep(caps: MindCaps): Keep {
  const { planSteps: _, ...all } = caps;
  return all;
}

/** Fold records in order with `keep`. */
export function foldRecords(records: readonly MindRecord[], keep: Keep): MindState {
  const state = emptyMind();
  for (const r of records) apply(state, r, keep);
  return settle(state, keep);
}

/** Fold the whole log with `keep` (read once, from the start): the full view. */
export function foldLog(
  log: Log<MindRecord>,
  keep: Keep,
): { state: MindState; bad: BadLine[]; end: Position } {
  const r = log.read(START);
  return {
    state: foldRecords(
      r.records.map((x) => x.value),
      keep,
    ),
    bad: r.bad,
    end: r.end,
  };
}

interface Snapshot {
  v: 1;
  keep: Keep;
  position: Position;
  fingerprint: { generation: string; offset: number; sha256: string };
  state: unknown;
}

/**
 * The mind's view, folded incrementally from `.brain/mind.jsonl`: it starts from its snapshot
 * (`.brain/mind-view.json`) when that matches the log's bytes, folds whatever any process appended since,
 * and starts over when the log was replaced (a compaction, a purge). The snapshot is derived: deleting it
 * costs one read of the log.
 */
export class MindView {
  readonly log: Log<MindRecord>;
  readonly keep: Keep;
  readonly #file: string;
  #state = emptyMind();
  #pos: Position = START;
  #generation = "";
  #sinceSave = 0;
  /** Lines of the log that are not mind records (reported, never fatal). */
  bad: BadLine[] = [];
  loadedFrom: "snapshot" | "log" = "log";

  constructor(home: BrainHome, caps: MindCaps, log: Log<MindRecord> = mindLog(home)) {
    this.log = log;
    this.keep = viewKeep(caps);
    this.#file = home.file("mindView");
  }

  get state(): MindState {
    return this.#state;
  }

  get position(): Position {
    return this.#pos;
  }

  /** Start from the snapshot when it matches the log, then fold the tail. */
  load(): this {
    const snap = this.#readSnapshot();
    if (snap) {
      this.#state = snap.state;
      this.#pos = snap.position;
      this.#generation = snap.fingerprint.generation;
      this.loadedFrom = "snapshot";
    }
    this.refresh();
    return this;
  }

  /** Fold what was appended since the last read; start over when the log was replaced. */
  refresh(): number {
    const id = this.log.store.identity();
    if (id.generation !== this.#generation || id.size < this.#pos.offset) {
      this.#state = emptyMind();
      this.#pos = START;
      this.#generation = id.generation;
      this.bad = [];
      this.loadedFrom = "log";
    }
    if (id.size === this.#pos.offset) return 0;
    const r = this.log.read(this.#pos);
    for (const rec of r.records) apply(this.#state, rec.value, this.keep);
    settle(this.#state, this.keep);
    this.bad.push(...r.bad);
    this.#pos = r.end;
    this.#sinceSave += r.records.length;
    return r.records.length;
  }

  /** Forget the view and its snapshot (the log was rewritten): the next refresh folds it again. */
  drop(): void {
    this.#state = emptyMind();
    this.#pos = START;
    this.#generation = "";
    fs.rmSync(this.#file, { force: true });
  }

  /** Whether enough was folded since the last save that `save()` would write the snapshot. */
  get saveDue(): boolean {
    return this.#pos.offset !== 0 && worthSaving(this.#sinceSave, this.#pos.line, SAVE_AFTER);
  }

  /** Save the snapshot if enough was folded since the last save (always with `force`); true when saved. */
  save(force = false): boolean {
    if (this.#pos.offset === 0 || (!force && !this.saveDue)) return false;
    const path = this.log.file;
    if (!path) return false;
    const fingerprint = fingerprintLog(path, this.#pos.offset, this.#generation);
    if (!fingerprint) return false;
    const snap: Snapshot = {
      v: 1,
      keep: this.keep,
      position: this.#pos,
      fingerprint,
      state: stateToJson(this.#state),
    };
    writeFileAtomic(this.#file, [`${JSON.stringify(snap)}\n`], { durable: false });
    this.#sinceSave = 0;
    return true;
  }

  #readSnapshot(): { state: MindState; position: Position; fingerprint: Snapshot["fingerprint"] } | null {
    const path = this.log.file;
    if (!path) return null;
    let snap: Partial<Snapshot>;
    try {
      snap = JSON.parse(fs.readFileSync(this.#file, "utf8")) as Partial<Snapshot>;
    } catch {
      return null;
    }
    if (snap?.v !== 1 || !sameKeep(snap.keep, this.keep) || !snap.position || !snap.fingerprint) return null;
    if (!stillMatches(snap.fingerprint, path)) return null;
    const state = stateFromJson(snap.state);
    return state ? { state, position: snap.position, fingerprint: snap.fingerprint } : null;
  }
}

/**
 * A purge reaches the view's snapshot: when it holds a purged text or names a forgotten session it is
 * deleted (it is derived: the next read folds the purged log again). How many files were deleted.
 */
export function purgeView(home: BrainHome, target: PurgeTarget): number {
  const file = home.file("mindView");
  let raw: string;
  try {
    raw = fs.readFileSync(file, "utf8");
  } catch {
    return 0;
  }
  const named = [...target.sessions].some((s) => raw.includes(JSON.stringify(s)));
  let holds = named;
  if (!holds && target.texts.length > 0) {
    try {
      holds = holdsText(JSON.parse(raw), target.texts);
    } catch {
      holds = true; // unreadable: it may hold anything
    }
  }
  if (!holds) return 0;
  fs.rmSync(file, { force: true });
  return 1;
}
