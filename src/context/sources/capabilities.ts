import { loadCapabilities } from "../../brainfiles/capabilities.ts";
import type { Item } from "../../core/budget/types.ts";
import type { FoldState } from "../../core/fold.ts";
import { oneLine } from "../../core/one-line.ts";
import type { SourceOutput, SourceRequest } from "../request.ts";
import { listSection, ORDER } from "../sections.ts";

/** Skills, commands and tools (built in and in the brain directory), listed so the agent knows they exist. */
export function capabilities(_state: FoldState, req: SourceRequest): SourceOutput {
  if (!req.brainDir) return { sections: [], problems: [] };
  const caps = loadCapabilities(req.brainDir);
  const items: Item[] = caps.items.map((c) => ({
    text: `- ${c.kind === "command" ? `/${oneLine(c.name)}` : `${c.kind} ${oneLine(c.name)}`}${c.description ? ` — ${oneLine(c.description)}` : ""}`,
    entryIds: [],
    label: `${c.kind}:${c.name}`,
  }));
  const opts = { order: ORDER.index + 1, priority: 85, cacheable: true, cap: 0.1 };
  return {
    sections: items.length
      ? [listSection("index:skills", "## Available commands & skills", opts, items)]
      : [],
    problems: caps.problems,
  };
}
