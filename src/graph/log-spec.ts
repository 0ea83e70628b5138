import type { LocalLogSpec } from "../store/local-log.ts";
import { type PurgeTarget, touches } from "../store/purge-target.ts";
import { conceptsOf } from "./concepts.ts";
import { checkEvent, eventNames, type GraphEvent } from "./events.ts";
import { type Analyzer, nodeId } from "./types.ts";

/** Most concepts taken from one purged text (a long text's vocabulary is bounded by what a prompt can name). */
const TERMS_PER_TEXT = 10_000;

/**
 * `.brain/graph-events.jsonl` as a local log (src/store/local-log.ts). A purge takes every event that names
 * what it forgets: a forgotten session's events, an event holding a purged text, and an event naming a node
 * of it — the entry's or turn's node, or a concept of a purged text among a prompt's keywords or matched
 * nodes (so a word of a forgotten secret does not live on as a concept a rebuild would bring back). The
 * price: prompts that shared a word with a purged text lose their boosts, which only weights remember.
 */
export function graphLogSpec(analyze: Analyzer): LocalLogSpec<GraphEvent> {
  const named = new WeakMap<PurgeTarget, Set<string>>();
  const namesOf = (t: PurgeTarget): Set<string> => {
    let s = named.get(t);
    if (!s) {
      s = new Set<string>();
      for (const id of t.entries) s.add(nodeId("memory", id));
      for (const id of t.episodes) s.add(nodeId("episode", id));
      for (const id of t.sessions) s.add(nodeId("session", id));
      for (const text of t.texts)
        for (const w of conceptsOf(text, analyze, TERMS_PER_TEXT)) {
          s.add(w.term);
          s.add(nodeId("concept", w.term));
        }
      named.set(t, s);
    }
    return s;
  };
  return {
    name: "graph events",
    file: "graphEvents",
    check: checkEvent,
    purges: (e, t) => {
      if (touches(e, t)) return true;
      const names = namesOf(t);
      return eventNames(e).some((n) => names.has(n));
    },
  };
}
