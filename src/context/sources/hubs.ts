import type { FoldState } from "../../core/fold.ts";
import type { SourceOutput, SourceRequest } from "../request.ts";
import { listSection, ORDER } from "../sections.ts";

/**
 * Seed 002's BACKGROUND CONTEXT: the association graph's most-connected nodes, one line each with a stable
 * reference the agent can pass back (`brain graph show <ref>`), when the `autoContext` setting is on. Placed
 * with the cacheable blocks: its lines change only when the top 10, their order or a count's coarse step
 * does (src/graph/hubs.ts), so it does not break the prompt cache every exchange.
 */
export function hubs(_state: FoldState, req: SourceRequest): SourceOutput {
  if (!req.hubs?.lines.length) return { sections: [], problems: [] };
  const items = req.hubs.lines.map((text, i) => ({ text, entryIds: [], label: `hub ${i + 1}` }));
  const opts = { order: ORDER.hubs, priority: 70, cacheable: true, cap: 0.08 };
  return { sections: [listSection("hubs", req.hubs.header, opts, items)], problems: [] };
}
