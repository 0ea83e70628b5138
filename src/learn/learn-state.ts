import type { BrainHome } from "../store/home.ts";
import { type DocSpec, JsonDoc } from "../store/json-doc.ts";
import type { PurgeTarget } from "../store/purge-target.ts";
import { Curator } from "./curator/curator.ts";
import { type DetectState, emptyDetectState } from "./detect/index.ts";

/**
 * The learner's model-free memory between runs: the SELECTION curator (`.brain/curator.json`) and the
 * INSTANT detectors' state (`.brain/detect.json`). Derived statistics (term counts, keyword windows,
 * preference clusters), replaced atomically; an unreadable file is set aside and that part starts afresh. Both
 * hold words of what the user said, so a purge that names a session or a text resets them: they are rebuilt
 * from what the learner reads next (what is forgotten is not read again).
 */
const resetOnPurge = <T>(doc: T, target: PurgeTarget): T | null =>
  target.sessions.size > 0 || target.texts.length > 0 || target.episodes.size > 0 ? null : doc;

const CURATOR_DOC: DocSpec<Curator> = {
  file: "curator",
  empty: () => new Curator(),
  check: (v) => {
    try {
      return Curator.fromJSON(v);
    } catch (e) {
      return { problem: `not a curator state: ${(e as Error).message}` };
    }
  },
  purged: resetOnPurge,
};

export const DETECT_DOC: DocSpec<DetectState> = {
  file: "detect",
  empty: emptyDetectState,
  check: (v) => {
    const s = v as (Omit<DetectState, "version"> & { version: number }) | null;
    if (!s || (s.version !== 1 && s.version !== 2) || !Array.isArray(s.window) || !Array.isArray(s.clusters))
      return { problem: "not the detectors' state (version 1 or 2)" };
    // Version 1 had no step terms nor seen messages: they start empty.
    return {
      ...s,
      version: 2,
      prevTerms: Array.isArray(s.prevTerms) ? s.prevTerms : [],
      seen: Array.isArray(s.seen) ? s.seen : [],
    };
  },
  purged: resetOnPurge,
};

/** The learner's state documents, for the engine's purge (src/engine/local-state.ts). */
export const LEARNER_DOCS: readonly DocSpec<unknown>[] = [
  CURATOR_DOC as DocSpec<unknown>,
  DETECT_DOC as DocSpec<unknown>,
];

/** The saved curator, its threshold set from the configuration (the config wins over the saved value). */
export function loadCurator(home: BrainHome, threshold: number): Curator {
  const c = new JsonDoc(home, CURATOR_DOC).load();
  c.setThreshold(threshold);
  return c;
}

/** Saved through its `toJSON()` (JSON.stringify calls it). */
export function saveCurator(home: BrainHome, c: Curator, durable = true): void {
  new JsonDoc(home, CURATOR_DOC).save(c, durable);
}

export function loadDetect(home: BrainHome): DetectState {
  return new JsonDoc(home, DETECT_DOC).load();
}

export function saveDetect(home: BrainHome, s: DetectState, durable = true): void {
  new JsonDoc(home, DETECT_DOC).save(s, durable);
}
