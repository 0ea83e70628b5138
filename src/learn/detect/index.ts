/**
 * INSTANT detection on one user/assistant exchange (issue 11 step 3; seed 003 "Detection Pipeline", stages
 * 1–3: corrections, preferences, patterns). Pure: takes the previous state and returns the next one with
 * the candidate memories; the input state is never changed, so a worker can persist either.
 */
import { correctionCandidate, correctionSignals } from "./correction.ts";
import { keywords } from "./keywords.ts";
import { detectPattern } from "./pattern.ts";
import { trackPreferences } from "./preference.ts";
import {
  type Candidate,
  DEFAULT_DETECT,
  type DetectOptions,
  type DetectState,
  type Exchange,
  LIMITS,
} from "./types.ts";

export * from "./types.ts";

export function detect(
  state: DetectState,
  ex: Exchange,
  options: Partial<DetectOptions> = {},
): { state: DetectState; candidates: Candidate[] } {
  const o = { ...DEFAULT_DETECT, ...options };
  const seq = state.seq + 1;
  const id = ex.id ?? String(seq);
  const candidates: Candidate[] = [];

  const corr = correctionSignals(ex, state.lastAssistant, o);
  if (corr) candidates.push(correctionCandidate(ex, id, corr));

  const prefs = trackPreferences(state.clusters, ex.user, id, o);
  candidates.push(...prefs.candidates);

  // Patterns follow what the user keeps bringing up: answers repeat the language's common words too often.
  const own = keywords(ex.user).slice(0, LIMITS.keywordsPerExchange);
  const window = [...state.window, { id, keywords: own }].slice(-LIMITS.history);
  const pat = detectPattern(window, state.patterns, o);
  if (pat.candidate) candidates.push(pat.candidate);

  return {
    state: {
      version: 1,
      seq,
      window,
      lastAssistant: keywords(ex.assistant).slice(0, LIMITS.keywordsPerExchange),
      clusters: prefs.clusters,
      patterns: pat.reported,
    },
    candidates,
  };
}
