/**
 * Probes of bench/recall-variants.ts and how a context's text is scored against them (text only, the rules of
 * visible.ts): a probe is answered when every item it needs is present (any one of the item's phrases).
 */

import type { Probe } from "./needles.ts";
import { CATEGORY } from "./report.ts";
import type { Built } from "./variants.ts";
import { evidenceIds, type LocomoSample } from "./variants.ts";
import { answerEligible, answerWords, type Haystack, hasPhrase } from "./visible.ts";

export type { Probe };

/**
 * The shared data's own questions as probes: those whose gold answer is word for word in an evidence turn
 * and not in the question (answer-in-context, as bench/recall.ts counts it), under LoCoMo's category names.
 */
export function originalProbes(s: LocomoSample, built: Built): Probe[] {
  const out: Probe[] = [];
  for (const q of s.qa) {
    const cores = evidenceIds(q.evidence)
      .map((e) => built.turns.get(e)?.core)
      .filter((c): c is string => c !== undefined);
    const answer = answerWords(q.answer);
    if (!answerEligible(q.question, answer, cores)) continue;
    out.push({
      question: q.question,
      category: CATEGORY[q.category] ?? String(q.category),
      needs: [[answer]],
    });
  }
  return out;
}

/** Where a phrase first occurs in the text (word-aligned), or -1. */
export function at(h: Haystack, phrase: readonly string[]): number {
  return phrase.length ? h.padded.indexOf(` ${phrase.join(" ")} `) : -1;
}

/** Share of the probe's items present. */
export function share(h: Haystack, p: Probe): number {
  const met = p.needs.filter((alts) => alts.some((ph) => hasPhrase(h, ph))).length;
  return p.needs.length ? met / p.needs.length : 0;
}

export function answered(h: Haystack, p: Probe): boolean {
  return share(h, p) === 1;
}

/** Extra checks of a class probe, each 0 or 1 (absent when it does not apply), named as in the table. */
export function checks(h: Haystack, p: Probe): Record<string, number> {
  const out: Record<string, number> = {};
  if (p.update) {
    const now = at(h, p.update.latest);
    const before = p.update.earlier.map((e) => at(h, e));
    out["update: latest ahead of every earlier value shown"] =
      now >= 0 && before.every((b) => b < 0 || now < b) ? 1 : 0;
    out["update: latest and every earlier value shown"] = now >= 0 && before.every((b) => b >= 0) ? 1 : 0;
  }
  if (p.category === "multi-session") out["multi-session: share of sessions shown"] = share(h, p);
  if (p.chrono) {
    const [a, b] = [at(h, p.chrono[0]), at(h, p.chrono[1])];
    out["temporal: order, both shown in date order"] = a >= 0 && b >= 0 && a < b ? 1 : 0;
  }
  return out;
}

/** The recalled section of a context's text: from its "## Learnings" header to the next section. */
export function recallSection(text: string): string {
  const start = text.indexOf("## Learnings");
  if (start < 0) return "";
  const end = text.indexOf("\n## ", start + 3);
  return text.slice(start, end < 0 ? text.length : end);
}
