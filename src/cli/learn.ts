import * as fs from "node:fs";
import { BrainError } from "../core/errors.ts";
import { keep } from "../lifetime.ts";
import { cliConfig } from "./cli-config.ts";
import type { GlobalOpts } from "./open.ts";
import { print, printJson, warn } from "./output.ts";

export interface LearnOpts extends GlobalOpts {
  status?: boolean;
  quiet?: boolean;
  once?: boolean;
  maxBytes?: string;
  maxAttempts?: string;
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
  const config = cliConfig(o.brain, o.cwd);
  if (o.status) return status(config.brainPath, Boolean(o.json));
  if (!config.autoMemory) {
    if (!o.quiet)
      warn("brain learn: auto-memory is off (autoMemory: false, RHO_AUTO_MEMORY=0 or RHO_SUBAGENT=1)");
    return 0;
  }
  const [{ runLearner, queueBehind }, { Brain }, { brainOptions }] = await Promise.all([
    import("../learn/worker.ts"),
    import("../engine.ts"),
    import("../engine-options.ts"),
  ]);
  const opts = {
    brainPath: config.brainPath,
    now: () => (config.fixedNow ? new Date(config.fixedNow.getTime()) : new Date()),
    openBrain: async () => keep(Brain.open(brainOptions(config, o.cwd ?? process.cwd()))),
    durable: config.fsync,
    ...(positive(o.maxBytes, "--max-bytes") !== undefined
      ? { maxBytes: positive(o.maxBytes, "--max-bytes") }
      : {}),
    ...(positive(o.maxAttempts, "--max-attempts") !== undefined
      ? { maxAttempts: positive(o.maxAttempts, "--max-attempts") }
      : {}),
    ...(o.quiet ? {} : { progress: (line: string) => process.stderr.write(`${line}\n`) }),
  };
  if (o.quiet) {
    try {
      // A few bounded runs at most: the first, and again while the queue grew during it (see queueBehind).
      for (let i = 0; i < QUIET_RUNS; i++) {
        const out = await runLearner(opts);
        if (out.status !== "ran" || !(out.run.more || queueBehind(config.brainPath))) break;
      }
    } catch {
      /* a background run never fails loudly: the queue and cursors stay for the next run */
    }
    return 0;
  }
  const runs = [];
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
    if (o.once || !progressed || (!out.run.more && !queueBehind(config.brainPath))) break;
  }
  const episodes = runs.reduce((n, r) => n + r.stored.episodes, 0);
  const errors = runs.flatMap((r) => r.errors);
  if (o.json) printJson({ ok: true, runs: runs.length, episodes, errors });
  else
    print(
      `Learned: ${episodes} new episode(s) in ${runs.length} run(s)${errors.length ? `, ${errors.length} error(s)` : ""}.`,
    );
  return 0;
}

async function status(brainPath: string, json: boolean): Promise<number> {
  const [{ loadCursors }, { lastRuns }, { queueFile, readQueue }] = await Promise.all([
    import("../learn/cursors.ts"),
    import("../learn/learn-log.ts"),
    import("../learn/queue.ts"),
  ]);
  const state = loadCursors(brainPath);
  const size = (p: string) => {
    try {
      return fs.statSync(p).size;
    } catch {
      return 0;
    }
  };
  const queue = {
    file: queueFile(brainPath),
    records: readQueue(brainPath).length,
    bytes: size(queueFile(brainPath)),
    read: state.queueOffset,
  };
  const cursors = Object.values(state.sessions).map((c) => ({ ...c, size: size(c.transcript) }));
  const runs = lastRuns(brainPath, 5);
  if (json) {
    printJson({ queue, cursors, pending: state.items, runs });
    return 0;
  }
  print(`Queue: ${queue.records} record(s), ${queue.read}/${queue.bytes} bytes read (${queue.file})`);
  print(`Transcripts: ${cursors.length}`);
  for (const c of cursors) {
    const left = c.size - c.offset;
    const err = c.lastError ? `, ${c.attempts} failed attempt(s): ${c.lastError}` : "";
    print(
      `  ${c.transcript}: ${c.offset}/${c.size} bytes${left > 0 ? ` (${left} to read)` : ""}${c.project ? `, project ${c.project}` : ""}${err}`,
    );
  }
  if (state.items.length) print(`Pending message batches: ${state.items.length}`);
  print(runs.length ? "Last runs:" : "Last runs: none");
  for (const r of runs) {
    const read = r.read.reduce((n, x) => n + (x.to - x.from), 0);
    print(
      `  ${r.at}: ${r.queued} queued, ${read} bytes read, ${r.stored.episodes} episode(s) stored, ${r.errors.length} error(s), ${r.ms} ms${r.more ? ", more to do" : ""}`,
    );
  }
  return 0;
}
