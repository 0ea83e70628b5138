import { renderEpisode } from "../core/episode.ts";
import { LIST_ORDER } from "../core/fold.ts";
import { formatCompact } from "../core/format.ts";
import type { BaseEntry } from "../core/types.ts";
import type { Brain } from "../engine/brain.ts";

/** Group order of `brain search` output: brain entries in Rho's listing order, then recalled conversations. */
const ORDER: readonly string[] = [...LIST_ORDER.filter((t) => t !== "meta"), "episode"];

/**
 * One page of `brain search`: hits ranked by relevance (src/engine/recall.ts `search`), paginated over that
 * ranking, then shown grouped by type as `brain list` shows entries (each group keeps the ranking).
 */
export function searchPage(brain: Brain, query: string, limit: number, offset: number) {
  const all = brain.search(query, { limit: Number.MAX_SAFE_INTEGER });
  // One total: every match. The engine lists the best MAX_LIST_LIMIT of them; a group's count is given only
  // when every match is listed (else it would be a second, smaller total beside the real one).
  const total = all.total;
  const listed = all.hits.length;
  const exact = listed >= total;
  const page = all.hits.slice(offset, offset + limit);
  const totals = new Map<string, number>();
  for (const h of all.hits) totals.set(h.type, (totals.get(h.type) ?? 0) + 1);
  const groups = ORDER.filter((t) => page.some((h) => h.type === t)).map((type) => ({
    type,
    ...(exact ? { total: totals.get(type) ?? 0 } : {}),
    entries: page.filter((h) => h.type === type).map((h) => h.entry),
    scores: page.filter((h) => h.type === type).map((h) => h.score),
  }));
  const nowMs = brain.now().getTime();
  const parts = groups.map((g) => {
    const text =
      g.type === "episode"
        ? formatEpisodes(g.entries, g.total ?? g.entries.length)
        : formatCompact(g.type, g.entries, nowMs, g.total);
    return exact ? text : text.replace(/^(\[\w+\]) \(\d+\)/, "$1");
  });
  let message =
    parts.length > 0
      ? parts.join("\n\n")
      : total > 0
        ? `No entries at offset=${offset} (${total} in total${exact ? "" : `; the best ${listed} can be listed: narrow the query for the rest`}).`
        : "No entries found.";
  if (page.length > 0 && page.length < total) {
    const next = offset + page.length;
    message +=
      next < listed
        ? `\n\n(showing ${offset + 1}–${next} of ${total}; use --offset ${next} for more)`
        : `\n\n(showing ${offset + 1}–${next} of ${total}${next < total ? `; the best ${listed} can be listed: narrow the query for the rest` : ""})`;
  }
  return { message, data: { query, total, shown: page.length, offset, groups } };
}

function formatEpisodes(entries: BaseEntry[], total: number): string {
  return [
    `[episode] (${total})`,
    ...entries.map((e) => `  ${e.id}: ${renderEpisode(e).slice(2)} (${String(e.session)})`),
  ].join("\n");
}
