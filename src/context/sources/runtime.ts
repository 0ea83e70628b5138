import type { FoldState } from "../../core/fold.ts";
import { oneLine } from "../../core/one-line.ts";
import type { SourceOutput, SourceRequest } from "../request.ts";
import { listSection, ORDER } from "../sections.ts";

/** The current time and working directory, last in the output. */
export function runtime(_state: FoldState, req: SourceRequest): SourceOutput {
  const items = [
    { text: `- now: ${req.now.toISOString()}`, entryIds: [], label: "now" },
    { text: `- cwd: ${oneLine(req.cwd)}`, entryIds: [], label: "cwd" },
  ];
  const opts = { order: ORDER.runtime, priority: 5, cacheable: false };
  return { sections: [listSection("runtime", "## Runtime", opts, items)], problems: [] };
}
