import type { GraphLimits, GraphNode } from "./types.ts";

/** What pruning needs of the graph (src/graph/graph.ts). */
interface Prunable {
  readonly nodes: Map<string, GraphNode>;
  readonly edges: number;
  readonly limits: GraphLimits;
  weight(n: GraphNode): number;
  remove(id: string): void;
  unlink(a: string, b: string): void;
}

/** Over a cap, the graph is cut to this share of it at once (so a graph at its cap is not pruned every step). */
export const PRUNE_TO = 0.9;

/**
 * Seed 001's caps, weakest first: over `maxNodes`, the nodes of lowest weight (decay applied) go — ties: least
 * recently used, then by id — with their edges; then, over `maxEdges`, the edges of lowest weight — ties:
 * least recently strengthened, then the oldest. The agent itself is never pruned. Deterministic: the same
 * graph is always cut the same way.
 */
export function prune(g: Prunable): void {
  if (g.nodes.size > g.limits.maxNodes) pruneNodes(g, Math.floor(g.limits.maxNodes * PRUNE_TO));
  if (g.edges > g.limits.maxEdges) pruneEdges(g, Math.floor(g.limits.maxEdges * PRUNE_TO));
}

function pruneNodes(g: Prunable, target: number): void {
  const all: { n: GraphNode; w: number }[] = [];
  for (const n of g.nodes.values()) if (n.kind !== "self") all.push({ n, w: g.weight(n) });
  all.sort((a, b) => a.w - b.w || a.n.used - b.n.used || (a.n.id < b.n.id ? -1 : a.n.id > b.n.id ? 1 : 0));
  const drop = Math.min(all.length, g.nodes.size - target);
  for (let i = 0; i < drop; i++) g.remove((all[i] as { n: GraphNode }).n.id);
}

/**
 * The `g.edges - target` weakest edges go. The order (weight, then last strengthened, then serial) is total —
 * serials are unique — so the set to drop is one set whatever finds it; it is found by thresholds over
 * typed arrays (native numeric sorts) rather than sorting half a million edge objects with a comparator,
 * which at the cap took about a second a prune and dominated building the graph of a large brain.
 */
function pruneEdges(g: Prunable, target: number): void {
  const a: string[] = [];
  const b: string[] = [];
  const ws: number[] = [];
  const used: number[] = [];
  const serial: number[] = [];
  for (const n of g.nodes.values())
    for (const [other, e] of n.adj)
      if (n.id < other) {
        a.push(n.id);
        b.push(other);
        ws.push(e.w);
        used.push(e.used);
        serial.push(e.serial);
      }
  const drop = Math.min(a.length, g.edges - target);
  if (drop <= 0) return;
  const all = Array.from(a.keys());
  for (const i of weakest(all, drop, [ws, used, serial])) g.unlink(a[i] as string, b[i] as string);
}

/**
 * The `k` of `ids` smallest by the keys in order (the last key unique among them): below the k-th smallest
 * value of the first key all go; among the ties at that value, the next key decides.
 */
export function weakest(ids: number[], k: number, keys: readonly (readonly number[])[]): number[] {
  if (k >= ids.length) return ids;
  if (k <= 0) return [];
  const [key, ...rest] = keys as [readonly number[], ...(readonly number[])[]];
  const values = Float64Array.from(ids, (i) => key[i] as number).sort();
  const edge = values[k - 1] as number;
  const out: number[] = [];
  const ties: number[] = [];
  for (const i of ids) {
    const v = key[i] as number;
    if (v < edge) out.push(i);
    else if (v === edge) ties.push(i);
  }
  if (rest.length === 0) return out.concat(ties.slice(0, k - out.length));
  return out.concat(weakest(ties, k - out.length, rest));
}
