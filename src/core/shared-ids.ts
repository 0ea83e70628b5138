import type { FoldState } from "./fold.ts";
import type { Rec } from "./rec.ts";

/** Ids held by live entries of more than one type (legal in Rho's fold, but almost always a mistake). */
export function sharedIds(state: FoldState): { id: string; records: { type: string; line: number }[] }[] {
  const first = new Map<string, Rec>();
  const shared = new Map<string, Rec[]>();
  for (const rec of state.live()) {
    const prev = first.get(rec.id);
    if (!prev) first.set(rec.id, rec);
    else if (prev.type !== rec.type) {
      const list = shared.get(rec.id) ?? [prev];
      list.push(rec);
      shared.set(rec.id, list);
    }
  }
  return [...shared].map(([id, recs]) => ({
    id,
    records: recs.map((r) => ({ type: r.type, line: r.line })),
  }));
}
