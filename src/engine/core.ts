import type { WriteResult } from "../brainfiles/write.ts";
import { DEFAULT_SETTINGS, type Settings } from "../config.ts";
import type { ActionResult } from "../core/actions.ts";
import { defaultBrain } from "../core/defaults.ts";
import { BrainError } from "../core/errors.ts";
import type { Health } from "../core/health.ts";
import { formatHeartbeat, type Heartbeat, heartbeat } from "../core/heartbeat.ts";
import type { RandomHex, Sha256Hex } from "../core/ids.ts";
import type { MigrationStats } from "../core/migrate.ts";
import type { Params } from "../core/params.ts";
import type { Rec } from "../core/rec.ts";
import { statsLine } from "../core/stats.ts";
import type { BaseEntry } from "../core/types.ts";
import { crypto, randomHex } from "../store/crypto.ts";
import {
  type CompactReport,
  type EventStore,
  type LockStatus,
  type RepairOptions,
  type RepairReport,
  START,
} from "../store/event-store.ts";
import { BrainHome } from "../store/home.ts";
import type { Position } from "../store/scan.ts";
import { FoldedLog } from "./folded-log.ts";
import { Layers } from "./layered.ts";
import { actions, brainFileWrite, migration } from "./lazy.ts";
import { storeFor } from "./open-store.ts";
import type { BrainOptions } from "./options.ts";
import { withProjectPath } from "./project-scope.ts";
import { Projections } from "./projection.ts";
import { Purgeables, type PurgeReport, type PurgeTarget } from "./purge.ts";
import { purgeBrain, removePurged } from "./purge-brain.ts";
import { lastVersion, restore } from "./restore.ts";
import { WriteGate } from "./write-gate.ts";

const sha256: Sha256Hex = (s) => crypto().createHash("sha256").update(s).digest("hex");

/**
 * The engine's core, the part every command needs: one brain log folded incrementally (the first
 * projection), the write gate every entry passes, and the projections registered on it. Recall and context
 * are facets composed over it (src/engine/recall.ts, context.ts; the full `Brain` in brain.ts), so a command
 * that needs only the core (`brain stats`, `brain add`) loads nothing else at start-up.
 */
export class BrainCore {
  readonly store: EventStore;
  readonly settings: Settings;
  /**
   * The working directory the brain answers for (a new entry's project, the context's default). Only `atCwd`
   * changes it: the resident server answers each served CLI command for the client's directory.
   */
  #cwd: string;
  get cwd(): string {
    return this.#cwd;
  }
  readonly now: () => Date;
  /** Work that may wait until the answer is out (BrainOptions.later; default: at once). */
  readonly later: (work: () => void) => void;
  /** BrainOptions.resident: a long-lived process (files read whole, none held open between uses). */
  readonly resident: boolean;
  readonly random: RandomHex;
  /** The derived views of the logs; refresh, persist, repair and follow loop over them. */
  readonly projections = new Projections();
  /** Everything else that keeps bytes of the brain and must let go of them on a purge (local logs, state). */
  readonly purgeables = new Purgeables();
  readonly folded: FoldedLog;
  readonly gate: WriteGate;
  /** Where episodes live when the caller gave a store for them (else episodes.jsonl beside the log). */
  readonly episodeStore: EventStore | undefined;
  /** Where the brain keeps its local files (src/store/home.ts); null for a store without a directory. */
  readonly home: BrainHome | null;
  /** The personal brain under a project's own one (src/engine/layered.ts); null when not layered. */
  readonly layers: Layers<BrainCore> | null;

  constructor(store: EventStore, opts: BrainOptions) {
    this.store = store;
    this.settings = { ...DEFAULT_SETTINGS, ...opts.settings };
    this.#cwd = opts.cwd ?? process.cwd();
    this.now = opts.now ?? (() => new Date());
    this.later = opts.later ?? ((work) => work());
    this.resident = opts.resident ?? false;
    this.random = opts.random ?? randomHex;
    this.episodeStore = opts.episodes;
    this.home = store.dir ? new BrainHome(store.dir) : null;
    this.folded = this.projections.register(new FoldedLog(store, opts.snapshot ?? true, this.resident));
    this.gate = new WriteGate(store, this.folded, this.settings);
    this.layers = opts.personal ? new Layers(BrainCore.open(Layers.options(opts, opts.personal))) : null;
  }

  /** Run `fn` answering for `cwd` (this core's and its personal layer's), then the directory before. */
  async atCwd<T>(cwd: string, fn: () => Promise<T>): Promise<T> {
    const before = this.#cwd;
    this.#cwd = cwd;
    if (this.layers) this.layers.personal.#cwd = cwd;
    try {
      return await fn();
    } finally {
      this.#cwd = before;
      if (this.layers) this.layers.personal.#cwd = before;
    }
  }

