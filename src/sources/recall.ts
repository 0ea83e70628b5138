import { MEMORY_NOTE, ORDER, oneLine, pathContains, rankLearnings } from "../core/context/entry-sections.ts";
import type { Item, Section } from "../core/context/types.ts";
import { renderEpisode } from "../core/episode.ts";
import type { Rec } from "../core/rec.ts";
import { focusedPreview } from "../recall/preview.ts";
import type { Recalled } from "../recall/types.ts";

export type { Recalled } from "../recall/types.ts";

/** Longest recalled turn shown whole; longer ones show the part that matches the query. */
const PREVIEW_CHARS = Number(process.env.BRAIN_PREVIEW_CHARS) || 160;

function item(r: Recalled, query: string): Item {
  const text =
    r.kind === "episode"
      ? renderEpisode({
          ...r.rec.entry,
          text: focusedPreview(String(r.rec.entry.text ?? ""), query, PREVIEW_CHARS),
        })
      : `- ${oneLine(r.rec.entry.text)}`;
  return { text, entryIds: [r.rec.id], score: Math.round(r.score * 1000) / 1000 };
}

/**
 * The learnings/recall section for a context with a query: learnings and episodes relevant to the query,
 * best first, then the remaining learnings by Rho's score (recency, project scope, manual) so the budget a
 * query leaves is still spent on what Rho would show. Episodes appear only here, and only when relevant.
 * Preferences are ranked in their own section.
 */
export function recallSection(
  recalled: Recalled[],
  learnings: Rec[],
  cwd: string,
  nowMs: number,
  query = "",
): Section {
  const relevant = recalled.filter((r) => r.kind !== "preference");
  const seen = new Set(relevant.map((r) => r.rec.id));
  const rest = learnings.filter((r) => !seen.has(r.id));
  function* items(): Generator<Item> {
    for (const r of relevant) yield item(r, query);
    for (const i of rankLearnings(rest, cwd, nowMs, pathContains, true)) yield i;
  }
  return {
    id: "learnings",
    header: `${relevant.some((r) => r.kind === "episode") ? "## Learnings and recalled conversations" : "## Learnings"}\n${MEMORY_NOTE}`,
    cacheable: false,
    order: ORDER.learnings,
    allocation: { kind: "weighted", weight: 40, sink: true },
    items: items(),
    total: relevant.length + rest.length,
  };
}
