import { LIVE_TYPES } from "../core/types.ts";
import { BrainCore } from "../engine/core.ts";
import { type GlobalOpts, openLayer } from "./open-layer.ts";
import { print, printJson } from "./output.ts";

/** `brain stats` (and `brain` alone): the counts line. Opens only the engine's core (run on every start of a hook). */
export async function runStats(g: GlobalOpts): Promise<number> {
  const { brain } = openLayer(BrainCore, g);
  const line = brain.stats();
  if (g.json) {
    const s = brain.state;
    printJson({
      ok: true,
      line,
      counts: Object.fromEntries(LIVE_TYPES.map((t) => [t, s.count(t)])),
    });
  } else print(line);
  return 0;
}
