/**
 * Start-up benchmark: whole-process wall time of the brain CLI against a bare `node -e 0` in the same run.
 *
 *   npm run bench:startup -- [--runs 40] [--warmup 5] [--cli label=path/to/main.js …]
 *
 * Cases: `node -e 0`, `brain --version`, `brain stats` on an empty brain (the defaults a first run writes),
 * and the Claude Code prompt hook (`brain hook user-prompt-submit`, JSON on stdin) on an empty brain and on a
 * 10k-line synthetic brain (bench/generate.ts). Every round runs every case once, in turn, so load on the
 * machine drifts over all cases alike. Each `--cli` adds the brain cases for another build (e.g. a copy of an
 * older dist/), to compare builds in one run; the default is dist/cli/brain.cjs, the installed bin (`npm run build` first).
 * Reports median and p99 per case and the difference and ratio to the `node -e 0` median of the same run.
 * Also reports the mean CPU time (user + system) of each case: on a shared, loaded machine wall time mostly
 * measures waiting for a core, CPU time what start-up costs. Nothing here asserts on time, and nothing here runs under `npm test`.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { BENCH_CWD, cachedBrain, DATA_DIR, GENERATED_END } from "./generate.ts";
import { childrenCpu } from "./proc-cpu.ts";
import { mean, median, ms, quantile, table } from "./stats.ts";

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const WORK = join(DATA_DIR, "startup");
const PROMPT = "how do I run the tests with pnpm in the api project";

interface Options {
  runs: number;
  warmup: number;
  clis: { label: string; path: string }[];
}

function parseArgs(argv: string[]): Options {
  const o: Options = { runs: 40, warmup: 5, clis: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    const [flag, inline] = a.startsWith("--") && a.includes("=") ? splitOnce(a) : [a, undefined];
    const value = () => inline ?? (argv[++i] as string);
    if (flag === "--runs") o.runs = Number(value());
    else if (flag === "--warmup") o.warmup = Number(value());
    else if (flag === "--cli") {
      const v = value();
      const [label, path] = v.includes("=") ? splitOnce(v) : [v, v];
      o.clis.push({ label, path: resolve(path) });
    } else if (flag === "--help" || flag === "-h") {
      process.stdout.write("npm run bench:startup -- [--runs 40] [--warmup 5] [--cli label=main.js …]\n");
      process.exit(0);
    } else throw new Error(`unknown argument ${a}`);
  }
  // The installed bin (package.json "bin"): what `brain` and every agent hook run.
  if (!o.clis.length) o.clis.push({ label: "dist", path: join(ROOT, "dist", "cli", "brain.cjs") });
  for (const c of o.clis) if (!fs.existsSync(c.path)) throw new Error(`${c.path} is missing (npm run build)`);
  return o;
}

function splitOnce(s: string): [string, string] {
  const i = s.indexOf("=");
  return [s.slice(0, i), s.slice(i + 1)];
}

interface Case {
  name: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  input?: string | (() => string);
  samples: number[];
  cpu: number[];
}

/** A clean environment: no user config, no NODE_OPTIONS, a pinned clock, the given brain. */
function cleanEnv(brainPath: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: join(WORK, "home"),
    BRAIN_PATH: brainPath,
    BRAIN_CONFIG: join(WORK, "no-config.json"),
    BRAIN_NOW: GENERATED_END,
    // The session-start case measures the hook, not a server it would start (serve.autoStart is on by default).
    BRAIN_SERVE_AUTOSTART: "0",
  };
}

let firing = 0;
/**
 * A prompt of its own each run: the hooks skip a repeat of the same (host, session, event, payload) within
 * `hooks.dedupSeconds` (src/hooks/seen.ts), so one fixed payload would time the skip, not the hook.
 */
function hookInput(): string {
  firing += 1;
  return JSON.stringify({
    session_id: `bench-startup-${firing}`,
    hook_event_name: "UserPromptSubmit",
    cwd: BENCH_CWD,
    prompt: PROMPT,
  });
}

/** CPU time (user + system, ms) of this process's waited-for children (Linux); else NaN. */
const childrenCpuMs = (): number => childrenCpu() ?? Number.NaN;

