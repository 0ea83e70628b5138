import { Graph } from "./graph.ts";
import { defaultLabel, type GraphLimits, type GraphNode, kindOf } from "./types.ts";

/**
 * The graph as plain JSON (the derived file's body): nodes as parallel arrays, edges as index pairs, numbers
 * as JSON writes them (a double round-trips exactly), so a graph loaded from its file is the graph that was
 * saved, bit for bit. Kinds are read back from ids; a concept's label is kept only when it differs from its
 * id; memories', turns' and sessions' texts are not kept at all (they live in their logs).
 */
export interface GraphJson {
  ids: string[];
  /** [index, label] for the nodes with a label of their own. */
  labels: [number, string][];
  /** Five numbers a node: w, k, created, used, updated. */
  nums: number[];
  /** [session index, its last turn's index]. */
  tails: [number, number][];
  /** Five numbers an edge: a, b (node indexes), w, used, serial. */
  edges: number[];
  ticks: number[];
  sinceTick: number;
  serial: number;
  pending: [string, number, string[]][];
}

export function toJson(g: Graph): GraphJson {
  const ids: string[] = [];
  const index = new Map<string, number>();
  const labels: [number, string][] = [];
  const nums: number[] = [];
  for (const n of g.nodes.values()) {
    index.set(n.id, ids.length);
    if (n.label !== defaultLabel(n.id, n.kind)) labels.push([ids.length, n.label]);
    ids.push(n.id);
    nums.push(n.w, n.k, n.created, n.used, n.updated);
  }
  const tails: [number, number][] = [];
  const edges: number[] = [];
  for (const n of g.nodes.values()) {
    const i = index.get(n.id) as number;
    if (n.tail !== undefined && index.has(n.tail)) tails.push([i, index.get(n.tail) as number]);
    for (const [other, slot] of n.adj) {
      const j = index.get(other) as number;
      if (i < j)
        edges.push(i, j, g.e.w[slot] as number, g.e.used[slot] as number, g.e.serial[slot] as number);
    }
  }
  return {
    ids,
    labels,
    nums,
    tails,
    edges,
    ticks: [...g.ticks],
    sinceTick: g.sinceTick,
    serial: g.serial,
    pending: [...g.pending].map(([k, v]) => [k, v.at, v.hit]),
  };
}

export function fromJson(j: GraphJson, limits: GraphLimits): Graph {
  const g = new Graph(limits);
  const labels = new Map(j.labels);
  const nodes: GraphNode[] = [];
  for (let i = 0; i < j.ids.length; i++) {
    const id = j.ids[i] as string;
    const kind = kindOf(id);
    if (!kind) throw new Error(`graph file: node ${JSON.stringify(id)} has no kind`);
    const o = i * 5;
    const num = (k: number) => j.nums[o + k] as number;
    const n: GraphNode = {
      id,
      kind,
      label: labels.get(i) ?? defaultLabel(id, kind),
      w: num(0),
      k: num(1),
      created: num(2),
      used: num(3),
      updated: num(4),
      adj: new Map(),
      items: 0,
    };
    g.add(n);
    nodes.push(n);
  }
  for (const [s, t] of j.tails) (nodes[s] as GraphNode).tail = (nodes[t] as GraphNode).id;
  const e = j.edges;
  for (let o = 0; o < e.length; o += 5) {
    const a = nodes[e[o] as number] as GraphNode;
    const b = nodes[e[o + 1] as number] as GraphNode;
    g.putEdge(a, b, e[o + 2] as number, e[o + 3] as number, e[o + 4] as number);
  }
  g.ticks.push(...j.ticks);
  g.sinceTick = j.sinceTick;
  g.serial = j.serial;
  for (const [k, at, hit] of j.pending) g.pending.set(k, { at, hit });
  return g;
}

/**
 * The graph in a canonical form (nodes and edges sorted, weights as they are now): two graphs are the same
 * graph exactly when their canonical forms are deeply equal (what the rebuild = incremental test compares).
 */
export function canonical(g: Graph) {
  const nodes = [...g.nodes.values()]
    .map((n) => ({
      id: n.id,
      label: n.label,
      w: n.w,
      k: n.k,
      weight: g.weight(n),
      items: n.items,
      created: n.created,
      used: n.used,
      updated: n.updated,
      tail: n.tail ?? null,
    }))
    .sort((a, b) => (a.id < b.id ? -1 : 1));
  const edges: [string, string, number, number, number][] = [];
  for (const n of g.nodes.values())
    for (const [o, slot] of n.adj) {
      const e = g.edge(slot);
      if (n.id < o) edges.push([n.id, o, e.w, e.used, e.serial]);
    }
  edges.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : 1));
  return {
    nodes,
    edges,
    edgeCount: g.edges,
    ticks: g.ticks,
    sinceTick: g.sinceTick,
    serial: g.serial,
    pending: [...g.pending].sort((a, b) => (a[0] < b[0] ? -1 : 1)),
  };
}
