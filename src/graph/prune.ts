import type { Edge, GraphLimits, GraphNode } from "./types.ts";

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

function pruneEdges(g: Prunable, target: number): void {
  const all: { a: string; b: string; e: Edge }[] = [];
  for (const n of g.nodes.values())
    for (const [other, e] of n.adj) if (n.id < other) all.push({ a: n.id, b: other, e });
  all.sort((x, y) => x.e.w - y.e.w || x.e.used - y.e.used || x.e.serial - y.e.serial);
  const drop = Math.min(all.length, g.edges - target);
  for (let i = 0; i < drop; i++) {
    const x = all[i] as { a: string; b: string };
    g.unlink(x.a, x.b);
  }
}
