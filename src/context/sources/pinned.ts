import type { Item } from "../../core/budget/types.ts";
import { storedColumns } from "../../core/cold.ts";
import { liveWithText, withText } from "../../core/entry-text.ts";
import type { FoldState } from "../../core/fold.ts";
import { oneLine } from "../../core/one-line.ts";
import { idTag } from "../../core/rank-learnings.ts";
import { inScope } from "../../core/scope.ts";
import { isPinned } from "../../core/score.ts";
import type { SourceOutput, SourceRequest } from "../request.ts";
import { listSection, MEMORY_NOTE, ORDER } from "../sections.ts";
import { coldPinned } from "./cold.ts";
import { fullId, preferenceLine } from "./entries.ts";

/**
 * Learnings and preferences marked `pinned: true`, in every context: a stable block placed first among the
 * fixed sections (capped at a quarter of the budget, so pins cannot push everything else out; a pin that
 * does not fit is listed by --explain as cut). The entries and recall sections leave pinned entries out.
 */
export function pinned(state: FoldState, req: SourceRequest): SourceOutput {
  const storedL = storedColumns(state, "learning");
  const storedP = storedColumns(state, "preference");
  const learnings = storedL
    ? coldPinned(storedL, req.cwd)
    : pinnedLearnings(state).filter((r) => inScope(r, req.cwd));
  const prefs = storedP
    ? coldPinned(storedP)
    : state.derived("context:pinned-preferences", () => liveWithText(state, "preference").filter(isPinned), [
        "preference",
      ]);
  if (learnings.length + prefs.length === 0) return { sections: [], problems: [] };
  const items: Item[] = [
    ...learnings.map((r) => ({ text: `- ${oneLine(r.entry.text)}${idTag(r.id, fullId)}`, entryIds: [r.id] })),
    ...prefs.map((r) => ({ text: preferenceLine(r, fullId), entryIds: [r.id] })),
  ];
  const header = `## Pinned memories\n${MEMORY_NOTE}`;
  const opts = { order: ORDER.pinned, priority: 5, cacheable: true, cap: 0.25 };
  return { sections: [listSection("pinned", header, opts, items)], problems: [] };
}

function pinnedLearnings(state: FoldState) {
  return state.derived(
    "context:pinned-learnings",
    () => liveWithText(state, "learning").filter(isPinned),
    ["learning"],
    (kept, added) => [...kept, ...withText([...added]).filter(isPinned)],
  );
}
