import type { Graph } from "./graph.ts";
import { itemDegree } from "./prompt.ts";
import { type GraphNode, kindOf, nodeId } from "./types.ts";

/** One ranked item as the recall ranker hands it over (src/recall/rank.ts `Ranked`). */
export interface Ranked<K extends string = string> {
  id: string;
  kind: K;
  score: number;
}

/**
 * The graph stage's knobs (tuned with bench/graph-recall.ts on half of LoCoMo's conversations, reported on
 * the other half): how many of the best items seed the walk, how many concepts it goes through, how common a
 * concept may be, and how much what it finds weighs against the lexical score (the best item is 1).
 */
export const EXPAND = { seeds: 10, concepts: 16, maxShare: 0.05, weight: 0.1, neighbour: 0.5, query: 1 };

const itemNode = (kind: string, id: string) => nodeId(kind === "episode" ? "episode" : "memory", id);

/**
 * Graph-expanded ranking: facts one or two hops from what the query matched can enter the ranking. The best
 * lexical items seed a walk: item → the specific concepts it holds (not the query's own words; weighted by
 * how rare they are in the brain and how good the item was) → the other items holding the strongest of those
 * concepts; and item → the items it is linked to directly (the next turn, what a prompt matched). What the
 * walk reaches is added to the lexical score, scaled to `weight` of the best item's; items the lexical ranking
 * did not have enter with that score alone. `kindOf` says what an item node is in the caller's terms
 * (undefined: not wanted). Pure; deterministic.
 */
export function expandRanking<K extends string>(
  g: Graph,
  ranked: readonly Ranked<K>[],
  queryTerms: readonly string[],
  kindOf_: (node: GraphNode) => K | undefined,
  knobs: Partial<typeof EXPAND> = {},
): Ranked<K>[] {
  const k = { ...EXPAND, ...knobs };
  if (ranked.length === 0 || k.weight <= 0) return [...ranked];
  const max = Math.max(...ranked.slice(0, k.seeds).map((r) => r.score));
  if (!(max > 0)) return [...ranked];
  const items = g.counts.memory + g.counts.episode;
  const maxDegree = Math.max(2, items * k.maxShare);
  const query = new Set(queryTerms.map((t) => nodeId("concept", t)));
  const concept = new Map<string, number>();
  const direct = new Map<string, number>();
  for (const r of ranked.slice(0, k.seeds)) {
    const n = g.get(itemNode(r.kind, r.id));
    if (!n) continue;
    const a = r.score / max;
    for (const [other, e] of n.adj) {
      const kind = kindOf(other);
      if (kind === "concept") {
        if (query.has(other)) continue;
        const d = itemDegree(g.get(other) as GraphNode);
        if (d < 2 || d > maxDegree) continue;
        concept.set(other, (concept.get(other) ?? 0) + a * Math.log(1 + items / d));
      } else if (kind === "episode" || kind === "memory") {
        direct.set(other, (direct.get(other) ?? 0) + a * g.ew(e) * k.neighbour);
      }
    }
  }
  // Query-side: the concepts that keep company with the query's own specific concepts, across the brain.
  if (k.query > 0)
    for (const q of query) {
      const qn = g.get(q);
      if (!qn) continue;
      const dq = itemDegree(qn);
      if (dq < 1 || dq > maxDegree) continue;
      for (const item of qn.adj.keys()) {
        const ik = kindOf(item);
        if (ik !== "episode" && ik !== "memory") continue;
        for (const c of (g.get(item) as GraphNode).adj.keys()) {
          if (kindOf(c) !== "concept" || query.has(c)) continue;
          const d = itemDegree(g.get(c) as GraphNode);
          if (d < 2 || d > maxDegree) continue;
          concept.set(c, (concept.get(c) ?? 0) + (k.query / dq) * Math.log(1 + items / d));
        }
      }
    }
  const top = [...concept].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1)).slice(0, k.concepts);
  const gain = new Map(direct);
  for (const [c, w] of top)
    for (const [other, e] of (g.get(c) as GraphNode).adj) {
      const kind = kindOf(other);
      if (kind === "episode" || kind === "memory") gain.set(other, (gain.get(other) ?? 0) + w * g.ew(e));
    }
  let best = 0;
  for (const v of gain.values()) if (v > best) best = v;
  if (best === 0) return [...ranked];
  const out = new Map<string, Ranked<K>>();
  for (const r of ranked) out.set(itemNode(r.kind, r.id), { ...r });
  for (const [node, v] of gain) {
    const add = (k.weight * max * v) / best;
    const cur = out.get(node);
    if (cur) cur.score += add;
    else {
      const kind = kindOf_(g.get(node) as GraphNode);
      if (kind !== undefined) out.set(node, { id: node.slice(2), kind, score: add });
    }
  }
  return [...out.values()].sort((a, b) => b.score - a.score);
}
