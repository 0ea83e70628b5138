/** Inputs for the graph's fold, written by hand (test/graph/*.test.ts). */
import { GRAPH_ANALYZER } from "../../src/engine/graph-log.ts";
import { apply } from "../../src/graph/apply.ts";
import type { GraphEvent, UnplacedEvent } from "../../src/graph/events.ts";
import { Graph } from "../../src/graph/graph.ts";
import type { BrainInput, EpisodeInput, EventInput, GraphInput } from "../../src/graph/inputs.ts";
import { DEFAULT_LIMITS } from "../../src/graph/seed.ts";
import type { GraphLimits } from "../../src/graph/types.ts";

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const T0 = Date.parse("2026-05-01T00:00:00Z");

let seq = 0;
export const memory = (id: string, text: string, at = T0, type = "learning"): BrainInput => ({
  log: 0,
  at,
  seq: ++seq,
  id,
  type,
  text,
});
export const removal = (id: string, at = T0): BrainInput => ({
  log: 0,
  at,
  seq: ++seq,
  id: `t${seq}`,
  type: "tombstone",
  text: "",
  removes: id,
});
export const turn = (id: string, session: string, text: string, at = T0, speaker = "user"): EpisodeInput => ({
  log: 1,
  at,
  seq: ++seq,
  id,
  session,
  speaker,
  text,
});
export const event = (ev: UnplacedEvent, at = T0): EventInput => ({
  log: 2,
  at,
  seq: ++seq,
  ev: { ...ev, at: new Date(at).toISOString() } as GraphEvent,
});

/** A graph folded from `inputs` in the order given. */
export function fold(inputs: GraphInput[], limits: Partial<GraphLimits> = {}): Graph {
  const g = new Graph({ ...DEFAULT_LIMITS, ...limits });
  for (const i of inputs) apply(g, i, GRAPH_ANALYZER);
  return g;
}

export function weightOf(g: Graph, id: string): number {
  const n = g.get(id);
  if (!n) throw new Error(`no node ${id}`);
  return g.weight(n);
}

export const round = (x: number) => Math.round(x * 1e9) / 1e9;
