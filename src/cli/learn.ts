import type { ResolvedConfig } from "../config.ts";
import { BrainError } from "../core/errors.ts";
import { keep } from "../engine/lifetime.ts";
import type { BrainHome } from "../engine/options.ts";
import type { LearnRun } from "../learn/learn-log.ts";
import { describeModel, hostOffer, learnerCaps, learnSettings } from "../learn/settings.ts";
import { cliConfig, hookConfig } from "./cli-config.ts";
import type { GlobalOpts } from "./open.ts";
import { print, printJson, warn, writeErr } from "./output.ts";

export interface LearnOpts extends GlobalOpts {
  status?: boolean;
  quiet?: boolean;
  once?: boolean;
  maxBytes?: string;
  maxAttempts?: string;
  /** Switch the learner's model: a host's headless mode ("claude-code", "codex-cli", "gemini-cli") or "none" (src/learn/extract/use-host.ts). */
  use?: string;
}

const QUIET_RUNS = 4;

function positive(v: string | undefined, name: string): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0)
    throw new BrainError("INVALID", `${name} must be a positive integer (got "${v}")`);
  return n;
}

/**
 * `brain learn`: turn the sessions the hooks queued into episodes (src/learn/worker.ts). In the foreground
 * it runs bounded runs until the queue is done, with progress on stderr; `--quiet` (how the hooks start it)
 * does one run and prints nothing, whatever happens; `--status` shows the queue, the cursors and the last runs.
 */
export async function runLearn(o: LearnOpts): Promise<number> {
  // The learner a hook starts (--quiet) reads the settings as the hooks do: a typo does not stop learning.
  const config = o.quiet ? await hookConfig(o.brain, o.cwd, true) : cliConfig(o.brain, o.cwd);
  if (o.use !== undefined) return useModel(config, o.use, Boolean(o.json));
  if (o.status) {
    (await import("./open-layer.ts")).requireBrain(config);
    const { homeOf } = await import("../engine/options.ts");
    return status(homeOf(config), Boolean(o.json), await modeOf(config));
  }
  if (!config.autoMemory) {
    if (!o.quiet)
      warn("brain learn: auto-memory is off (autoMemory: false, RHO_AUTO_MEMORY=0 or RHO_SUBAGENT=1)");
    return 0;
  }
  const [{ runLearner, queueBehind }, { Brain }, { brainOptions, homeOf }] = await Promise.all([
    import("../learn/worker.ts"),
    import("../engine/brain.ts"),
    import("../engine/options.ts"),
  ]);
  const home = homeOf(config);
  const opts = {
    home,
    now: () => (config.fixedNow ? new Date(config.fixedNow.getTime()) : new Date()),
    openBrain: async () => keep(Brain.open(brainOptions(config, o.cwd ?? process.cwd()))),
    durable: config.fsync,
    ...(positive(o.maxBytes, "--max-bytes") !== undefined
      ? { maxBytes: positive(o.maxBytes, "--max-bytes") }
      : {}),
    ...(positive(o.maxAttempts, "--max-attempts") !== undefined
      ? { maxAttempts: positive(o.maxAttempts, "--max-attempts") }
      : {}),
    ...(o.quiet ? {} : { progress: (line: string) => writeErr(`${line}\n`) }),
    learn: learnSettings(config),
    ...learnerCaps(config),
  };
  if (o.quiet) {
    try {
      // Again while the queue grew during a run (hooks that saw this learner running started none; see
      // learnerRunning), and a few more bounded runs while a long transcript is left (see --max-bytes).
      for (let i = 0; ; i++) {
        const out = await runLearner(opts);
        if (out.status !== "ran") break;
        if (queueBehind(home)) continue;
        if (!(out.run.more && i + 1 < QUIET_RUNS)) break;
      }
      await (await import("./after-learn.ts")).afterLearn(config, o.cwd ?? process.cwd());
    } catch {
      /* a background run never fails loudly: the queue and cursors stay for the next run */
    }
    return 0;
  }
  const runs: LearnRun[] = [];
  for (;;) {
    const out = await runLearner(opts);
    if (out.status === "locked") {
      warn("brain learn: another learner is running for this brain; it will take this work");
      break;
    }
    if (out.status === "idle") break;
    runs.push(out.run);
    const read = out.run.read.reduce((n, r) => n + (r.to - r.from), 0);
    const progressed = read > 0 || out.run.queued > 0;
    if (o.once || !progressed || (!out.run.more && !queueBehind(home))) break;
  }
  await (await import("./after-learn.ts")).afterLearn(config, o.cwd ?? process.cwd());
  const sum = (f: (r: (typeof runs)[number]) => number | undefined) =>
    runs.reduce((n, r) => n + (f(r) ?? 0), 0);
  const episodes = sum((r) => r.stored.episodes);
  const memories = sum((r) => r.stored.memories);
  const reinforced = sum((r) => r.stored.reinforced);
  const inboxed = sum((r) => r.learned?.inboxed);
  const summaries = sum((r) => r.stored.summaries);
  const tokens = { input: sum((r) => r.tokens?.input), output: sum((r) => r.tokens?.output) };
  const errors = runs.flatMap((r) => r.errors);
  const restarted = runs.flatMap((r) => r.restarted ?? []);
  const skipped = runs.flatMap((r) => r.skipped ?? []);
  const cut = sum((r) => r.cut);
  if (o.json)
    printJson({
      ok: true,
      runs: runs.length,
      episodes,
      memories,
      reinforced,
      inboxed,
      summaries,
      tokens,
      errors,
      restarted,
      skipped,
      cut,
    });
  else
    print(
      `Learned: ${episodes} new episode(s), ${memories} memor${memories === 1 ? "y" : "ies"} stored, ${reinforced} reinforced, ${inboxed} candidate(s) to the inbox${summaries ? `, ${summaries} session summar${summaries === 1 ? "y" : "ies"}` : ""} in ${runs.length} run(s)${tokens.input ? ` (${tokens.input} tokens in, ${tokens.output} out)` : ""}${errors.length ? `, ${errors.length} error(s)` : ""}${restarted.length ? `; ${restarted.length} transcript(s) read again from the start (shorter than before, or rewritten)` : ""}${skipped.length ? `; ${skipped.length} line(s) over learner.maxLineBytes passed over` : ""}${cut ? `; ${cut} turn(s) cut to learner.maxTurnChars` : ""}.`,
    );
  return 0;
}

