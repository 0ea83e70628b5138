import type { WriteResult } from "./brainfiles/write.ts";
import { DEFAULT_SETTINGS, type Settings } from "./config.ts";
import type { ActionResult } from "./core/actions.ts";
import { defaultBrain } from "./core/defaults.ts";
import { BrainError } from "./core/errors.ts";
import { FoldView, type Health } from "./core/health.ts";
import { formatHeartbeat, type Heartbeat, heartbeat } from "./core/heartbeat.ts";
import type { RandomHex, Sha256Hex } from "./core/ids.ts";
import type { MigrationStats } from "./core/migrate.ts";
import type { Params } from "./core/params.ts";
import type { Rec } from "./core/rec.ts";
import { statsLine } from "./core/stats.ts";
import type { BaseEntry } from "./core/types.ts";
import { actions, brainFileWrite, migration, schema } from "./engine-lazy.ts";
import type { BrainOptions } from "./engine-options.ts";
import { storeFor } from "./engine-store.ts";
import { crypto, randomHex } from "./store/crypto.ts";
import {
  type CompactReport,
  type EventStore,
  type LockStatus,
  type RepairReport,
  START,
} from "./store/event-store.ts";
import type { Position } from "./store/scan.ts";

const sha256: Sha256Hex = (s) => crypto().createHash("sha256").update(s).digest("hex");
const realRandom: RandomHex = randomHex;

/** Save a new snapshot once this many lines were parsed beyond the last one. */
const SNAPSHOT_AFTER_LINES = 2000;

/**
 * The engine's core: one brain log, folded incrementally; the writes, counts and maintenance. Recall
 * (src/engine-recall.ts) and context assembly (src/engine.ts, the `Brain` every surface uses) build on it in
 * layers, so a command that needs only the core (`brain stats`) does not load the others at start-up.
 */
export class BrainCore {
  readonly store: EventStore;
  readonly settings: Settings;
  readonly cwd: string;
  readonly now: () => Date;
  protected readonly episodeStore: EventStore | undefined;
  /** The path the learner's local files hang off (BrainOptions.learnPath), when the log is not a file. */
  protected readonly learnPath: string | undefined;
  readonly #random: RandomHex;
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

  protected constructor(store: EventStore, opts: BrainOptions) {
    this.store = store;
    this.settings = { ...DEFAULT_SETTINGS, ...opts.settings };
    this.cwd = opts.cwd ?? process.cwd();
    this.now = opts.now ?? (() => new Date());
    this.#random = opts.random ?? realRandom;
    this.episodeStore = opts.episodes;
    this.learnPath = opts.learnPath;
    this.#useSnapshot = (opts.snapshot ?? true) && store.snapshots !== undefined;
  }

  static open(opts: BrainOptions = {}): BrainCore {
    return new BrainCore(storeFor(opts), opts).start(opts);
  }

  /** Seed a new log with the defaults (unless told not to) and read it. */
  protected start(opts: BrainOptions): this {
    if (opts.seedDefault ?? true) {
      this.store.createIfMissing(defaultBrain(this.now()).map((e) => JSON.stringify(e)));
    }
    this.#load();
    return this;
  }

