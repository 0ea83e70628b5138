/**
 * Correction detection by structure (seed 003, INSTANT stage 1): a short prompt answered at length
 * (ratio > 2.5:1), a very short prompt (< 50 chars) with a substantial response (> 100), and a response
 * that brings vocabulary the prompt did not have. Any two of the three make a candidate; a prompt that
 * reuses words of the previous answer (a reaction to it) raises the confidence within seed's 0.5–0.85.
 */
import { clip, sentences } from "../tokens.ts";
import { keywords, tokenSet } from "./keywords.ts";
import { type Candidate, type DetectOptions, type Exchange, LIMITS } from "./types.ts";

export interface CorrectionSignals {
  signals: string[];
  confidence: number;
}

/** The share of the response's distinct words that the prompt does not contain (0 for an empty response). */
export function tokenNovelty(prompt: string, response: string): number {
  const p = tokenSet(prompt);
  const r = tokenSet(response);
  if (r.size === 0) return 0;
  let fresh = 0;
  for (const t of r) if (!p.has(t)) fresh++;
  return fresh / r.size;
}

export function correctionSignals(
  ex: Exchange,
  lastAssistant: readonly string[],
  o: DetectOptions,
): CorrectionSignals | undefined {
  const u = ex.user.trim();
  const a = ex.assistant.trim();
  if (u.length === 0 || a.length === 0) return undefined;
  const signals: string[] = [];
  if (a.length / u.length > o.ratio) signals.push("ratio");
  if (u.length < o.shortPrompt && a.length > o.longResponse) signals.push("short-prompt");
  if (tokenNovelty(u, a) >= o.novelty) signals.push("novelty");
  if (signals.length < 2) return undefined;
  const prev = new Set(lastAssistant);
  if (keywords(u).some((k) => prev.has(k))) signals.push("refers-back");
  // Two signals → 0.5, each further one adds half of the remaining 0.35.
  const confidence = Math.round((0.5 + (0.35 * (signals.length - 2)) / 2) * 1000) / 1000;
  return confidence >= o.minCorrectionConfidence ? { signals, confidence } : undefined;
}

/** The memory a correction proposes: the user's words and the gist (first sentence) of the answer. */
export function correctionCandidate(ex: Exchange, id: string, s: CorrectionSignals): Candidate {
  const gist = sentences(ex.assistant)[0] ?? ex.assistant;
  const user = clip(ex.user, 80);
  const text = clip(`Correction: "${user}" → ${gist}`, LIMITS.textChars);
  return {
    type: "learning",
    text,
    reason: "correction",
    evidence: { ids: [id], signals: s.signals, confidence: s.confidence },
  };
}