/** `brain learn --use claude-code|codex-cli|gemini-cli|none`: the settings file's `extraction`, switched by the user. */
async function useModel(config: ResolvedConfig, use: string, json: boolean): Promise<number> {
  const { HOST_PROVIDERS } = await import("../learn/extract/headless-config.ts");
  const host = HOST_PROVIDERS.find((p) => p === use);
  if (!host && use !== "none")
    throw new BrainError("INVALID", `--use takes ${HOST_PROVIDERS.join(", ")} or none (got "${use}")`);
  const { useHost } = await import("../learn/extract/use-host.ts");
  const r = useHost(config.configPath, host ?? "none", config.extraction?.env.PATH);
  if (json)
    printJson({ ok: true, file: r.file, use, ...(r.replaced !== undefined ? { replaced: r.replaced } : {}) });
  else {
    print(r.line);
    if (r.replaced !== undefined)
      print(`It replaced: "extraction": ${JSON.stringify(r.replaced)} (kept in ${r.file}.bak)`);
  }
  return 0;
}

/** The learner's mode for --status: the model in words, or none, or why the model setting is wrong. */
async function modeOf(config: ResolvedConfig): Promise<{ model?: string; error?: string; offer?: string }> {
  try {
    const model = await describeModel(config);
    if (model) return { model };
    const offer = await hostOffer(config);
    return offer ? { offer } : {};
  } catch (e) {
    return { error: (e as Error).message };
  }
}

async function status(
  home: BrainHome,
  json: boolean,
  mode: { model?: string; error?: string; offer?: string },
): Promise<number> {
  const [{ learnStatus }, { modeLine, waitingCandidates }] = await Promise.all([
    import("../learn/status.ts"),
    import("../learn/mode.ts"),
  ]);
  const { queue, cursors, pending, runs } = learnStatus(home);
  const waiting = waitingCandidates(home);
  const line = mode.error
    ? `the model setting is invalid: ${mode.error}`
    : modeLine(mode.model, waiting, mode.offer);
  if (json) {
    printJson({
      mode: { model: mode.model ?? null, line, waiting, ...(mode.error ? { error: mode.error } : {}) },
      queue,
      cursors,
      pending,
      runs,
    });
    return 0;
  }
  print(`Mode: ${line}`);
  print(`Queue: ${queue.records} record(s), ${queue.read}/${queue.bytes} bytes read (${queue.file})`);
  print(`Transcripts: ${cursors.length}`);
  for (const c of cursors) {
    const left = c.size - c.offset;
    const err = c.lastError ? `, ${c.attempts} failed attempt(s): ${c.lastError}` : "";
    print(
      `  ${c.transcript}: ${c.offset}/${c.size} bytes${left > 0 ? ` (${left} to read)` : ""}${c.project ? `, project ${c.project}` : ""}${err}`,
    );
  }
  if (pending.length) print(`Pending message batches: ${pending.length}`);
  print(runs.length ? "Last runs:" : "Last runs: none");
  for (const r of runs) {
    const read = r.read.reduce((n, x) => n + (x.to - x.from), 0);
    print(
      `  ${r.at}: ${r.queued} queued, ${read} bytes read, ${r.stored.episodes} episode(s), ${r.stored.memories ?? 0} memories stored, ${r.stored.reinforced ?? 0} reinforced, ${r.learned?.gated ?? 0} stopped by the curator, ${r.learned?.inboxed ?? 0} to the inbox, tokens ${r.tokens?.input ?? 0} in / ${r.tokens?.output ?? 0} out, ${r.errors.length} error(s)${r.restarted?.length ? `, ${r.restarted.length} transcript(s) read again from the start` : ""}${r.skipped?.length ? `, ${r.skipped.length} over-long line(s) passed over` : ""}, ${r.ms} ms${r.more ? ", more to do" : ""}`,
    );
  }
  return 0;
}