  static open(opts: BrainOptions = {}): BrainCore {
    return new BrainCore(storeFor(opts), opts).start(opts);
  }

  /** Seed a new log with the defaults (unless told not to) and read it. */
  start(opts: BrainOptions): this {
    if (opts.seedDefault ?? true) {
      this.store.createIfMissing(defaultBrain(this.now()).map((e) => JSON.stringify(e)));
    }
    this.folded.load();
    return this;
  }

  /** What every read sees: this brain's fold, or the personal and the project's layered (layered.ts). */
  get state() {
    return this.layers?.state(this.folded.state) ?? this.folded.state;
  }

  get position(): Position {
    return this.folded.position;
  }

  /** Read whatever was appended since the last read (by any process) and fold it in. */
  refresh(): { linesRead: number } {
    this.layers?.personal.refresh();
    return this.folded.refresh();
  }

  /**
   * Fold other writers' commits as the store announces them (a team store's LISTEN/NOTIFY), so a long-lived
   * surface has them folded before its next request asks; every projection catches up, then `onChange` runs.
   * Returns the function that stops following; null when the store cannot announce writes.
   */
  follow(onChange: () => void = () => {}): (() => void) | null {
    if (!this.store.subscribe) return null;
    return this.store.subscribe(() => {
      try {
        const reloads = this.folded.reloads;
        const read = this.refresh().linesRead;
        if (this.folded.reloads !== reloads) {
          // The log was replaced (another machine's purge, a restore): every derived file is rebuilt from it,
          // so none keeps what the new log no longer holds.
          this.projections.drop();
          this.refresh();
          this.persist(true);
          onChange();
        } else if (read > 0) {
          this.projections.catchUp();
          onChange();
        }
      } catch {
        /* the server went away again: the next request's refresh reads what was missed */
      }
    });
  }

  health(): Health {
    return this.folded.health();
  }

  /** `health().badLineCount` without the rest of the report (`brain stats` runs at every session start). */
  badLineCount(): number {
    return this.folded.badLineCount;
  }

  recordsSince(from: Position): { recs: Rec[]; end: Position } {
    return this.folded.recordsSince(from);
  }

  /** The seed's `brain` tool: add | update | remove | list | decay | task_done | task_clear | reminder_run. */
  async act(params: Params): Promise<ActionResult> {
    const [{ checkHead, plan, writes }, { coerceParams }] = await actions();
    const personal = this.layers?.route(params, this.folded.state);
    if (personal) return personal.act(params);
    const raw = withProjectPath({ ...params }, this.state, this.cwd);
    // The action and the entry type first, then parameters (Rho names an unknown type before anything else).
    const action = checkHead(raw);
    const p = coerceParams(raw);
    // A write is planned against the log it goes to (the gate's state); a read against what reads see.
    const env = (validate: (e: Record<string, unknown>) => BaseEntry, state = this.state) => ({
      state,
      now: this.now(),
      sha256,
      random: this.random,
      cwd: this.cwd,
      decayAfterDays: this.settings.decayAfterDays,
      decayMinScore: this.settings.decayMinScore,
      validate,
    });
    if (p.purge === true) {
      this.refresh();
      return removePurged(
        this,
        p,
        plan,
        env((e) => e as BaseEntry),
      );
    }
    // A dry run is a read: planned against the current state, nothing appended, no lock.
    if (!writes(action) || p.dry_run === true) {
      this.refresh();
      return plan(
        p,
        env((e) => e as BaseEntry),
      ).result;
    }
    if (action === "decay") for (const r of this.state.list("learning")) void r.entry;
    // The values as given are guarded (coercion lower-cases tags, which would hide an AWS key id).
    return this.gate.write({
      purpose: action,
      values: [raw],
      plan: (state) => {
        const pl = plan(
          coerceParams(raw),
          env((e) => e as BaseEntry, state),
        );
        return { entries: pl.append, result: pl.result };
      },
    });
  }

  /** Remove what `target` names from every place this brain keeps bytes (src/engine/purge-brain.ts). */
  purge(target: PurgeTarget, purpose: string): Promise<PurgeReport> {
    return purgeBrain(this, target, purpose);
  }

  /**
   * The last version of an entry that is removed now (for undo), read from the log holding its tombstone —
   * over a layered brain, the personal one's when this one's does not; undefined otherwise.
   */
  lastRemoved(id: string): Record<string, unknown> | undefined {
    this.refresh();
    if (!this.folded.state.tombstoned.has(id)) return this.layers?.personal.lastRemoved(id);
    return lastVersion(this.recordsSince(START).recs, id);
  }

