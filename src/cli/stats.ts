import { LIVE_TYPES } from "../core/types.ts";
import { BrainCore } from "../engine/core.ts";
import { type GlobalOpts, openLayer } from "./open-layer.ts";
import { print, printJson, warn } from "./output.ts";

/** `brain stats` (and `brain` alone): the counts line. Opens only the engine's core (run on every start of a hook). */
export async function runStats(g: GlobalOpts): Promise<number> {
  const { brain, config } = openLayer(BrainCore, g);
  const line = brain.stats();
  // The counts leave out what could not be read: say so, and where the way back is.
  const bad = brain.badLineCount();
  if (bad > 0)
    warn(
      `brain: ${bad} bad line${bad === 1 ? "" : "s"} in ${config.brainPath} (kept in the file, not counted); ` +
        "`brain doctor` says which, `brain doctor --repair --quarantine` moves them out",
    );
  if (g.json) {
    const s = brain.state;
    printJson({
      ok: true,
      line,
      counts: Object.fromEntries(LIVE_TYPES.map((t) => [t, s.count(t)])),
      badLines: bad,
    });
  } else print(line);
  return 0;
}
