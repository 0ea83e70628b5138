import { BrainError } from "../core/errors.ts";
import { type SyncSummary, syncTeam } from "../portable/sync.ts";
import { cliConfig } from "./cli-config.ts";
import type { GlobalOpts } from "./open-layer.ts";
import { print, printJson } from "./output.ts";

export interface SyncOpts extends GlobalOpts {
  dryRun?: boolean;
}

function describe(s: SyncSummary, where: string): string {
  const verb = s.dryRun ? "would add" : "added";
  const dup = s.duplicate > 0 ? `, ${s.duplicate} refused as duplicates of team memories` : "";
  const arrow = s.direction === "push" ? `local → ${where}` : `${where} → local`;
  return `sync ${s.direction} (${arrow}): ${verb} ${s.added} of ${s.considered} entries, ${s.present} already there${dup}`;
}

/** `brain sync push|pull`: between the local JSONL brain (--brain, BRAIN_DIR…) and the team store. */
export async function runSync(direction: string, o: SyncOpts): Promise<number> {
  if (direction !== "push" && direction !== "pull")
    throw new BrainError("INVALID", `brain sync takes push or pull (got "${direction}")`);
  const config = cliConfig(o.brain);
  if (!config.store)
    throw new BrainError(
      "CONFIG",
      'brain sync needs a team store: set BRAIN_STORE=postgres://… or "store": { "url" } in the config',
    );
  const { summary: s, team } = await syncTeam({
    direction,
    brainPath: config.brainPath,
    fsync: config.fsync,
    team: config.store,
    cwd: o.cwd ?? process.cwd(),
    dryRun: Boolean(o.dryRun),
  });
  if (o.json) printJson({ ok: true, ...s, local: config.brainPath, team });
  else print(describe(s, team));
  return 0;
}
