import type { Seen } from "../learn/cursor-identity.ts";
import type { BrainHome } from "../store/home.ts";
import { type DocSpec, JsonDoc } from "../store/json-doc.ts";
import type { Position } from "../store/scan.ts";

/**
 * `.brain/improve-state.json`: where the ledger's reader of the tool-event log stands, when the cycle, the
 * dedup scan, the template sync and the DEEP export last ran, and the opportunities a cycle already handled
 * (SHA-256 of each normalised opportunity → when). Hashes, positions and times: no text of the user's.
 */
export interface ImproveState {
  v: 1;
  /** The tool-event log read so far: its position, what it held before it, the last event's time. */
  toolEvents?: Position & { seen?: Seen; lastAt?: string };
  lastCycle?: string;
  lastDedup?: string;
  lastDeep?: string;
  /** Brain's version whose templates were last merged into the brain files. */
  syncedVersion?: string;
  /** The template sections already offered to each brain file (a template sync appends only new ones). */
  offered?: Record<string, string[]>;
  handled: Record<string, string>;
}

/** Handled opportunities kept (the oldest go first): a cycle never proposes one of these again. */
const MAX_HANDLED = 5000;

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

export const IMPROVE_STATE_DOC: DocSpec<ImproveState> = {
  file: "improveState",
  check: (v) =>
    isObj(v) && v.v === 1 && isObj(v.handled)
      ? (v as unknown as ImproveState)
      : { problem: "not improve state" },
  empty: () => ({ v: 1, handled: {} }),
  purged: (doc) => doc,
};

export function loadState(home: BrainHome): ImproveState {
  return new JsonDoc(home, IMPROVE_STATE_DOC).load();
}

export function saveState(home: BrainHome, s: ImproveState): void {
  const keys = Object.keys(s.handled);
  if (keys.length > MAX_HANDLED) {
    const kept = keys
      .sort((a, b) => (s.handled[b] ?? "").localeCompare(s.handled[a] ?? ""))
      .slice(0, MAX_HANDLED);
    s.handled = Object.fromEntries(kept.map((k) => [k, s.handled[k] as string]));
  }
  home.ensureLocal();
  new JsonDoc(home, IMPROVE_STATE_DOC).save(s, false);
}

/** Change the state under the cycle's lock holder's control: load, change, save. */
export function updateState(home: BrainHome, f: (s: ImproveState) => void): ImproveState {
  const s = loadState(home);
  f(s);
  saveState(home, s);
  return s;
}
