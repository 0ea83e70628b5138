import * as fs from "node:fs";
import { dirname } from "node:path";
import type { ResolvedConfig } from "../config.ts";
import { BrainError } from "../core/errors.ts";
import { keep } from "../engine/lifetime.ts";
import type { BrainOptions } from "../engine/options.ts";
import { assertUsableBrainPath, brainOptions, homeOf } from "../engine/options.ts";
import { cliConfig } from "./cli-config.ts";

export interface GlobalOpts {
  brain?: string;
  json?: boolean;
  cwd?: string;
}

export interface OpenedBrain<B> {
  brain: B;
  config: ResolvedConfig;
}

/** How a command opens its brain: the engine's options it adds, and whether it may start a new one. */
export interface OpenHow extends Partial<BrainOptions> {
  /**
   * The command writes and may start a brain where there is none (add, init, import, ingest, …): a new log
   * starts empty (only `brain init` writes the default entries). Every other command reads, and a brain that
   * is not there is an error that creates nothing: a mistyped path is not a new brain.
   */
  create?: boolean;
}

/** The path names something, a symlink included (a dangling or looping one is the store's error to report). */
function there(path: string): boolean {
  try {
    fs.lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/** Whether `dir` holds a brain's files though no entry was written yet: its episodes, or brain files (*.md). */
function holdsBrainFiles(dir: string): boolean {
  try {
    return fs.readdirSync(dir).some((n) => n === "episodes.jsonl" || n.endsWith(".md"));
  } catch {
    return false;
  }
}

/** A file brain that does not exist, for a command that only reads: NOT_FOUND, nothing created. */
export function requireBrain(config: ResolvedConfig): void {
  if (config.store) return;
  // A path that cannot hold a brain is that error (a configuration's), not "no brain there".
  assertUsableBrainPath(config.brainPath);
  if (there(config.brainPath)) return;
  // A brain that holds only conversations (`brain ingest` writes no entry) or its SOUL.md, AGENTS.md, … so far.
  if (holdsBrainFiles(dirname(config.brainPath))) return;
  // …or only what the hooks and an agent wrote beside it, no entry in brain.jsonl yet: the learner's queue and
  // inbox, the tool-event log, the agent's mind (a host installed without `brain init` has a brain all the same).
  const home = homeOf(config);
  if ((["queue", "inbox", "toolEvents", "mind"] as const).some((f) => there(home.file(f)))) return;
  throw new BrainError("NOT_FOUND", `no brain at ${config.brainPath} (\`brain init\` creates one)`, {
    path: config.brainPath,
  });
}

/**
 * The resident server's open brain while it runs a command for the bin (src/cli/served-run.ts): `pick` gives
 * the layer a command asks for (the core or the whole brain) from it, and nothing is opened or closed.
 */
export interface Resident {
  config: ResolvedConfig;
  pick(layer: unknown): { close(): void };
}
let resident: Resident | null = null;

export async function withResident<T>(r: Resident, fn: () => Promise<T>): Promise<T> {
  resident = r;
  try {
    return await fn();
  } finally {
    resident = null;
  }
}

/**
 * Open the brain for a command as one of the engine's layers (`BrainCore`, `Brain` or the full `Brain`):
 * a command that needs less loads less at start-up. It is closed (derived state saved) when the command ends.
 */
export function openLayer<B extends { close(): void }>(
  layer: { open(opts: BrainOptions): B },
  g: GlobalOpts,
  how: OpenHow = {},
): OpenedBrain<B> {
  const { create = false, ...extra } = how;
  if (resident) {
    if (!create) requireBrain(resident.config);
    return { brain: resident.pick(layer) as B, config: resident.config };
  }
  const config = cliConfig(g.brain, g.cwd);
  if (!create) requireBrain(config);
  const brain = keep(layer.open({ ...brainOptions(config, g.cwd ?? process.cwd()), ...extra }));
  return { brain, config };
}
