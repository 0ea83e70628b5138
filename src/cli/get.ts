import { BrainError } from "../core/errors.ts";
import { untag } from "../core/short-ids.ts";
import { type GlobalOpts, openBrain } from "./open.ts";
import { print, printJson } from "./output.ts";

/** `brain get <id>`: one live entry of brain.jsonl, or one episode of episodes.jsonl, in full. */
export async function runGet(id: string, g: GlobalOpts): Promise<number> {
  const { brain } = openBrain(g);
  brain.refresh();
  let entry: Record<string, unknown> | undefined;
  try {
    // Its id, `#id` or a unique prefix, as a context prints it (an ambiguous prefix lists the candidates).
    entry = brain.state.resolve(id).entry;
  } catch (e) {
    if (!(e instanceof BrainError && e.code === "NOT_FOUND")) throw e;
    const episodes = brain.recallEngine.episodes;
    episodes.refresh();
    entry = episodes.get(untag(id))?.entry;
  }
  if (!entry) throw new BrainError("NOT_FOUND", `No entry with id "${id}"`);
  if (g.json) printJson({ ok: true, entry });
  else
    print(
      Object.entries(entry)
        .map(([k, v]) => `${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`)
        .join("\n"),
    );
  return 0;
}
