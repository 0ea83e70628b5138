import type { ActionResult } from "../core/actions.ts";
import { type Params, parseKeyValues } from "../core/params.ts";
import { BrainCore } from "../engine/core.ts";
import { type GlobalOpts, openLayer } from "./open-layer.ts";
import { print, printJson } from "./output.ts";

/** `brain <action> key=value …` — the seed's brain tool, one action per invocation. */
export async function runAction(
  action: string,
  words: string[],
  g: GlobalOpts & { all?: boolean; dryRun?: boolean; purge?: boolean },
): Promise<number> {
  const params: Params = {
    ...parseKeyValues(words),
    ...(g.all ? { all: true } : {}),
    ...(g.dryRun ? { dry_run: true } : {}),
    ...(g.purge ? { purge: true } : {}),
    action,
  };
  if (action === "list" && params.type === "episode")
    return (await import("./episodes.ts")).runListEpisodes(params, g);
  // `add` may start a brain (empty: the defaults are `brain init`'s); every other action needs one.
  const { brain } = openLayer(BrainCore, g, { create: action === "add" });
  const result: ActionResult = await brain.act(params);
  if (g.json) printJson({ ...result, message: result.message });
  else print(result.message);
  return 0;
}
