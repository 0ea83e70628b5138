import { kindOf, NODE_KINDS, type NodeKind } from "./types.ts";

/**
 * The graph's own log, `.brain/graph-events.jsonl`: everything that changes a weight and is not already in
 * brain.jsonl or episodes.jsonl, one line each, so a rebuild from the three logs gives the same graph and the
 * history can show it at any point (issue 26).
 *
 *   prompt   a prompt's keywords and the memories shown beside it: the fold matches them (concepts at or above
 *            minWeight, and those memories: +0.05 each), links the exchange that follows in the session to
 *            what matched (what BEFORE_PROMPT matched reaches AFTER_RESPONSE), and every 10th prompt is a
 *            decay tick (seed 003: every ~10 interactions) — all decided by the fold, so the writer needs no
 *            graph and a rebuild decides the same
 *   decay    an explicit decay tick
 *   touch    the agent read or fetched a path or URL (seed 001's explored paths and URLs)
 *   detect   a detector's judgement of a memory: a correction's confidence (0.5–0.85), a preference (0.7)
 *   neuron   a node as another memory had it (issue 27's import of a `memory.json`: id, kind, strength, lastUsed)
 *   synapse  an edge likewise (a, b, weight, lastUsed)
 */
export type GraphEvent =
  | { t: "prompt"; at: string; session?: string; keys: string[]; shown: string[] }
  | { t: "decay"; at: string }
  | { t: "touch"; at: string; kind: "path" | "url"; ref: string; session?: string }
  | { t: "detect"; at: string; node: string; reason: DetectReason; confidence: number }
  | {
      t: "neuron";
      at: string;
      id: string;
      kind: NodeKind;
      label?: string;
      strength: number;
      lastUsed?: string;
    }
  | { t: "synapse"; at: string; a: string; b: string; weight: number; lastUsed?: string };

/** An event before the writer places it in time (src/engine/graph.ts `record`). */
export type UnplacedEvent = GraphEvent extends infer E
  ? E extends GraphEvent
    ? Omit<E, "at">
    : never
  : never;

export type DetectReason = "correction" | "preference" | "pattern";

/** Caps on one event (a line is never large): keywords and matched nodes, a reference's length. */
export const EVENT_LIMITS = { keys: 64, shown: 64, chars: 2048 } as const;

const str = (v: unknown, max: number = EVENT_LIMITS.chars): v is string =>
  typeof v === "string" && v.length > 0 && v.length <= max;
const date = (v: unknown): v is string => typeof v === "string" && !Number.isNaN(Date.parse(v));
const unit = (v: unknown): v is number => typeof v === "number" && v >= 0 && v <= 1;
const list = (v: unknown, max: number): v is string[] =>
  Array.isArray(v) && v.length <= max && v.every((x) => str(x));
const optional = (v: unknown, ok: (x: unknown) => boolean) => v === undefined || ok(v);

/** A line's object as a graph event, or why it is not one (a bad line, reported, never fatal). */
export function checkEvent(v: Record<string, unknown>): GraphEvent | { problem: string } {
  if (!date(v.at)) return { problem: "graph event without a valid `at`" };
  switch (v.t) {
    case "prompt":
      return list(v.keys, EVENT_LIMITS.keys) &&
        list(v.shown, EVENT_LIMITS.shown) &&
        v.shown.every((h) => kindOf(h) === "memory") &&
        optional(v.session, str)
        ? (v as GraphEvent)
        : { problem: "prompt event: keys and shown must be short lists of strings (shown: memory nodes)" };
    case "decay":
      return v as GraphEvent;
    case "touch":
      return (v.kind === "path" || v.kind === "url") && str(v.ref) && optional(v.session, str)
        ? (v as GraphEvent)
        : { problem: "touch event: kind path|url and a ref" };
    case "detect":
      return kindOf(String(v.node)) === "memory" &&
        (v.reason === "correction" || v.reason === "preference" || v.reason === "pattern") &&
        unit(v.confidence)
        ? (v as GraphEvent)
        : { problem: "detect event: a memory node, a reason and a confidence in 0–1" };
    case "neuron":
      return str(v.id) &&
        kindOf(v.id) === v.kind &&
        (NODE_KINDS as readonly unknown[]).includes(v.kind) &&
        unit(v.strength) &&
        optional(v.label, str) &&
        optional(v.lastUsed, date)
        ? (v as GraphEvent)
        : { problem: "neuron event: a node id of its kind and a strength in 0–1" };
    case "synapse":
      return str(v.a) &&
        str(v.b) &&
        kindOf(v.a) &&
        kindOf(v.b) &&
        unit(v.weight) &&
        optional(v.lastUsed, date)
        ? (v as GraphEvent)
        : { problem: "synapse event: two node ids and a weight in 0–1" };
    default:
      return { problem: `unknown graph event ${JSON.stringify(v.t)}` };
  }
}

/** Every string an event names (its keywords, node ids, references): what a purge looks at. */
export function eventNames(e: GraphEvent): string[] {
  switch (e.t) {
    case "prompt":
      return [...e.keys, ...e.shown];
    case "decay":
      return [];
    case "touch":
      return [e.ref];
    case "detect":
      return [e.node];
    case "neuron":
      return [e.id, ...(e.label ? [e.label] : [])];
    case "synapse":
      return [e.a, e.b];
  }
}