  #load(): void {
    if (this.#useSnapshot && this.store.snapshots) {
      const snap = this.store.snapshots.load();
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

  /**
   * Read whatever was appended since the last read (by any process) and fold it in. If the log was
   * replaced (compaction, restore) or shrank, the fold starts over from the new file.
   */
  refresh(): { linesRead: number } {
    const id = this.store.identity();
    if (
      this.#generation !== undefined &&
      (id.generation !== this.#generation || id.size < this.#pos.offset)
    ) {
      this.#view = new FoldView();
      this.#pos = START;
      this.loadedFrom = "log";
      this.reloads++;
    }
    this.#generation = id.generation;
    // Nothing appended since the last read: no scan (on a team store, one round trip fewer per call).
    if (id.size === this.#pos.offset && this.#pos.offset > 0) return { linesRead: 0 };
    const r = this.store.scan(this.#pos, this.#view);
    this.#pos = r.end;
    this.#tornTail = r.tornTail ? { line: r.tornTail.line, text: r.tornTail.text } : null;
    this.#linesSinceSnapshot += r.linesRead;
    return { linesRead: r.linesRead };
  }

  /**
   * Fold other writers' commits as the store announces them (a team store's LISTEN/NOTIFY), so a long-lived
   * surface (`brain mcp`) has them folded before its next request asks; `onChange` runs after
   * a fold that read something. Returns the function that stops following; null when the store cannot
   * announce writes (a file store: each request's refresh reads the appended tail).
   */
  follow(onChange: () => void = () => {}): (() => void) | null {
    if (!this.store.subscribe) return null;
    return this.store.subscribe(() => {
      try {
        if (this.refresh().linesRead > 0) {
          this.caughtUp();
          onChange();
        }
      } catch {
        /* the server went away again: the next request's refresh reads what was missed */
      }
    });
  }

  get state() {
    return this.#view.state;
  }

  health(): Health {
    const shared = this.state.sharedIds().flatMap(({ id, records }) =>
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

  get position(): Position {
    return this.#pos;
  }

  /** The seed's `brain` tool: add | update | remove | list | decay | task_done | task_clear | reminder_run. */
  async act(params: Params): Promise<ActionResult> {
    const [{ checkHead, isAction, plan, writes }, { coerceParams }, { guardWrite }] = await actions();
    const raw = { ...params };
    // The action and the entry type first, then parameters (Rho names an unknown type before anything else).
    checkHead(raw);
    // Guard the values as given: coercion lower-cases tags, which hides an AWS key id or a PEM header.
    const a = raw.action;
    if (a === "add" || a === "update" || a === "remove" || a === "reminder_run")
      await guardWrite(raw, this.settings);
    const p = coerceParams(raw);
    const action = p.action;
    // A dry run is a read: planned against the current state, nothing appended, no lock.
    if (!isAction(action) || !writes(action) || p.dry_run === true) {
      this.refresh();
      return plan(
        p,
        this.#env((e) => e as BaseEntry),
      ).result;
    }
    const { validateEntry } = await schema();
    // Work that grows with the brain happens before the lock; under it we only read the tail and append.
    if (action === "add") this.state.dedupIndex();
    if (action === "decay") for (const r of this.state.list("learning")) void r.entry;
    return this.store.withLock(() => {
      this.refresh();
      const pl = plan(p, this.#env(validateEntry));
      if (pl.append.length > 0) {
        this.store.append(pl.append.map((e) => JSON.stringify(e)));
        this.refresh();
      }
      return pl.result;
    }, action);
  }

  /**
   * Undo a removal: append `entry` again under its own id (the fold resurrects a tombstoned id). Only an id
   * that is tombstoned now can be restored (a live one is DUPLICATE, an unknown one NOT_FOUND).
   */
  async restore(entry: Record<string, unknown>): Promise<ActionResult> {
    const [{ guardWrite }, { validateEntry }] = await Promise.all([actions().then(([, , g]) => g), schema()]);
    const id = entry.id;
    if (typeof id !== "string" || !id)
      throw new BrainError("INVALID", "restore requires id", { field: "id" });
    const guarded: Record<string, unknown> = { ...entry, action: "add" };
    await guardWrite(guarded, this.settings); // may redact fields in place
    delete guarded.action;
    return this.store.withLock(() => {
      this.refresh();
      if (this.state.find(id)) throw new BrainError("DUPLICATE", `Entry "${id}" is live: nothing to restore`);
      if (!this.state.tombstoned.has(id))
        throw new BrainError("NOT_FOUND", `No removed entry with id "${id}"`);
      const e = validateEntry({ ...guarded, created: this.now().toISOString() });
      this.store.append([JSON.stringify(e)]);
      this.refresh();
      return { ok: true, action: "add", message: `Restored ${e.type} ${id}`, written: [e], data: { id } };
    }, "restore");
  }

  /**
   * The log's records from `from` on (what was appended since a reader's last look), without folding them;
   * `end` is where the next look starts. For live feeds (the resident server's event stream).
   */
  recordsSince(from: Position): { recs: Rec[]; end: Position } {
    const recs: Rec[] = [];
    const r = this.store.scan(from, {
      rec: (rec) => recs.push(rec),
      bad: () => {},
      unknownType: () => {},
      warning: () => {},
    });
    return { recs, end: r.end };
  }

  #env(validate: (e: Record<string, unknown>) => BaseEntry) {
    return {
      state: this.state,
      now: this.now(),
      sha256,
      random: this.#random,
      cwd: this.cwd,
      decayAfterDays: this.settings.decayAfterDays,
      decayMinScore: this.settings.decayMinScore,
      validate,
    };
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
   * level up). Legacy files are read, never modified. Returns null when already migrated or nothing to do.
   */
  async migrate(): Promise<{ stats: MigrationStats; files: string[] } | null> {
    if (!this.store.file) throw new BrainError("INVALID", "migration needs a file-backed brain");
    const [{ alreadyMigrated, planMigration }, { readLegacyFiles }] = await migration();
    const { legacy, found } = readLegacyFiles(this.store.file);
    this.refresh();
    if (found.length === 0 || alreadyMigrated(this.state)) return null;
    const { validateEntry } = await schema();
    return this.store.withLock(() => {
      this.refresh();
      if (alreadyMigrated(this.state)) return null;
      const { entries, stats } = planMigration(legacy, this.state, this.now(), sha256, this.#random);
      const valid: string[] = [];
      for (const e of entries) {
        try {
          valid.push(JSON.stringify(validateEntry(e)));
        } catch {
          stats.skipped++;
        }
      }
      this.store.append(valid);
      this.refresh();
      return { stats, files: found };
    }, "migrate");
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

  /** Safe repairs (backup, terminate a torn tail, drop stale lock and snapshot), then re-read. */
  repair(): RepairReport {
    const m = this.store.maintenance;
    if (!m)
      throw new BrainError(
        "INVALID",
        `repair is not available for ${this.store.location}: it mends a brain.jsonl file, and this log is not one`,
      );
    const report = m.repair(this.now());
    this.#view = new FoldView();
    this.#pos = START;
    this.#generation = undefined;
    this.dropDerived(); // their files were dropped: rebuilt from the fresh fold below
    this.refresh();
    this.persist(true);
    return report;
  }

  /** The lock file: absent, held, or stale (and why), for `brain doctor`. */
  lockStatus(): LockStatus {
    return this.store.maintenance?.lockStatus() ?? { present: false, stale: false };
  }

  /**
   * The end of a surface's use of this brain (a CLI command, an MCP or pi session): save what is derived
   * (snapshot, recall index) if enough changed. Never throws; the brain stays usable. Surfaces reach it
   * through the lifetime helper (src/lifetime.ts) rather than remembering to call it.
   */
  close(): void {
    this.persist();
  }

  /** Save the fold snapshot (and the recall index) if enough changed since the last save. Never throws. */
  persist(force = false): boolean {
    this.saveDerived(force);
    const snapshots = this.store.snapshots;
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

  /** n random bytes as hex, from the generator this brain was opened with (seeded in tests). */
  protected randomHex(bytes: number): string {
    return this.#random(bytes);
  }

  /** Save derived state a layer above keeps (the recall index); the core keeps none. */
  protected saveDerived(_force: boolean): void {}

  /** Bring derived state a layer above keeps up to the fold, after `follow` read new records. */
  protected caughtUp(): void {}

  /** Forget derived state a layer above keeps, after a repair dropped its files. */
  protected dropDerived(): void {}
}
