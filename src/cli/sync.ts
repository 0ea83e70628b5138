import { BrainError } from "../core/errors.ts";
import { JsonlFileStore } from "../store/jsonl/file-store.ts";
import { PostgresStore } from "../store/postgres/store.ts";
import { pull, push, type SyncSummary } from "../store/postgres/sync.ts";
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
  const local = new JsonlFileStore(config.brainPath, { fsync: config.fsync });
  const team = new PostgresStore({
    url: config.store.url,
    user: config.store.user,
    writer: config.store.writer,
    cwd: o.cwd ?? process.cwd(),
    ...(config.store.connectTimeoutMs !== undefined
      ? { connectTimeoutMs: config.store.connectTimeoutMs }
      : {}),
  });
  try {
    const s =
      direction === "push" ? push(local, team, Boolean(o.dryRun)) : pull(local, team, Boolean(o.dryRun));
    if (o.json) printJson({ ok: true, ...s, local: config.brainPath, team: team.location });
    else print(describe(s, team.location));
    return 0;
  } finally {
    await team.close();
  }
}