function runOnce(c: Case): { ms: number; cpu: number; stdout: string } {
  const cpu0 = childrenCpuMs();
  const t = performance.now();
  const r = spawnSync(process.execPath, c.args, {
    env: c.env,
    input: typeof c.input === "function" ? c.input() : (c.input ?? ""),
    encoding: "utf8",
    cwd: WORK,
  });
  const elapsed = performance.now() - t;
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`${c.name} exited ${r.status}:\n${r.stderr.slice(-2000)}`);
  return { ms: elapsed, cpu: childrenCpuMs() - cpu0, stdout: r.stdout };
}

function makeCases(o: Options): Case[] {
  fs.rmSync(WORK, { recursive: true, force: true });
  fs.mkdirSync(join(WORK, "home"), { recursive: true });
  const big = cachedBrain(10_000).path;
  const cases: Case[] = [{ name: "node -e 0", args: ["-e", "0"], env: cleanEnv(""), samples: [], cpu: [] }];
  for (const cli of o.clis) {
    const dir = join(WORK, cli.label.replace(/[^\w.-]/g, "_"));
    const empty = join(dir, "empty", "brain.jsonl");
    const tenK = join(dir, "10k", "brain.jsonl");
    fs.mkdirSync(dirname(empty), { recursive: true });
    fs.mkdirSync(dirname(tenK), { recursive: true });
    fs.copyFileSync(big, tenK);
    // The empty brain as a first install leaves it (a build that refuses a missing brain needs `brain init`).
    spawnSync(process.execPath, [cli.path, "init"], { env: cleanEnv(empty), stdio: "ignore" });
    const tag = o.clis.length > 1 ? `[${cli.label}] ` : "";
    const hook = [cli.path, "hook", "user-prompt-submit"];
    cases.push(
      {
        name: `${tag}brain --version`,
        args: [cli.path, "--version"],
        env: cleanEnv(empty),
        samples: [],
        cpu: [],
      },
      {
        name: `${tag}brain stats (empty)`,
        args: [cli.path, "stats"],
        env: cleanEnv(empty),
        samples: [],
        cpu: [],
      },
      {
        name: `${tag}hook prompt (empty)`,
        args: hook,
        env: cleanEnv(empty),
        input: hookInput,
        samples: [],
        cpu: [],
      },
      {
        name: `${tag}hook prompt (10k)`,
        args: hook,
        env: cleanEnv(tenK),
        input: hookInput,
        samples: [],
        cpu: [],
      },
    );
  }
  return cases;
}

function main(): void {
  const o = parseArgs(process.argv.slice(2));
  const cases = makeCases(o);
  for (const c of cases) {
    const first = runOnce(c).stdout.trim();
    process.stderr.write(
      `[startup] ${c.name}: ${first.slice(0, 100).replace(/\n/g, " ") || "(no output)"}\n`,
    );
  }
  for (let round = 0; round < o.warmup + o.runs; round++) {
    for (const c of cases) {
      const r = runOnce(c);
      if (round >= o.warmup) {
        c.samples.push(r.ms);
        c.cpu.push(r.cpu);
      }
    }
  }
  const base = median((cases[0] as Case).samples);
  const baseCpu = mean((cases[0] as Case).cpu);
  const rows = cases.map((c) => {
    const m = median(c.samples);
    const first = c === cases[0];
    return {
      case: c.name,
      median: ms(m),
      p99: ms(quantile(c.samples, 0.99)),
      diff: first ? "—" : `+${ms(m - base)}`,
      ratio: first ? "1.00×" : `${(m / base).toFixed(2)}×`,
      cpu: `${ms(mean(c.cpu))}${first ? "" : ` (+${ms(mean(c.cpu) - baseCpu)})`}`,
    };
  });
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  process.stdout.write(
    `brain startup — node ${process.version}, ${os.cpus().length}× ${cpu}, load ${os.loadavg()[0]?.toFixed(2)}; ` +
      `${o.runs} runs per case after ${o.warmup} warm-up rounds, round-robin; p99 of ${o.runs} samples; ` +
      `CPU = user + system time of the child (10 ms ticks, mean), steadier than wall time on a loaded machine\n` +
      `${table(
        {
          case: "case",
          median: "median",
          p99: "p99",
          diff: "vs node -e 0",
          ratio: "ratio",
          cpu: "mean CPU (vs node)",
        },
        rows,
      )}\n`,
  );
}

main();
