import { graphLogSpec } from "../graph/log-spec.ts";
import type { Analyzer } from "../graph/types.ts";
import { processTerm, tokenize } from "../recall/analyze.ts";

/** The recall index's tokenizer, word by word: a concept is what a search term is, in every script. */
export const GRAPH_ANALYZER: Analyzer = (text) => {
  const out: { term: string; surface: string }[] = [];
  for (const t of tokenize(text)) {
    const term = processTerm(t);
    if (term) out.push({ term, surface: t });
  }
  return out;
};

/** `.brain/graph-events.jsonl` (listed in src/engine/local-state.ts, so a purge reaches it). */
export const GRAPH_LOG = graphLogSpec(GRAPH_ANALYZER);
