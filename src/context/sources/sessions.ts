import type { FoldState } from "../../core/fold.ts";
import type { SourceOutput, SourceRequest } from "../request.ts";
import { listSection, ORDER } from "../sections.ts";

/**
 * "Recently in this project": the last few sessions here, one line each (src/recall/recent-sessions.ts),
 * at session start (no query). Volatile and placed after every stable block, so a new session never
 * changes the cacheable prefix; a small capped share of the budget.
 */
export function sessions(_state: FoldState, req: SourceRequest): SourceOutput {
  if (!req.sessions?.length || req.query) return { sections: [], problems: [] };
  // A shown summary's id counts as injected, so the prompt's memories beside this block do not repeat it.
  const items = req.sessions.map((s, i) => ({
    text: s.text,
    entryIds: s.entryIds,
    label: `session ${i + 1}`,
  }));
  const opts = { order: ORDER.sessions, priority: 77, cacheable: false, cap: 0.1 };
  return { sections: [listSection("sessions", "## Recently in this project", opts, items)], problems: [] };
}
