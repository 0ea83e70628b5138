/**
 * A project's brain layered over the personal one (docs/project-brain.md): what the second layer costs a
 * command and a prompt hook, whole-process wall time, against one layer in the same run.
 *
 *   npm run build && node --import tsx bench/layered.ts [--runs 20] [--warmup 3]
 *
 * The personal brain is a 10k-line synthetic brain (bench/generate.ts), the project's a 1k-line one. Cases,
 * each run in a repository that has the project brain:
 *   - personal only: BRAIN_PATH names the personal brain (one layer, 10k);
 *   - project only:  a HOME without a personal brain (one layer, 1k);
 *   - layered:       the project brain over the personal one (two layers, 11k).
 * Every round runs every case once, in turn. Median and p90 per case; nothing here asserts on time.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { cachedBrain, DATA_DIR, GENERATED_END } from "./generate.ts";
import { median, ms, quantile, table } from "./stats.ts";

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const CLI = join(ROOT, "dist", "cli", "brain.cjs");
const WORK = join(DATA_DIR, "layered");
const APP = join(WORK, "app");
const PROMPT = "how do I run the tests with pnpm in the api project";

function arg(name: string, dflt: number): number {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : dflt;
}

interface Case {
  name: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  /** stdin of a run (a new session each run: a repeated firing is skipped by the hook). */
  input?: (n: number) => string;
  samples: number[];
}

function env(home: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: home,
    BRAIN_CONFIG: join(WORK, "no-config.json"),
    BRAIN_NOW: GENERATED_END,
    BRAIN_SERVE_AUTOSTART: "0",
    ...extra,
  };
}

function setUp(): { home: string; bare: string; personal: string } {
  fs.rmSync(WORK, { recursive: true, force: true });
  const home = join(WORK, "home");
  const bare = join(WORK, "bare-home");
  const personal = join(home, ".rho", "brain", "brain.jsonl");
  fs.mkdirSync(dirname(personal), { recursive: true });
  fs.mkdirSync(bare, { recursive: true });
  fs.mkdirSync(join(APP, ".git"), { recursive: true });
  fs.mkdirSync(join(APP, ".brain"), { recursive: true });
  fs.copyFileSync(cachedBrain(10_000).path, personal);
  fs.copyFileSync(cachedBrain(1_000, 2).path, join(APP, ".brain", "brain.jsonl"));
  return { home, bare, personal };
}

let fired = 0;

function runOnce(c: Case): { ms: number; stdout: string } {
  const t = performance.now();
  const r = spawnSync(process.execPath, c.args, {
    env: c.env,
    input: c.input?.(++fired) ?? "",
    encoding: "utf8",
    cwd: APP,
  });
  const elapsed = performance.now() - t;
  if (r.status !== 0) throw new Error(`${c.name} exited ${r.status}:\n${r.stderr.slice(-2000)}`);
  return { ms: elapsed, stdout: r.stdout };
}

function main(): void {
  if (!fs.existsSync(CLI)) throw new Error(`${CLI} is missing (npm run build)`);
  const runs = arg("--runs", 20);
  const warmup = arg("--warmup", 3);
  const { home, bare, personal } = setUp();
  const hookInput = (n: number) =>
    JSON.stringify({
      session_id: `bench-${n}`,
      hook_event_name: "UserPromptSubmit",
      cwd: APP,
      prompt: PROMPT,
    });
  const layers = [
    { label: "personal only (10k)", env: env(home, { BRAIN_PATH: personal }) },
    { label: "project only (1k)", env: env(bare) },
    { label: "layered (1k over 10k)", env: env(home) },
  ];
  const cases: Case[] = [];
  for (const l of layers)
    cases.push({ name: `context, ${l.label}`, args: [CLI, "context"], env: l.env, samples: [] });
  for (const l of layers)
    cases.push({
      name: `hook prompt, ${l.label}`,
      args: [CLI, "hook", "user-prompt-submit"],
      env: l.env,
      input: hookInput,
      samples: [],
    });
  for (const c of cases) {
    const out = runOnce(c).stdout;
    process.stderr.write(`[layered] ${c.name}: ${out.length} bytes of output\n`);
  }
  for (let round = 0; round < warmup + runs; round++)
    for (const c of cases) {
      const r = runOnce(c);
      if (round >= warmup) c.samples.push(r.ms);
    }
  process.stdout.write(
    `${table(
      { case: "case", median: "median", p90: "p90" },
      cases.map((c) => ({ case: c.name, median: ms(median(c.samples)), p90: ms(quantile(c.samples, 0.9)) })),
    )}\n(${runs} runs each, interleaved, after ${warmup} warm-up rounds)\n`,
  );
}

main();
