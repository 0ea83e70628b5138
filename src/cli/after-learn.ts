import type { ResolvedConfig } from "../config.ts";
import { keep } from "../engine/lifetime.ts";
import { brainOptions, homeOf } from "../engine/options.ts";
import { packageVersion } from "../package-root.ts";

/**
 * After the learner's runs (`brain learn`, which the hooks start after every turn): the feedback ledger reads
 * what the tool-event log gained (and the failure index with it, so the next failure finds what fixed this
 * session's), the hosts' own memory files are read for new notes (src/cli/host-memory.ts), then whatever of
 * the improvement loop is due runs (src/improve/schedule.ts). The ledger needs
 * no brain; a due task opens it.
 */
export async function afterLearn(config: ResolvedConfig, cwd: string): Promise<void> {
  if (!config.autoMemory) return;
  const [{ syncLedger }, { dueTasks }, { loadState }] = await Promise.all([
    import("../improve/ledger.ts"),
    import("../improve/schedule.ts"),
    import("../improve/state.ts"),
  ]);
  const home = homeOf(config);
  const s = config.improve;
  await syncLedger(home, { targetChars: s.ledgerTargetChars, errorChars: s.ledgerErrorChars });
  // The hosts' own memories: what they noted since the last read becomes inbox candidates (never fatal).
  try {
    await (await import("./host-memory.ts")).importFromHosts(config, cwd);
  } catch {
    /* a host file that cannot be read now is read at the next run */
  }
  const now = config.fixedNow ? new Date(config.fixedNow.getTime()) : new Date();
  if (dueTasks(loadState(home), s, now, packageVersion()).length === 0) return;
  const [{ Brain }, { runDue }, { learnSettings }] = await Promise.all([
    import("../engine/brain.ts"),
    import("../improve/schedule.ts"),
    import("../learn/settings.ts"),
  ]);
  const brain = keep(Brain.open(brainOptions(config, cwd)));
  await runDue(
    brain,
    home,
    packageVersion(),
    async () => (await learnSettings(config).extractor())?.provider,
  );
}
