import { apply } from "./apply.ts";
import { Graph } from "./graph.ts";
import type { GraphInput } from "./inputs.ts";
import type { Analyzer, GraphLimits } from "./types.ts";

export interface Timeline {
  refs: string[];
  /** After each record that changed one of their weights (null: the node did not exist then), in time order. */
  points: { at: string; weights: (number | null)[] }[];
}

const iso = (ms: number) => new Date(Number.isFinite(ms) ? ms : 0).toISOString();

/**
 * The weights of a few nodes over time: the logs replayed in their canonical order (the same fold as the
 * graph itself), a point after every record that changed one of them — what the viewer's history slider
 * moves through. At most `maxPoints` points, evenly spaced over the history (the last one always kept).
 */
export function timeline(
  inputs: readonly GraphInput[],
  analyze: Analyzer,
  limits: GraphLimits,
  refs: readonly string[],
  maxPoints = 200,
): Timeline {
  const g = new Graph(limits);
  const points: Timeline["points"] = [];
  let last = "";
  for (const input of inputs) {
    apply(g, input, analyze);
    const weights = refs.map((r) => {
      const n = g.get(r);
      return n ? Math.round(g.weight(n) * 10_000) / 10_000 : null;
    });
    const key = JSON.stringify(weights);
    if (key === last) continue;
    last = key;
    points.push({ at: iso(input.at), weights });
  }
  if (points.length <= maxPoints) return { refs: [...refs], points };
  const step = (points.length - 1) / (maxPoints - 1);
  const kept = Array.from(
    { length: maxPoints },
    (_, i) => points[Math.round(i * step)] as Timeline["points"][number],
  );
  return { refs: [...refs], points: kept };
}
