import { EdgeStore } from "./edge-store.ts";
import { PruneScratch, prune } from "./prune.ts";
import { SEED } from "./seed.ts";
import { defaultLabel, type Edge, type GraphLimits, type GraphNode, type NodeKind } from "./types.ts";

/**
 * The association graph in memory: nodes with a weight, bidirectional weighted edges, and the decay ticks.
 * Every change goes through the methods below, each a step of the fold (src/graph/apply.ts) taken in the one
 * canonical order of the logs (src/graph/order.ts), so the same logs always give the same graph — bit for
 * bit, whether built in one go or caught up piece by piece.
 *
 * Decay is lazy: a tick only records its time; a node's weight is its stored weight times 0.98 for every
 * tick since it was last settled that came more than 24 h after it was last used (floor 0.05) — what
 * applying each tick to every node would give, without touching 100 000 nodes every tenth prompt.
 */
export class Graph {
  readonly nodes = new Map<string, GraphNode>();
  /** Times of the decay ticks so far, in order (epoch ms). */
  readonly ticks: number[] = [];
  /** Prompts since the last decay tick (a writer adds a tick when it reaches seed's ~10). */
  sinceTick = 0;
  edges = 0;
  /** Nodes of each kind. */
  readonly counts: Record<NodeKind, number> = {
    self: 0,
    concept: 0,
    memory: 0,
    session: 0,
    episode: 0,
    path: 0,
    url: 0,
  };
  /** Edges created so far: the last tie-break when pruning (oldest first). */
  serial = 0;
  /** What each session's last prompt matched, for the exchange that follows it (seed: BEFORE → AFTER). */
  readonly pending = new Map<string, { at: number; hit: string[] }>();
  limits: GraphLimits;
  /** The edge cap's working arrays, reused by every prune (src/graph/prune.ts). */
  readonly scratch = new PruneScratch();
  /** Every edge's numbers, at the slot its ends' adjacency maps hold. */
  readonly e = new EdgeStore();

  constructor(limits: GraphLimits) {
    this.limits = limits;
  }

  get(id: string): GraphNode | undefined {
    return this.nodes.get(id);
  }

  /** The weight of the edge at `slot` (a value of an adjacency map). */
  ew(slot: number): number {
    return this.e.w[slot] as number;
  }

  /** The edge at `slot` as a plain object (a copy). */
  edge(slot: number): Edge {
    return this.e.edge(slot);
  }

  /** Put the edge a–b in with these numbers (the file's loader; nothing when either node is missing). */
  putEdge(a: GraphNode, b: GraphNode, w: number, used: number, serial: number): void {
    const slot = this.e.alloc(w, used, serial);
    a.adj.set(b.id, slot);
    b.adj.set(a.id, slot);
    if (isItem(b)) a.items++;
    if (isItem(a)) b.items++;
    this.edges++;
  }

  /** A node's weight now (decay applied). */
  weight(n: GraphNode): number {
    if (n.kind === "self" || n.w <= SEED.decayFloor || n.k >= this.ticks.length) return n.w;
    const c = this.ticks.length - this.#firstTickAfter(n.used + SEED.decayAfterMs, n.k);
    return c <= 0 ? n.w : Math.max(SEED.decayFloor, n.w * SEED.decayFactor ** c);
  }

  /** Index of the first tick at or after `from` whose time is past `t` (ticks are in time order). */
  #firstTickAfter(t: number, from: number): number {
    let lo = from;
    let hi = this.ticks.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.ticks[mid] as number) > t) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  #settle(n: GraphNode): void {
    n.w = this.weight(n);
    n.k = this.ticks.length;
  }

  /** The node, created with weight `base` at `at` when missing. */
  ensure(id: string, kind: NodeKind, label: string, base: number, at: number): GraphNode {
    let n = this.nodes.get(id);
    if (!n) {
      n = {
        id,
        kind,
        label: label || defaultLabel(id, kind),
        w: base,
        k: this.ticks.length,
        created: at,
        used: at,
        updated: at,
        adj: new Map(),
        items: 0,
      };
      this.add(n);
    }
    return n;
  }

  /** Put a node in (the file's loader; `ensure` for the fold). */
  add(n: GraphNode): void {
    this.nodes.set(n.id, n);
    this.counts[n.kind]++;
  }

  /** Strengthen the edge a–b by `inc` (capped at 1), creating it; nothing when either node is missing. */
  link(a: string, b: string, inc: number, at: number): void {
    this.#edge(a, b, at, (w) => Math.min(1, w + inc), inc);
  }

  /** Set the edge a–b's weight (an imported synapse). */
  setLink(a: string, b: string, w: number, at: number): void {
    this.#edge(a, b, at, () => w, w);
  }

  #edge(a: string, b: string, at: number, next: (w: number) => number, first: number): void {
    if (a === b) return;
    const na = this.nodes.get(a);
    const nb = this.nodes.get(b);
    if (!na || !nb) return;
    const slot = na.adj.get(b);
    if (slot !== undefined) {
      const e = this.e;
      e.w[slot] = next(e.w[slot] as number);
      e.used[slot] = Math.max(e.used[slot] as number, at);
    } else this.putEdge(na, nb, Math.min(1, first), at, this.serial++);
    na.updated = Math.max(na.updated, at);
    nb.updated = Math.max(nb.updated, at);
  }

  unlink(a: string, b: string): void {
    const na = this.nodes.get(a);
    const nb = this.nodes.get(b);
    const slot = na?.adj.get(b);
    if (!na || slot === undefined) return;
    na.adj.delete(b);
    this.e.free(slot);
    if (!nb) return;
    nb.adj.delete(a);
    if (isItem(nb)) na.items--;
    if (isItem(na)) nb.items--;
    this.edges--;
  }

  remove(id: string): void {
    const n = this.nodes.get(id);
    if (!n) return;
    const item = isItem(n);
    for (const [other, slot] of n.adj) {
      this.e.free(slot);
      const o = this.nodes.get(other);
      if (!o) continue;
      o.adj.delete(id);
      if (item) o.items--;
    }
    this.edges -= n.adj.size;
    this.nodes.delete(id);
    this.counts[n.kind]--;
  }

  /** Seed 003: a matched node gains 0.05 (at most 1) and counts as used now. */
  match(id: string, at: number): void {
    const n = this.nodes.get(id);
    if (!n || n.kind === "self") return;
    this.#settle(n);
    n.w = Math.min(1, n.w + SEED.boost);
    n.used = Math.max(n.used, at);
    n.updated = Math.max(n.updated, at);
  }

  /** Set a node's weight (a detector's confidence, an imported neuron's strength). */
  setWeight(id: string, w: number, at: number, used?: number): void {
    const n = this.nodes.get(id);
    if (!n || n.kind === "self") return;
    this.#settle(n);
    n.w = Math.min(1, Math.max(0, w));
    if (used !== undefined) n.used = used;
    n.updated = Math.max(n.updated, at);
  }

  /** A decay tick at `at` (seed 003: every ~10 interactions). */
  tick(at: number): void {
    this.ticks.push(at);
    this.sinceTick = 0;
  }

  /** Seed 001's caps: over either, the weakest nodes, then the weakest edges, go (src/graph/prune.ts). */
  enforceCaps(): void {
    prune(this);
  }
}

/** A memory or a turn: what a concept is "held by" (its document frequency counts these). */
export function isItem(n: { kind: NodeKind }): boolean {
  return n.kind === "memory" || n.kind === "episode";
}
