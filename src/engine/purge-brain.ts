import type { ActionEnv, ActionResult } from "../core/actions.ts";
import { BrainError } from "../core/errors.ts";
import type { FoldState } from "../core/fold.ts";
import type { Params } from "../core/params.ts";
import type { BaseEntry } from "../core/types.ts";
import type { EventStore } from "../store/event-store.ts";
import type { BrainHome } from "../store/home.ts";
import type { Projections } from "./projection.ts";
import {
  type Purgeables,
  type PurgeReport,
  type PurgeTarget,
  purgeEntries,
  purgeEpisodes,
  purgeTarget,
} from "./purge.ts";

/** What a purge needs of the core (a `BrainCore`; no import of it: core.ts imports this). */
export interface PurgingCore {
  readonly store: EventStore;
  readonly episodeStore: EventStore | undefined;
  readonly home: BrainHome | null;
  readonly purgeables: Purgeables;
  readonly projections: Projections;
  readonly state: FoldState;
  readonly layers: { purge(t: PurgeTarget, purpose: string, r: PurgeReport): Promise<PurgeReport> } | null;
  refresh(): unknown;
  persist(force?: boolean): boolean;
}

/**
 * Remove what `target` names from every place this brain keeps bytes (src/engine/purge.ts): brain.jsonl and
 * episodes.jsonl rewritten without the lines (verified, under their locks, backups cleaned), every local log
 * and text-holding state registered as purgeable, then every projection dropped and rebuilt from the purged
 * logs. File stores only for the logs' rewrite (a team store refuses until it can carry the purge).
 */
export async function purgeBrain(
  core: PurgingCore,
  target: PurgeTarget,
  purpose: string,
): Promise<PurgeReport> {
  const removed: Record<string, number> = {};
  let copies = 0;
  const count = (name: string, r: { removed: number; copies: number }) => {
    if (r.removed > 0) removed[name] = r.removed;
    copies += r.copies;
  };
  if (target.entries.size > 0) count("brain.jsonl", purgeEntries(core.store, target, purpose));
  if (target.episodes.size > 0)
    count(
      "episodes.jsonl",
      purgeEpisodes(core.episodeStore ?? core.store.sibling("episodes.jsonl"), target, purpose),
    );
  if (core.home) {
    // Every local log and state file (loaded only now: a purge is rare, and the list reaches the learner's).
    const { localPurgeables } = await import("./local-state.ts");
    for (const p of localPurgeables(core.home)) core.purgeables.register(p);
  }
  core.purgeables.purge(target, removed);
  const rebuilt = core.projections.names;
  core.projections.drop();
  core.refresh();
  core.persist(true);
  const report = { removed, copies, rebuilt };
  return core.layers ? core.layers.purge(target, purpose, report) : report;
}

/**
 * `remove … purge=true`: the entries a removal would tombstone leave the log instead — every line of them
 * (each version and any tombstone) and everything derived from them, so a secret stored by mistake does not
 * live on behind a tombstone. With `dry_run`, what would go.
 */
export async function removePurged(
  core: PurgingCore,
  p: Params,
  plan: (p: Params, env: ActionEnv) => { append: BaseEntry[]; result: ActionResult },
  env: ActionEnv,
): Promise<ActionResult> {
  if (p.action !== "remove")
    throw new BrainError("INVALID", `purge applies to remove, not ${String(p.action)}`, { field: "purge" });
  const { purge: _purge, dry_run: dryRun, ...rest } = p;
  const pl = plan(rest, env);
  const targets = pl.append.map((t) => String(t.target_id));
  const texts = targets.flatMap((id) => {
    const e = core.state.find(id)?.entry;
    return e
      ? [e.text, e.value, e.content, e.description].filter((t): t is string => typeof t === "string")
      : [];
  });
  const what = pl.result.message.replace(/^Removed/, "Purged");
  if (dryRun === true)
    return {
      ...pl.result,
      message: `${what.replace(/^Purged/, "Would purge")}\n(dry run: nothing was written)`,
      written: [],
    };
  const report = await purgeBrain(core, purgeTarget({ entries: targets, texts }), "remove --purge");
  return {
    ok: true,
    action: "remove",
    message: `${what} (its lines are gone from the log${report.copies ? ` and from ${report.copies} backup(s)` : ""})`,
    written: [],
    data: { ids: targets, purged: report.removed },
  };
}
