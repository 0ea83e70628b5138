import type { Item } from "../core/budget/types.ts";
import type { FoldState } from "../core/fold.ts";
import { AnchorCheck, staleNote } from "../project/anchors.ts";
import { repoRoot } from "../project/repo-root.ts";

/**
 * Memories whose code anchors are gone (issue 23), where a context shows them: the line says "possibly stale"
 * and why, with its id so the agent or the user can update or remove it, and it is ranked down (held back
 * behind the next HOLD lines), never silently shown as fact. One anchor check per context (bounded).
 */
export const HOLD = 20;

/** The stale note of an entry in the project of `cwd` ("" when its anchors hold or it has none). */
export function staleCheck(state: FoldState, cwd: string): (id: string) => string {
  const check = new AnchorCheck(repoRoot(cwd));
  return (id) => {
    const r = state.find(id);
    return r ? staleNote(check.gone(r.entry as Record<string, unknown>)) : "";
  };
}

/** The items, a stale one marked after its "- " and yielded HOLD items later (or at the end). */
export function* rankDownStale(items: Iterable<Item>, note: (id: string) => string): Generator<Item> {
  const held: { item: Item; until: number }[] = [];
  let n = 0;
  for (const item of items) {
    const id = item.entryIds[0];
    const mark = id ? note(id) : "";
    if (mark) {
      held.push({ item: { ...item, text: item.text.replace(/^- /u, `- ${mark}`) }, until: n + HOLD });
      continue;
    }
    yield item;
    n++;
    while (held.length && (held[0] as { until: number }).until <= n)
      yield (held.shift() as { item: Item }).item;
  }
  for (const h of held) yield h.item;
}
