import type { ResolvedConfig } from "../config.ts";
import type { Brain } from "../engine/brain.ts";
import { homeOf } from "../engine/options.ts";

/** Bounded runs per kick (as `brain learn --quiet` does): the first, and again while the queue grew. */
const RUNS_PER_KICK = 4;

/**
 * The learner inside the resident server: a hook's kick starts a few bounded runs on the resident brain
 * (one at a time; a kick during a run runs once more after it). The worker's own lock still keeps a
 * detached `brain learn` and this one from running together.
 */
export function residentLearner(config: ResolvedConfig, brain: Brain, now: () => Date): () => void {
  let running = false;
  let again = false;
  const home = homeOf(config);
  const loop = async () => {
    const [{ queueBehind, runLearner }, { learnerCaps, learnSettings }] = await Promise.all([
      import("../learn/worker.ts"),
      import("../learn/settings.ts"),
    ]);
    do {
      again = false;
      for (let i = 0; i < RUNS_PER_KICK; i++) {
        const out = await runLearner({
          home,
          now,
          openBrain: async () => brain,
          durable: config.fsync,
          learn: learnSettings(config),
          ...learnerCaps(config),
        });
        if (out.status !== "ran" || !(out.run.more || queueBehind(home))) break;
      }
      // The feedback ledger reads what the tool-event log gained (and the failure index with it); then
      // whatever of the improvement loop is due runs ("hourly while the server runs": when due).
      await brain.improve.syncLedger().catch(() => {});
      await brain.improve
        .runDue(async () => (await learnSettings(config).extractor())?.provider)
        .catch(() => {});
    } while (again);
  };
  return () => {
    if (!config.autoMemory) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    loop()
      .catch(() => {
        /* the queue and cursors stay for the next kick */
      })
      .finally(() => {
        running = false;
      });
  };
}
