/**
 * Pattern detection (seed 003, INSTANT stage 3): keywords of the user's messages that appear in at least
 * three of the recent exchanges. With no stop-list, a word present in more than half of a longer window
 * of exchanges is a common word of the language at hand and is skipped. Each keyword is reported once
 * (seed weight 0.4).
 */
import { clip } from "../tokens.ts";
import { type Candidate, type DetectOptions, LIMITS } from "./types.ts";

type Window = readonly { id: string; keywords: string[] }[];

/** Common words: in more than half of the window, once the window is long enough to tell. */
function common(window: Window): Set<string> {
  const out = new Set<string>();
  if (window.length < 8) return out;
  const df = new Map<string, number>();
  for (const w of window) for (const k of w.keywords) df.set(k, (df.get(k) ?? 0) + 1);
  for (const [k, n] of df) if (n / window.length > 0.5) out.add(k);
  return out;
}

/** The pattern candidate of the window's newest exchange (if any) and the updated reported list. */
export function detectPattern(
  window: Window,
  reported: readonly string[],
  o: DetectOptions,
): { reported: string[]; candidate?: Candidate } {
  const current = window[window.length - 1];
  if (!current) return { reported: [...reported] };
  const recent = window.slice(-LIMITS.recent);
  const skip = common(window);
  const done = new Set(reported);
  const hits: { k: string; ids: string[] }[] = [];
  for (const k of current.keywords) {
    if (done.has(k) || skip.has(k)) continue;
    const ids = recent.filter((w) => w.keywords.includes(k)).map((w) => w.id);
    if (ids.length >= o.patternCount) hits.push({ k, ids });
  }
  if (hits.length === 0) return { reported: [...reported] };
  hits.sort((a, b) => b.ids.length - a.ids.length || (a.k < b.k ? -1 : a.k > b.k ? 1 : 0));
  const top = hits.slice(0, 3);
  const ids = [...new Set(top.flatMap((h) => h.ids))];
  const candidate: Candidate = {
    type: "learning",
    text: clip(`Recurring topic in recent work: ${top.map((h) => h.k).join(", ")}`, LIMITS.textChars),
    reason: "pattern",
    evidence: { ids, signals: top.map((h) => `keyword:${h.k}×${h.ids.length}`), confidence: 0.4 },
  };
  return { reported: [...reported, ...top.map((h) => h.k)].slice(-LIMITS.patterns), candidate };
}
