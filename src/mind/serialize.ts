import type { Keep, MindState } from "./fold.ts";
import { emptyMind } from "./fold.ts";

/** A fold as JSON (its maps as entry lists) and back, for the view's snapshot. */
export function stateToJson(s: MindState): Record<string, unknown> {
  return {
    ...s,
    exploredPaths: [...s.exploredPaths],
    exploredUrls: [...s.exploredUrls],
    bySession: [...s.bySession],
    neurons: [...s.neurons],
    synapses: [...s.synapses],
  };
}

const isObj = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/** A saved fold, or null when it is not one this version wrote (the view is then rebuilt from the log). */
export function stateFromJson(v: unknown): MindState | null {
  if (!isObj(v)) return null;
  const base = emptyMind();
  for (const k of Object.keys(base) as (keyof MindState)[]) {
    const got = v[k];
    const want = base[k];
    if (want instanceof Map) {
      if (
        !Array.isArray(got) ||
        !got.every((e) => Array.isArray(e) && e.length === 2 && typeof e[0] === "string")
      )
        return null;
    } else if (want === null) {
      if (got !== null && !isObj(got)) return null;
    } else if (Array.isArray(want) ? !Array.isArray(got) : typeof got !== typeof want) return null;
  }
  const maps = (x: unknown) => new Map(x as [string, never][]);
  return {
    ...(v as unknown as MindState),
    exploredPaths: maps(v.exploredPaths),
    exploredUrls: maps(v.exploredUrls),
    bySession: maps(v.bySession),
    neurons: maps(v.neurons),
    synapses: maps(v.synapses),
  };
}

/** Whether two keeps are the same (a snapshot built with other caps is not this view). */
export function sameKeep(a: unknown, b: Keep): boolean {
  return (
    isObj(a) &&
    Object.entries(b).every(([k, n]) => a[k] === n) &&
    Object.keys(a).length === Object.keys(b).length
  );
}
