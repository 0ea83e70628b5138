import { BrainError } from "../core/errors.ts";
import { DEFAULT_LIMITS } from "./seed.ts";
import type { GraphLimits } from "./types.ts";

/** The settings file's `graph` key: the graph's limits and where it is used. */
export interface GraphSettings extends GraphLimits {
  /** A few graph lines beside a prompt's memories (default on). */
  prompt: boolean;
  /**
   * Graph-expanded ranking for a context with a query (default off: on LoCoMo's held-out half it lifted no
   * category and cost multi-hop answers on the merged variant; bench/graph-recall.ts, README).
   */
  recall: boolean;
  /**
   * A hook process without the resident server loads the graph for its prompt lines only when the graph's
   * file (or, before there is one, the logs) is at most this many bytes (default 256 KiB); larger, it records
   * the prompt and shows no lines rather than spend the load: parsing and building a graph costs ~45 ms of CPU
   * a MiB of its file (a 10k-entry brain's 3.2 MB graph: ~140 ms with its garbage collection, more than the
   * rest of the hook; bench/startup.ts "hook prompt (10k)"). The resident server keeps it loaded.
   */
  coldLoadBytes: number;
}

/** The graph's part of the settings: `graph`, and seed 002's `autoContext` (the hubs block, default off). */
export interface GraphSettingsPart {
  /** The 10 most-connected nodes as a background block of the context (seed 002's auto-context). */
  autoContext: boolean;
  graph: GraphSettings;
}

export const DEFAULT_GRAPH_SETTINGS: GraphSettingsPart = {
  autoContext: false,
  graph: { ...DEFAULT_LIMITS, prompt: true, recall: false, coldLoadBytes: 256 * 1024 },
};

function fail(file: string, key: string, what: string): never {
  throw new BrainError("CONFIG", `${file}: "${key}" must be ${what}`, { key });
}

/**
 * The graph keys of a settings file: `autoContext` (or seed 002's `autoContextEnabled`) and
 * `graph: { minWeight, maxNodes, maxEdges, prompt, recall, coldLoadBytes }`. A wrong type names the key.
 */
export function parseGraphSettings(file: string, o: Record<string, unknown>): GraphSettingsPart {
  const out: GraphSettingsPart = { ...DEFAULT_GRAPH_SETTINGS, graph: { ...DEFAULT_GRAPH_SETTINGS.graph } };
  for (const key of ["autoContext", "autoContextEnabled"] as const) {
    if (o[key] === undefined) continue;
    if (typeof o[key] !== "boolean") fail(file, key, "true or false");
    out.autoContext = o[key];
  }
  const g = o.graph;
  if (g === undefined) return out;
  if (g === null || typeof g !== "object" || Array.isArray(g)) fail(file, "graph", "an object");
  const v = g as Record<string, unknown>;
  if (v.minWeight !== undefined) {
    if (typeof v.minWeight !== "number" || !(v.minWeight >= 0 && v.minWeight <= 1))
      fail(file, "graph.minWeight", "a number from 0 to 1");
    out.graph.minWeight = v.minWeight;
  }
  for (const key of ["maxNodes", "maxEdges", "coldLoadBytes"] as const) {
    if (v[key] === undefined) continue;
    const n = v[key];
    if (typeof n !== "number" || !Number.isInteger(n) || n < 1)
      fail(file, `graph.${key}`, "a whole number ≥ 1");
    out.graph[key] = n;
  }
  for (const key of ["prompt", "recall"] as const) {
    if (v[key] === undefined) continue;
    if (typeof v[key] !== "boolean") fail(file, `graph.${key}`, "true or false");
    out.graph[key] = v[key];
  }
  return out;
}

/** The graph settings of a brain's settings, defaults filled in (a brain opened without them has none). */
export function graphSettings(s: Partial<GraphSettingsPart>): GraphSettingsPart {
  return {
    autoContext: s.autoContext ?? DEFAULT_GRAPH_SETTINGS.autoContext,
    graph: { ...DEFAULT_GRAPH_SETTINGS.graph, ...s.graph },
  };
}
