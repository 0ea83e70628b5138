import type { GraphEvent } from "./events.ts";

/**
 * What the graph is folded from: the records of its three logs, each with its place in the one canonical
 * order — by time, then log (brain.jsonl, episodes.jsonl, graph-events.jsonl), then position in its log.
 * `at` is the record's own time made non-decreasing within its log (a record older than the one before it
 * counts as of that one's time), so each log is already in order and the three are merged.
 */
export const LOG = { brain: 0, episodes: 1, events: 2 } as const;
export type LogRank = (typeof LOG)[keyof typeof LOG];

interface Placed {
  /** Epoch ms. */
  at: number;
  /** Position in its log (a line number): the last tie-break. */
  seq: number;
}

/** A memory of brain.jsonl (a learning, preference, behavior, identity or user fact), or its removal. */
export interface BrainInput extends Placed {
  log: 0;
  id: string;
  type: string;
  text: string;
  /** A tombstone: the id of the entry it removes. */
  removes?: string;
}

/** A turn of episodes.jsonl, or its removal. */
export interface EpisodeInput extends Placed {
  log: 1;
  id: string;
  session: string;
  speaker: string;
  text: string;
  removes?: string;
}

export interface EventInput extends Placed {
  log: 2;
  ev: GraphEvent;
}

export type GraphInput = BrainInput | EpisodeInput | EventInput;

/** A point of the canonical order: [time, log, position]. */
export type OrderKey = readonly [number, number, number];

export const BEFORE_ALL: OrderKey = [Number.NEGATIVE_INFINITY, 0, 0];

export function keyOf(i: GraphInput): OrderKey {
  return [i.at, i.log, i.seq];
}

export function compareKeys(a: OrderKey, b: OrderKey): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** The records of the three logs in the canonical order (each list already in its log's order). */
export function merge(lists: readonly GraphInput[][]): GraphInput[] {
  return lists.flat().sort((a, b) => compareKeys(keyOf(a), keyOf(b)));
}

/** The entry types that become memory nodes, and the field that holds each one's text. */
export const MEMORY_TEXT: Readonly<Record<string, (e: Record<string, unknown>) => string>> = {
  learning: (e) => String(e.text ?? ""),
  preference: (e) => String(e.text ?? ""),
  behavior: (e) => String(e.text ?? ""),
  identity: (e) => `${String(e.key ?? "")}: ${String(e.value ?? "")}`,
  user: (e) => `${String(e.key ?? "")}: ${String(e.value ?? "")}`,
};
