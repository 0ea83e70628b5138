import type { Graph } from "./graph.ts";
import { nodeId } from "./types.ts";

/**
 * What a prompt matches (seed 003's BEFORE_PROMPT): the concept nodes of its keywords whose weight is at or
 * above minWeight, then the memories shown beside it that the graph has — in that order, each once. The fold
 * applies it to a prompt event (src/graph/apply.ts) and the prompt step to a prompt (src/graph/prompt.ts): the
 * same rule, so what a prompt was shown and what the graph boosted agree.
 */
export function matchedBy(g: Graph, keys: readonly string[], shown: readonly string[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const min = g.limits.minWeight;
  for (const k of keys) {
    const id = nodeId("concept", k);
    const n = g.get(id);
    if (n && !seen.has(id) && g.weight(n) >= min) {
      seen.add(id);
      out.push(id);
    }
  }
  for (const id of shown)
    if (!seen.has(id) && g.get(id)) {
      seen.add(id);
      out.push(id);
    }
  return out;
}
