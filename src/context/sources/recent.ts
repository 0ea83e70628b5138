import type { FoldState } from "../../core/fold.ts";
import { oneLine } from "../../core/one-line.ts";
import type { SourceOutput, SourceRequest } from "../request.ts";
import { listSection, ORDER } from "../sections.ts";

/** On recovery, the paths the agent recently worked on and the rules it was given (newest first). */
export function recent(_state: FoldState, req: SourceRequest): SourceOutput {
  if (!req.recover || req.recent.length === 0) return { sections: [], problems: [] };
  const items = req.recent.slice(0, 30).map((r) => ({
    text: `- ${r.kind === "rule" ? "rule " : ""}${oneLine(r.path)}`,
    entryIds: [],
    label: r.path,
  }));
  const opts = { order: ORDER.recent, priority: 78, cacheable: false, cap: 0.15 };
  return { sections: [listSection("recent", "## Recently accessed paths", opts, items)], problems: [] };
}
