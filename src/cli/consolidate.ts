import { BrainError } from "../core/errors.ts";
import { consolidate } from "../learn/consolidate.ts";
import { learnSettings } from "../learn/settings.ts";
import { type GlobalOpts, openBrain } from "./open.ts";
import { print, printJson } from "./output.ts";

/** `brain consolidate [--dry-run]`: decay, merge near-duplicates, mine new episodes (src/learn/consolidate.ts). */
export async function runConsolidate(o: GlobalOpts & { dryRun?: boolean }): Promise<number> {
  const { brain, config } = openBrain(o);
  const home = brain.core.home;
  if (!brain.store.file || !home)
    throw new BrainError(
      "INVALID",
      `brain consolidate needs a brain.jsonl file; ${brain.store.location} is not one`,
    );
  const r = await consolidate(brain, home, {
    dryRun: Boolean(o.dryRun),
    learn: learnSettings(config),
  });
  if (o.json) {
    printJson({ ok: !r.mined.error, ...r });
    return r.mined.error ? 1 : 0;
  }
  const would = r.dryRun ? "Would " : "";
  const lines = [
    `${would}${r.dryRun ? "decay" : "Decayed"} ${r.decayed.length} stale learning(s)${r.decayed.map((d) => `\n- ${d.id}: ${d.text}`).join("")}`,
    `${would}${r.dryRun ? "merge" : "Merged"} ${r.merged.length} near-duplicate(s)${r.merged.map((m) => `\n- ${m.id} into ${m.into}: ${m.text}`).join("")}`,
    r.dryRun
      ? `Would mine ${r.mined.episodes} episode(s) in ${r.mined.sessions} session(s) since ${r.mined.since ?? "the start"}`
      : `Mined ${r.mined.episodes} episode(s) in ${r.mined.sessions} session(s) since ${r.mined.since ?? "the start"}: ${r.mined.stored} memor${r.mined.stored === 1 ? "y" : "ies"} stored, ${r.mined.reinforced} reinforced, ${r.mined.inboxed} to the inbox${r.mined.tokens.input ? ` (${r.mined.tokens.input} tokens in, ${r.mined.tokens.output} out)` : ""}`,
  ];
  if (r.mined.error) lines.push(`Mining failed (checkpoint kept; run again later): ${r.mined.error}`);
  else if (r.checkpoint)
    lines.push(`Checkpoint ${r.checkpoint} (meta memory_consolidate.last_consolidated_at)`);
  if (r.dryRun) lines.push("(dry run: nothing was written)");
  print(lines.join("\n"));
  return r.mined.error ? 1 : 0;
}