  /** Undo a removal (src/engine/restore.ts), in the brain that removed it. */
  restore(entry: Record<string, unknown>): Promise<ActionResult> {
    const id = String(entry.id ?? "");
    const under = this.layers?.personal;
    if (under && id && !this.folded.state.tombstoned.has(id) && under.lastRemoved(id))
      return under.restore(entry);
    return restore(this, entry);
  }

  stats(): string {
    this.refresh();
    return statsLine(this.state);
  }

  heartbeat(): Heartbeat & { text: string } {
    this.refresh();
    const h = heartbeat(this.state, this.now());
    return { ...h, text: formatHeartbeat(h) };
  }

  /** Directory of brain files (beside brain.jsonl); null for a store without a directory. */
  get brainDir(): string | null {
    return this.store.dir;
  }

  /** Append to a brain file (secrets guarded); replacing content needs `cleanupIntent` and keeps a backup. */
  async writeBrainFile(
    name: string,
    text: string,
    opts: { replace?: boolean; cleanupIntent?: string } = {},
  ): Promise<WriteResult> {
    if (!this.brainDir) throw new BrainError("INVALID", "this brain has no directory of brain files");
    const [{ writeBrainFile }, { guardText }] = await brainFileWrite();
    const safe = await guardText("text", text, this.settings);
    return writeBrainFile(this.brainDir, name, safe, { ...opts, now: this.now() });
  }

  /**
   * Import a pre-2026 Rho install (core.jsonl, memory.jsonl, context.jsonl beside brain.jsonl, tasks.jsonl one
   * level up) through the write gate. Legacy files are read, never modified. Returns null when already
   * migrated or nothing to do; an entry the gate refuses is counted as skipped.
   */
  async migrate(): Promise<{ stats: MigrationStats; files: string[] } | null> {
    if (!this.store.file) throw new BrainError("INVALID", "migration needs a file-backed brain");
    const [{ alreadyMigrated, countRefused, planMigration }, { readLegacyFiles }] = await migration();
    const { legacy, found } = readLegacyFiles(this.store.file);
    this.refresh();
    if (found.length === 0 || alreadyMigrated(this.state)) return null;
    const { entries, stats } = planMigration(legacy, this.state, this.now(), sha256, this.random);
    // One write: a concurrent migration finds the marker under the lock and writes nothing. An entry the gate
    // refuses (a secret, a bad field, a duplicate) is skipped and counted.
    const done = await this.gate.write({
      purpose: "migrate",
      values: entries,
      plan: (state, refused) =>
        alreadyMigrated(state)
          ? { entries: [], result: false }
          : { entries: entries.filter((e) => !refused.has(e)), result: true },
      onRefused: (e) => countRefused(stats, e.type),
    });
    return done ? { stats, files: found } : null;
  }

  /** Rewrite the log to its folded state (backup first; temp file + rename). File store only. */
  compact(): CompactReport {
    const m = this.store.maintenance;
    if (!m)
      throw new BrainError(
        "INVALID",
        `compaction is not available for ${this.store.location}: it rewrites a brain.jsonl file, and this log ` +
          "is not one (a team store's table is shared and append-only)",
      );
    const report = m.compact(this.now());
    this.refresh();
    this.persist(true);
    return report;
  }

  /** Safe repairs (backup, terminate a torn tail, drop stale lock and snapshot; `quarantine` bad lines), then re-read. */
  repair(opts: RepairOptions = {}): RepairReport {
    const m = this.store.maintenance;
    if (!m)
      throw new BrainError(
        "INVALID",
        `repair is not available for ${this.store.location}: it mends a brain.jsonl file, and this log is not one`,
      );
    const report = m.repair(this.now(), opts);
    this.projections.drop(); // their files were dropped: rebuilt from the fresh fold below
    this.refresh();
    this.persist(true);
    return report;
  }

  /** The lock file: absent, held, or stale (and why), for `brain doctor`. */
  lockStatus(): LockStatus {
    return this.store.maintenance?.lockStatus() ?? { present: false, stale: false };
  }

  /**
   * The end of a surface's use of this brain (a CLI command, an MCP or pi session): save what is derived if
   * enough changed. Never throws; the brain stays usable. Surfaces reach it through the lifetime helper
   * (src/engine/lifetime.ts) rather than remembering to call it.
   */
  close(): void {
    this.persist();
  }

  /**
   * Save every projection's derived file if enough changed since its last save. Never throws. True when the
   * fold snapshot was saved (what start-up reads first).
   */
  persist(force = false): boolean {
    this.layers?.personal.persist(force);
    return this.projections.persist(force).has(this.folded.name);
  }
}
