import type { ImproveSettings } from "../config-improve.ts";
import type { LlmProvider } from "../learn/extract/types.ts";
import type { BrainHome } from "../store/home.ts";
import { type ImproveState, loadState } from "./state.ts";

/**
 * "When due", not "at the hour" (issue 28): the resident server stops when idle, so the improvement cycle,
 * the dedup scan and the template sync run when their time has come — checked by the server at its start and
 * then every few minutes, and after every learner run (the hooks start one after each turn). Seed 004's
 * cadence: a cycle hourly, a dedup scan about daily, the template sync when Brain's version changed.
 */
export type DueTask = "templates" | "cycle" | "dedup";

export function dueTasks(
  s: Pick<ImproveState, "lastCycle" | "lastDedup" | "syncedVersion">,
  settings: ImproveSettings,
  now: Date,
  version: string,
): DueTask[] {
  const since = (at: string | undefined) => (at ? now.getTime() - Date.parse(at) : Number.POSITIVE_INFINITY);
  const out: DueTask[] = [];
  if (s.syncedVersion !== version) out.push("templates");
  if (!settings.schedule) return out;
  if (since(s.lastCycle) >= settings.cycleMinutes * 60_000) out.push("cycle");
  if (since(s.lastDedup) >= settings.dedupHours * 3_600_000) out.push("dedup");
  return out;
}

/** What running the due tasks needs: the engine's Brain (its improve facet) is one. */
export interface DueRunner {
  readonly settings: { improve: ImproveSettings };
  readonly now: () => Date;
  readonly improve: {
    syncTemplates(): Promise<unknown>;
    cycle(o: { provider?: LlmProvider | undefined }): Promise<unknown>;
    dedup(): Promise<unknown>;
  };
}

/** Run what is due; returns what ran. Errors are the caller's (a background caller logs and goes on). */
export async function runDue(
  brain: DueRunner,
  home: BrainHome,
  version: string,
  provider?: () => Promise<LlmProvider | undefined>,
): Promise<DueTask[]> {
  const tasks = dueTasks(loadState(home), brain.settings.improve, brain.now(), version);
  for (const t of tasks) {
    if (t === "templates") await brain.improve.syncTemplates();
    else if (t === "cycle") await brain.improve.cycle({ provider: await provider?.() });
    else await brain.improve.dedup();
  }
  return tasks;
}
