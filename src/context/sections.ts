import type { Item, Section } from "../core/budget/types.ts";

/** Output positions: stable blocks first (cacheable prefix), volatile ones last. */
export const ORDER = {
  identity: 10,
  user: 20,
  soul: 30,
  userFile: 40,
  behavior: 50,
  pinned: 55,
  preferences: 60,
  context: 70,
  rules: 80,
  index: 90,
  hubs: 95,
  agents: 100,
  // volatile from here
  autoRules: 200,
  sessions: 205,
  recent: 210,
  /** The last messages before a compaction (recovery only). */
  messages: 215,
  plan: 220,
  /** The agent's working context (src/context/sources/working.ts). */
  working: 225,
  learnings: 230,
  tasks: 240,
  runtime: 250,
} as const;

/** First line under the Learnings and Preferences headers (part of the header, so the budget counts it). */
export { MEMORY_NOTE } from "../core/memory-lines.ts";

/** A file's content as a fixed section of contiguous lines, each labelled `label:line` for --explain. */
export function fileSection(
  id: string,
  header: string,
  content: string | string[],
  order: number,
  priority: number,
  cacheable: boolean,
  label: string,
): Section {
  const items: Item[] = (typeof content === "string" ? content.split("\n") : content).map((t, i) => ({
    text: t,
    entryIds: [],
    label: `${label}:${i + 1}`,
  }));
  return {
    id,
    header,
    cacheable,
    order,
    allocation: { kind: "fixed", priority },
    items,
    total: items.length,
    contiguous: true,
  };
}

/**
 * A fixed section of list items (indexes, tasks, recent paths, runtime), capped to `cap` of the budget. Lazy
 * items (re-iterable, made as the budget reads them) come with their `total`.
 */
export function listSection(
  id: string,
  header: string,
  opts: { order: number; priority: number; cacheable: boolean; cap?: number },
  items: Item[] | Iterable<Item>,
  total = (items as Item[]).length,
): Section {
  return {
    id,
    header,
    cacheable: opts.cacheable,
    order: opts.order,
    allocation: { kind: "fixed", priority: opts.priority, ...(opts.cap ? { cap: opts.cap } : {}) },
    items,
    total,
    contiguous: false,
  };
}
