/**
 * Preference detection across interactions (seed 003, INSTANT stage 2): the user's short declarative
 * statements (15–150 characters, not questions) are clustered by keyword overlap; a cluster that recurs in
 * at least two distinct exchanges becomes a preference candidate (seed weight 0.7), reported once.
 */
import { clip, sentences } from "../tokens.ts";
import { keywords } from "./keywords.ts";
import { type Candidate, type DetectOptions, LIMITS, type PreferenceCluster } from "./types.ts";

/** Question marks of several scripts at the end, or an inverted one at the start (Spanish). */
const QUESTION = /[?？؟⸮\u037e]\s*$|^\s*¿/u;

/** The user's short declarative statements, each with its distinct keywords (short words say little). */
export function statements(user: string, o: DetectOptions): { text: string; tokens: string[] }[] {
  const out: { text: string; tokens: string[] }[] = [];
  for (const s of sentences(user)) {
    if (s.length < o.statementMin || s.length > o.statementMax || QUESTION.test(s)) continue;
    const tokens = keywords(s);
    if (tokens.length >= 2) out.push({ text: s, tokens });
  }
  return out;
}

/** Overlap coefficient |A∩B| / min(|A|,|B|) of two keyword lists, with at least two shared keywords. */
export function similar(a: readonly string[], b: readonly string[]): boolean {
  const small = a.length <= b.length ? a : b;
  const big = new Set(a.length <= b.length ? b : a);
  let shared = 0;
  for (const t of small) if (big.has(t)) shared++;
  return shared >= 2 && shared / small.length >= 0.6;
}

/**
 * Adds this message's statements to the clusters (a new array; the input is not changed) and returns the
 * candidates of clusters that just reached `preferenceInteractions` distinct exchanges. `claimed`: the
 * message made a proposal of its own, so its clusters count as proposed; `restated` says a statement joined
 * a cluster proposed before (the user said it again).
 */
export function trackPreferences(
  clusters: readonly PreferenceCluster[],
  user: string,
  id: string,
  o: DetectOptions,
  claimed = false,
): { clusters: PreferenceCluster[]; candidates: Candidate[]; restated: boolean } {
  const next = clusters.map((c) => ({ ...c }));
  const candidates: Candidate[] = [];
  let restated = false;
  for (const st of statements(user, o)) {
    const i = next.findIndex((c) => similar(c.tokens, st.tokens));
    if (i < 0) {
      next.push({
        text: st.text,
        tokens: st.tokens.slice(0, LIMITS.clusterTokens),
        ids: [id],
        emitted: claimed,
      });
      continue;
    }
    const c = next.splice(i, 1)[0] as PreferenceCluster;
    if (c.emitted && !c.ids.includes(id)) restated = true;
    const ids = c.ids.includes(id) ? c.ids : [...c.ids, id].slice(-LIMITS.clusterIds);
    const tokens = [...new Set([...c.tokens, ...st.tokens])].slice(0, LIMITS.clusterTokens);
    const reached = !c.emitted && !claimed && ids.length >= o.preferenceInteractions;
    // The newest wording is kept: restated preferences tend to get shorter and sharper.
    next.push({ text: st.text, tokens, ids, emitted: c.emitted || reached || claimed });
    if (reached) {
      candidates.push({
        type: "preference",
        text: clip(st.text, LIMITS.textChars),
        category: "General",
        reason: "repeated",
        evidence: { ids: [...ids], signals: ["declarative", "recurring"], confidence: 0.6 },
      });
    }
  }
  return { clusters: next.slice(-LIMITS.clusters), candidates, restated };
}
