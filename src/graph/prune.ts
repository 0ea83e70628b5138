import type { EdgeStore } from "./edge-store.ts";
import type { GraphLimits, GraphNode } from "./types.ts";

/**
 * The edge cap's working arrays, kept by the graph and reused at every prune: a graph at its cap is pruned every
 * few hundred records, and fresh arrays of half a million entries each time were most of what a rebuild left
 * for the collector (at 1M turns the server's heap grew to gigabytes of them before it collected).
 */
export class PruneScratch {
  a: string[] = [];
  b: string[] = [];
  ws = new Float64Array(0);
  used = new Float64Array(0);
  serial = new Float64Array(0);
  ids = new Uint32Array(0);
  values = new Float64Array(0);

  /** Room for at least `n` edges (grown by a quarter more, so a graph near its cap does not grow it often). */
  ensure(n: number): void {
    if (this.ws.length >= n) return;
    const cap = Math.ceil(n * 1.25) + 16;
    const grow = (old: Float64Array) => {
      const x = new Float64Array(cap);
      x.set(old);
      return x;
    };
    this.ws = grow(this.ws);
    this.used = grow(this.used);
    this.serial = grow(this.serial);
    this.values = new Float64Array(cap);
    this.ids = Uint32Array.from({ length: cap }, (_, i) => i);
  }
}

/** What pruning needs of the graph (src/graph/graph.ts). */
interface Prunable {
  readonly nodes: Map<string, GraphNode>;
  readonly edges: number;
  readonly limits: GraphLimits;
  readonly scratch: PruneScratch;
  readonly e: EdgeStore;
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
  const s = g.scratch;
  s.ensure(g.edges);
  const e = g.e;
  let m = 0;
  for (const n of g.nodes.values()) {
    const id = n.id;
    n.adj.forEach((slot, other) => {
      if (!(id < other)) return;
      if (m >= s.ws.length) s.ensure(m + 1);
      s.a[m] = id;
      s.b[m] = other;
      s.ws[m] = e.w[slot] as number;
      s.used[m] = e.used[slot] as number;
      s.serial[m] = e.serial[slot] as number;
      m++;
    });
  }
  const drop = Math.min(m, g.edges - target);
  if (drop <= 0) return;
  for (const i of weakest(s.ids.subarray(0, m), drop, [s.ws, s.used, s.serial], s.values))
    g.unlink(s.a[i] as string, s.b[i] as string);
  s.a.fill("", 0, m); // no pruned node's id kept alive until the next prune
  s.b.fill("", 0, m);
}

/**
 * The `k` of `ids` smallest by the keys in order (the last key unique among them): below the k-th smallest
 * value of the first key all go; among the ties at that value, the next key decides.
 */
export function weakest(
  ids: ArrayLike<number> & Iterable<number>,
  k: number,
  keys: readonly ArrayLike<number>[],
  scratch?: Float64Array,
): number[] {
  if (k >= ids.length) return Array.from(ids);
  if (k <= 0) return [];
  const [key, ...rest] = keys as [ArrayLike<number>, ...ArrayLike<number>[]];
  const values =
    scratch && scratch.length >= ids.length ? scratch.subarray(0, ids.length) : new Float64Array(ids.length);
  for (let j = 0; j < ids.length; j++) values[j] = key[ids[j] as number] as number;
  values.sort();
  const edge = values[k - 1] as number;
  const out: number[] = [];
  const ties: number[] = [];
  for (const i of ids) {
    const v = key[i] as number;
    if (v < edge) out.push(i);
    else if (v === edge) ties.push(i);
  }
  if (rest.length === 0) return out.concat(ties.slice(0, k - out.length));
  return out.concat(weakest(ties, k - out.length, rest, scratch));
}
