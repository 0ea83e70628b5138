import type { Settings } from "./config.ts";
import type { RandomHex } from "./core/ids.ts";
import type { EventStore } from "./store/event-store.ts";

/** How a Brain is opened: where its log is, its settings, and the clock and randomness it uses. */
export interface BrainOptions {
  /** Path of brain.jsonl (ignored when `store` is given). */
  path?: string;
  store?: EventStore;
  settings?: Partial<Settings>;
  /** Clock; defaults to the real one. */
  now?: () => Date;
  random?: RandomHex;
  cwd?: string;
  /** Write the default brain when the log does not exist (default true, as Rho does on first run). */
  seedDefault?: boolean;
  /** Use and maintain the on-disk fold snapshot (file store only; default true). */
  snapshot?: boolean;
  /** Where episodes live (default: episodes.jsonl beside brain.jsonl; in memory for a store without a path). */
  episodes?: EventStore;
}
