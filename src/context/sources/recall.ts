import type { Item, Section } from "../../core/budget/types.ts";
import { renderEpisode } from "../../core/episode.ts";
import type { FoldState } from "../../core/fold.ts";
import { oneLine } from "../../core/one-line.ts";
import { pathContains, rankLearnings } from "../../core/rank-learnings.ts";
import type { Rec } from "../../core/rec.ts";
import type { Kind } from "../../recall/index.ts";
import { focusedPreview } from "../../recall/preview.ts";
import type { SourceOutput, SourceRequest } from "../request.ts";
import { MEMORY_NOTE, ORDER } from "../sections.ts";

export interface Recalled {
  rec: Rec;
  kind: Kind;
  /** Fused relevance (rank order; not bounded). */
  score: number;
  /** Share of the query's terms found in the entry's own text, 0–1. */
  matched: number;
}

function item(r: Recalled, query: string, previewChars: number): Item {
  const text =
    r.kind === "e"
      ? renderEpisode({
          ...r.rec.entry,
          text: focusedPreview(String(r.rec.entry.text ?? ""), query, previewChars),
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
  /** Longest recalled turn shown whole; longer ones show the part that matches the query. */
  previewChars = 160,
): Section {
  const relevant = recalled.filter((r) => r.kind !== "p");
  const seen = new Set(relevant.map((r) => r.rec.id));
  const rest = learnings.filter((r) => !seen.has(r.id));
  function* items(): Generator<Item> {
    for (const r of relevant) yield item(r, query, previewChars);
    for (const i of rankLearnings(rest, cwd, nowMs, pathContains, true)) yield i;
  }
  return {
    id: "learnings",
    header: `${relevant.some((r) => r.kind === "e") ? "## Learnings and recalled conversations" : "## Learnings"}\n${MEMORY_NOTE}`,
    cacheable: false,
    order: ORDER.learnings,
    allocation: { kind: "weighted", weight: 40, sink: true },
    items: items(),
    total: relevant.length + rest.length,
  };
}

/** The recall source: with a query, relevant learnings and episodes replace the learnings section. */
export function recall(state: FoldState, req: SourceRequest): SourceOutput {
  if (!req.recalled) return { sections: [], problems: [] };
  const section = recallSection(
    req.recalled,
    state.list("learning"),
    req.cwd,
    req.now.getTime(),
    req.query,
    req.previewChars,
  );
  return { sections: [section], problems: [] };
}
