/**
 * INSTANT detection on one user/assistant exchange (issue 11 step 3, seed 003 "Detection Pipeline"; issue 23).
 * Each message the user typed is read for content cues and structure (statement.ts): an explicit request, a
 * standing rule, a correction that states how things are, a preference — one candidate a message, its text
 * the durable fact, its evidence that message. A statement repeated in two exchanges is a preference in the
 * making (preference.ts): it reinforces what was proposed, and without the cue table it is proposed itself.
 * A message read before (the same words again) proposes nothing again. Seed 003's length-ratio corrections
 * and keyword patterns are kept behind `seed003` (measured: they proposed mostly noise). Pure: takes the
 * previous state and returns the next one; the input state is never changed.
 */
import { duplicateKey } from "../curator/hash.ts";
import { clip } from "../tokens.ts";
import { correctionCandidate, correctionSignals } from "./correction.ts";
import { keywords } from "./keywords.ts";
import { detectPattern } from "./pattern.ts";
import { trackPreferences } from "./preference.ts";
import { readStatements, type Statement } from "./statement.ts";
import { stepTerms } from "./structure.ts";
import {
  type Candidate,
  type CandidateReason,
  DEFAULT_DETECT,
  type DetectOptions,
  type DetectState,
  type Exchange,
  LIMITS,
} from "./types.ts";

export * from "./types.ts";

/** One candidate from a message's statements: the strongest kind, the facts joined. */
function fromStatements(st: Statement[], id: string): Candidate {
  const top = [...st].sort((a, b) => b.confidence - a.confidence)[0] as Statement;
  const parts = st.slice(0, LIMITS.statementsPerCandidate).map((s) => s.fact.replace(/[.。!！]*$/u, ""));
  const text = clip(
    `${parts.join(". ")}${/[\p{Script=Han}]$/u.test(parts.at(-1) ?? "") ? "。" : "."}`,
    LIMITS.textChars,
  );
  const reason: CandidateReason = top.kind;
  return {
    type: top.kind === "preference" ? "preference" : "learning",
    text,
    ...(top.kind === "preference" ? { category: "General" } : {}),
    reason,
    evidence: { ids: [id], signals: [...new Set(st.flatMap((s) => s.signals))], confidence: top.confidence },
  };
}

export function detect(
  state: DetectState,
  ex: Exchange,
  options: Partial<DetectOptions> = {},
): { state: DetectState; candidates: Candidate[] } {
  const o = { ...DEFAULT_DETECT, ...options };
  const seq = state.seq + 1;
  const id = ex.id ?? String(seq);
  const candidates: Candidate[] = [];
  const prev = new Set(state.prevTerms);
  const seen = [...state.seen];
  let clusters = state.clusters;

  for (const turn of ex.turns ?? [{ id, text: ex.user }]) {
    const key = duplicateKey(turn.text);
    const again = key === undefined || seen.includes(key);
    if (key !== undefined && !again) seen.push(key);
    const st = again ? [] : readStatements(turn.text, prev, { cueTable: o.cueTable });
    const prefs = trackPreferences(clusters, turn.text, turn.id, o, st.length > 0);
    clusters = prefs.clusters;
    // A restated fact was proposed when first said: the repetition is not a second proposal.
    if (st.length && !prefs.restated) candidates.push(fromStatements(st, turn.id));
    if (o.repeated ?? !o.cueTable) candidates.push(...prefs.candidates);
  }

  if (o.seed003) {
    const corr = correctionSignals(ex, state.lastAssistant, o);
    if (corr) candidates.push(correctionCandidate(ex, id, corr));
  }
  // Patterns follow what the user keeps bringing up: answers repeat the language's common words too often.
  const own = keywords(ex.user).slice(0, LIMITS.keywordsPerExchange);
  const window = [...state.window, { id, keywords: own }].slice(-LIMITS.history);
  const pat = detectPattern(window, state.patterns, o);
  if (pat.candidate && o.seed003) candidates.push(pat.candidate);

  return {
    state: {
      version: 2,
      seq,
      window,
      lastAssistant: keywords(ex.assistant).slice(0, LIMITS.keywordsPerExchange),
      clusters,
      patterns: pat.reported,
      prevTerms: [...stepTerms(ex.assistant, ex.tools ?? [])].slice(0, LIMITS.prevTerms),
      seen: seen.slice(-LIMITS.seen),
    },
    candidates,
  };
}
