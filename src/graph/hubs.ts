import type { Graph } from "./graph.ts";
import type { GraphNode } from "./types.ts";

/** Seed 002: the background block lists this many nodes. */
export const HUB_COUNT = 10;

export interface Hub {
  /** Stable reference (`brain graph show <ref>`). */
  ref: string;
  title: string;
  /** Exact edge count (the block shows it coarsely). */
  edges: number;
}

/**
 * Seed 002's hubs: the nodes with the most edges, ties by the most recently updated, then by reference; raw
 * conversation (sessions and their turns) excluded, as seed 002 excludes its memory nodes.
 */
export function hubs(g: Graph, title: (n: GraphNode) => string, n = HUB_COUNT): Hub[] {
  const top: GraphNode[] = [];
  for (const node of g.nodes.values()) {
    if (node.kind === "episode" || node.kind === "session" || node.adj.size === 0) continue;
    top.push(node);
  }
  top.sort((a, b) => b.adj.size - a.adj.size || b.updated - a.updated || (a.id < b.id ? -1 : 1));
  return top.slice(0, n).map((x) => ({ ref: x.id, title: title(x), edges: x.adj.size }));
}

/** An edge count on a 1-2-5 ladder ("50+"): it changes rarely, so the block keeps its cache. */
export function coarse(n: number): string {
  if (n < 1) return "0";
  let step = 1;
  for (;;) {
    for (const m of [1, 2, 5]) {
      const next = m === 5 ? step * 10 : step * (m === 1 ? 2 : 5);
      if (n < next) return `${step * m}+`;
    }
    step *= 10;
  }
}

/** Seed 002's BACKGROUND CONTEXT block: it changes only when the top 10, their order or a count's step does. */
export function hubLines(list: readonly Hub[]): string[] {
  return list.map((h) => `- [${h.ref}] ${h.title.replace(/\s+/g, " ").trim()} — ${coarse(h.edges)} links`);
}

export const HUBS_HEADER =
  "## Background: most-connected in the brain (`brain graph show <ref>` or the graph tool for more)";
