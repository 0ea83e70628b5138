/**
 * The association graph's vocabulary (issue 26; seed 003's INSTANT layer, seed 001's neurons and synapses,
 * seed 002's hubs). A node's id is its stable reference — what the agent passes back to `brain graph show`:
 *
 *   self            the agent itself (seed 001's `self` neuron)
 *   c:<term>        a concept: an index term of the Unicode-aware tokenizer (src/recall/analyze.ts), any script
 *   m:<entry id>    a memory: a learning, preference, behavior, identity or user fact of brain.jsonl
 *   s:<session>     a conversation session
 *   e:<episode id>  one turn of a session (raw conversation: never a hub, never injected)
 *   p:<path>        a file path the agent touched or a memory names
 *   u:<url>         a URL likewise
 */
export type NodeKind = "self" | "concept" | "memory" | "session" | "episode" | "path" | "url";

export const NODE_KINDS: readonly NodeKind[] = [
  "self",
  "concept",
  "memory",
  "session",
  "episode",
  "path",
  "url",
];

const PREFIXES: readonly [string, NodeKind][] = [
  ["c:", "concept"],
  ["m:", "memory"],
  ["s:", "session"],
  ["e:", "episode"],
  ["p:", "path"],
  ["u:", "url"],
];

export const SELF = "self";

/** The kind a node id names (undefined for an id of no kind). */
export function kindOf(id: string): NodeKind | undefined {
  if (id === SELF) return "self";
  for (const [p, k] of PREFIXES) if (id.startsWith(p) && id.length > p.length) return k;
  return undefined;
}

export function nodeId(kind: Exclude<NodeKind, "self">, key: string): string {
  const p = PREFIXES.find(([, k]) => k === kind)?.[0] as string;
  return `${p}${key}`;
}

/** A node's label when it has none of its own: a concept's term; "" for the rest (their text is in their log). */
export function defaultLabel(id: string, kind: NodeKind): string {
  return kind === "concept" ? id.slice(2) : "";
}

/** A word of a text as the graph sees it: its index term (the node's key) and how it was written (its label). */
export interface Word {
  term: string;
  surface: string;
}

/** The tokenizer the graph is handed (the recall index's, so a concept is what a search term is). */
export type Analyzer = (text: string) => Word[];

/**
 * An edge's numbers: its weight (0–1), when last strengthened (epoch ms). Kept in the graph's edge store
 * (src/graph/edge-store.ts) at a slot both ends' adjacency maps hold; this object is a copy for views.
 */
export interface Edge {
  w: number;
  used: number;
  /** Creation order (pruning's last tie-break: the older goes first). */
  serial: number;
}

export interface GraphNode {
  readonly id: string;
  readonly kind: NodeKind;
  /**
   * How a concept was first written ("Postgres" for c:postgr), or an imported neuron's label; "" for the
   * rest, whose text lives in their log (a memory's in brain.jsonl, a turn's in episodes.jsonl) and is looked
   * up when shown — the graph keeps no copy of it.
   */
  label: string;
  /** The weight as of the last settle (decay is applied lazily: see Graph.weight). */
  w: number;
  /** How many decay ticks the stored weight already accounts for. */
  k: number;
  /** When it first appeared (epoch ms). */
  created: number;
  /** Last matched, touched or created (epoch ms): what decay's "unmatched for more than 24 h" reads. */
  used: number;
  /** Last time anything about it changed — its weight or an edge (hubs break ties by it). */
  updated: number;
  /** Neighbour id → the edge's slot in the graph's edge store (`Graph.ew(slot)` is its weight). */
  readonly adj: Map<string, number>;
  /** How many of its neighbours are memories or turns (a concept's document frequency), kept as edges change. */
  items: number;
  /** A session's last turn (the next one is linked to it). */
  tail?: string;
}

/** Limits and thresholds of one graph (settings `graph`; seed numbers by default, src/graph/seed.ts). */
export interface GraphLimits {
  /** Seed 001: at most this many nodes; the weakest are pruned first. */
  maxNodes: number;
  /** Seed 001: at most this many edges (synapses); the weakest are pruned first. */
  maxEdges: number;
  /** Seed 003's `minWeight`: nodes below it are neither matched nor shown as neighbours. */
  minWeight: number;
}
