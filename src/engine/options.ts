import type { ResolvedConfig, Settings, TeamStoreConfig } from "../config.ts";
import type { RandomHex } from "../core/ids.ts";
import type { EventStore } from "../store/event-store.ts";
import { BrainHome } from "../store/home.ts";

/** How a Brain is opened: where its log is, its settings, and the clock and randomness it uses. */
export interface BrainOptions {
  /** Path of brain.jsonl (ignored when `store` or `team` is given). */
  path?: string;
  store?: EventStore;
  /** A team store on a PostgreSQL server, opened (its driver loaded) only when given. */
  team?: TeamStoreConfig;
  settings?: Partial<Settings>;
  /** Clock; defaults to the real one. */
  now?: () => Date;
  random?: RandomHex;
  cwd?: string;
  /**
   * Write the default brain when the log does not exist (Rho copies it on its first run). Default true for a
   * library caller; every surface opens with false (brainOptions): for Brain the first run is `brain init`,
   * and a brain a hook, a server or a write starts implicitly starts empty.
   */
  seedDefault?: boolean;
  /** Use and maintain the on-disk fold snapshot (file store only; default true). */
  snapshot?: boolean;
  /** fsync after every append to the file store (default true). */
  fsync?: boolean;
  /** How long a writer waits for the file store's lock (default 5 s). */
  lockTimeoutMs?: number;
  /** Where episodes live (default: episodes.jsonl beside brain.jsonl; in memory for a store without a path). */
  episodes?: EventStore;
  /** The personal brain.jsonl this (project's) brain layers over (src/engine/layered.ts); none: not layered. */
  personal?: string;
  /**
   * Runs work that may wait until the caller's answer is out — the resident server passes "when the event loop
   * turns next", so a prompt's graph event is written after its answer; default: at once.
   */
  later?: (work: () => void) => void;
  /**
   * A long-lived process (the resident server): the recall index and the fold snapshot are read whole when
   * loaded and their files closed (a purge by another process frees their bytes). Default: a command reads the
   * sections it needs and holds the files until it exits.
   */
  resident?: boolean;
}

/** The options a surface opens its brain with, from the configuration resolved once at its entry point. */
export function brainOptions(config: ResolvedConfig, cwd: string): BrainOptions {
  const fixed = config.fixedNow;
  return {
    path: config.brainPath,
    ...(config.store ? { team: config.store } : {}),
    ...(config.personalBrainPath ? { personal: config.personalBrainPath } : {}),
    settings: config,
    cwd,
    seedDefault: false,
    snapshot: config.snapshot,
    fsync: config.fsync,
    ...(config.lockTimeoutMs !== undefined ? { lockTimeoutMs: config.lockTimeoutMs } : {}),
    ...(fixed ? { now: () => new Date(fixed.getTime()) } : {}),
  };
}

export type { RepairReport } from "../store/event-store.ts";
export type { BrainHome } from "../store/home.ts";

/**
 * The home of the configured brain (its local files: the learner's queue and state, the inbox, the server's
 * state), found without opening its store: beside the resolved brain.jsonl, or a team store's local directory.
 * The same place `BrainCore.home` names once the store is open.
 */
export function homeOf(config: Pick<ResolvedConfig, "brainPath" | "store">): BrainHome {
  return BrainHome.of(config);
}

/** Refuses a brain path that cannot hold a brain (procfs, a fifo, a directory …) before anything is read. */
export { assertUsableLogPath as assertUsableBrainPath } from "../store/file-kind.ts";
