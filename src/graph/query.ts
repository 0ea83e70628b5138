import type { Graph } from "./graph.ts";
import { type Analyzer, type GraphNode, kindOf, type NodeKind, nodeId, SELF } from "./types.ts";

/** One node as the surfaces show it (CLI, MCP, pi, HTTP, viewer). */
export interface NodeView {
  /** Its stable reference (`brain graph show <ref>`). */
  ref: string;
  kind: NodeKind;
  title: string;
  /** Its weight now (decay applied). */
  weight: number;
  /** How many edges it has. */
  edges: number;
  created: string;
  used: string;
}

export interface NeighbourView extends NodeView {
  /** The weight of the edge to it. */
  link: number;
}

/** A node's title: a concept's word, a memory's or turn's text (from its log), a path, a URL. */
export type Titles = (n: GraphNode) => string;

const iso = (ms: number) => (Number.isFinite(ms) ? new Date(ms).toISOString() : "");

export function view(g: Graph, n: GraphNode, title: Titles): NodeView {
  return {
    ref: n.id,
    kind: n.kind,
    title: title(n),
    weight: Math.round(g.weight(n) * 1000) / 1000,
    edges: n.adj.size,
    created: iso(n.created),
    used: iso(n.used),
  };
}

/**
 * The node a user or agent names: a reference as shown (`c:postgr`, `m:1a2b3c4d`, `self`), else a word or a
 * phrase looked up as a concept (its index term, so "Postgres" finds c:postgr; a phrase an import brought,
 * "dark mode", as itself first).
 */
export function resolve(g: Graph, q: string, analyze: Analyzer): GraphNode | undefined {
  const s = q.trim();
  if (!s) return undefined;
  if (kindOf(s) || s === SELF) {
    const n = g.get(s);
    if (n) return n;
  }
  const terms = analyze(s).map((w) => w.term);
  const phrase = g.get(nodeId("concept", s.toLowerCase())) ?? g.get(nodeId("concept", terms.join(" ")));
  if (phrase) return phrase;
  for (const t of terms) {
    const n = g.get(nodeId("concept", t));
    if (n) return n;
  }
  return undefined;
}

/** A node's neighbours, strongest first (edge weight × the neighbour's weight), at most `limit`. */
export function neighbours(
  g: Graph,
  n: GraphNode,
  title: Titles,
  opts: { limit?: number; kinds?: readonly NodeKind[] } = {},
): NeighbourView[] {
  const out: { v: NeighbourView; s: number }[] = [];
  for (const [id, e] of n.adj) {
    const m = g.get(id) as GraphNode;
    if (opts.kinds && !opts.kinds.includes(m.kind)) continue;
    const w = g.ew(e);
    const v = { ...view(g, m, title), link: Math.round(w * 1000) / 1000 };
    out.push({ v, s: w * g.weight(m) });
  }
  out.sort((a, b) => b.s - a.s || (a.v.ref < b.v.ref ? -1 : 1));
  return out.slice(0, opts.limit ?? 20).map((x) => x.v);
}

export interface GraphStats {
  nodes: number;
  edges: number;
  byKind: Record<NodeKind, number>;
  decayTicks: number;
  limits: { maxNodes: number; maxEdges: number; minWeight: number };
}

export function stats(g: Graph): GraphStats {
  return {
    nodes: g.nodes.size,
    edges: g.edges,
    byKind: { ...g.counts },
    decayTicks: g.ticks.length,
    limits: { ...g.limits },
  };
}

/** The edges among a set of nodes (to draw a neighbourhood as a graph): [a, b, weight]. */
export function linksAmong(g: Graph, refs: readonly string[]): [string, string, number][] {
  const set = new Set(refs);
  const out: [string, string, number][] = [];
  for (const r of refs) {
    const n = g.get(r);
    if (!n) continue;
    for (const [o, e] of n.adj) if (set.has(o) && r < o) out.push([r, o, Math.round(g.ew(e) * 1000) / 1000]);
  }
  return out;
}
