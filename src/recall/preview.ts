import { terms, tokenize } from "./analyze.ts";

/**
 * A focused preview of a long text for a query (seed 002's "focused items with short previews"): the
 * sentence sharing the most query terms, widened with its neighbours while it fits `max` characters, with
 * "…" where text was left out. Short texts, and texts sharing no term with the query, come back whole or
 * cut at `max`.
 */
export function focusedPreview(text: string, query: string, max: number): string {
  if (text.length <= max) return text;
  const wanted = new Set(terms(query));
  const sentences = text.split(/(?<=[.!?])\s+/);
  let best = 0;
  let bestHits = -1;
  sentences.forEach((s, i) => {
    let hits = 0;
    for (const t of tokenize(s)) if (wanted.has(terms(t)[0] ?? "")) hits++;
    if (hits > bestHits) {
      bestHits = hits;
      best = i;
    }
  });
  let from = best;
  let to = best;
  const len = () => sentences.slice(from, to + 1).join(" ").length;
  for (;;) {
    const grew =
      (to + 1 < sentences.length && (sentences[to + 1]?.length ?? 0) + len() + 1 <= max - 2 && ++to > 0) ||
      (from > 0 && (sentences[from - 1]?.length ?? 0) + len() + 1 <= max - 2 && from-- > 0);
    if (!grew) break;
  }
  let out = sentences.slice(from, to + 1).join(" ");
  if (out.length > max - 2) out = `${out.slice(0, max - 2)}`;
  return `${from > 0 ? "…" : ""}${out}${to < sentences.length - 1 || out.length < len() ? "…" : ""}`;
}
