import { terms } from "./analyze.ts";
import { sentenceStarts } from "./passages.ts";

/**
 * The sentences of a long text that a query needs, for a lower-ranked recalled turn: each sentence holding a
 * query term together with the sentence after it (a value is often told right after the words asked about:
 * "What does Jon's dance make him? … Dancing makes me so happy" / "I signed with a new team. The Wolves!"),
 * best first by the weight of the query terms they hold, as many as fit in `max` characters, shown in text
 * order with "…" where sentences were left out. Undefined when no sentence holds a query term (the turn was
 * placed by a neighbour: its focused preview shows it better). Pure.
 */
export function sentenceSnippet(
  text: string,
  query: string,
  max: number,
  weight: (term: string) => number = () => 1,
): string | undefined {
  const wanted = new Set(terms(query));
  if (wanted.size === 0) return undefined;
  const starts = sentenceStarts(text);
  const sentences = starts.map((s, i) => text.slice(s, starts[i + 1] ?? text.length).trim());
  const scored = sentences
    .map((s, i) => {
      let score = 0;
      for (const t of new Set(terms(s))) if (wanted.has(t)) score += Math.max(0.01, weight(t));
      return { i, score };
    })
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || a.i - b.i);
  if (scored.length === 0) return undefined;
  const chosen = new Set<number>();
  const length = (set: Set<number>) => render(sentences, set).length;
  for (const { i } of scored) {
    const next = new Set(chosen);
    next.add(i);
    if (i + 1 < sentences.length) next.add(i + 1);
    if (length(next) <= max) for (const j of next) chosen.add(j);
    else {
      const alone = new Set(chosen).add(i);
      if (length(alone) <= max) chosen.add(i);
    }
  }
  return chosen.size === 0 ? undefined : render(sentences, chosen);
}

function render(sentences: readonly string[], chosen: ReadonlySet<number>): string {
  const parts: string[] = [];
  for (let i = 0; i < sentences.length; i++) {
    if (chosen.has(i)) parts.push(sentences[i] as string);
    else if (parts[parts.length - 1] !== "…") parts.push("…");
  }
  return parts.join(" ");
}
