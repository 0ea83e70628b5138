/**
 * Hook timings, whole process, through the installed bin: `npm run bench:hooks` (after `npm run build`), or
 * `node --import tsx bench/hooks.ts --runs 30 [--vs /other/checkout/dist/cli/brain.cjs] [--init] [--no-code-cache]`.
 *
 * Each case spawns `node dist/cli/brain.cjs hook <event>` with a Claude Code payload on stdin against a fresh
 * brain (one per build; `--init`: made by `brain init`) in a temp HOME, no resident server (the prompt and session-start hooks answer in process).
 * Every run sends a payload of its own (another session, another tool_use_id), so none is skipped as a
 * repeat firing (src/hooks/seen.ts). A learner holds its lock meanwhile (test/support/hold-lock.ts), as while
 * one is running: the queue hooks queue and start none, so no background learner competes with the runs
 * (`--spawn-learner` lets each start one, as on an idle brain). `node -e 0` runs in the same rounds as the
 * baseline; with `--vs`,
 * another build's bin runs each case too, interleaved run by run (A B A B …) so a drift of the machine's
 * speed hits both alike. Prints: case | build | runs | median | p99 | median over node -e 0 | mean CPU time
 * (user + system, Linux: steadier than wall time on a busy machine). Nothing here
 * asserts on time (the tests check behaviour: test/hooks/).
 */
import { spawn, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { errorSignature } from "../src/core/failure-signature.ts";
import { MAX_ENTRIES } from "../src/improve/failure-fold.ts";
import { FAILURE_HINT_HEADER } from "../src/improve/failure-lookup.ts";
import { childrenCpu } from "./proc-cpu.ts";
import { median, ms, quantile, table } from "./stats.ts";

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const RUNS = Number(arg("--runs") ?? 30);
const SPAWN_LEARNER = process.argv.includes("--spawn-learner");
const BUILDS: Record<string, string> = { this: join(ROOT, "dist", "cli", "brain.cjs") };
const other = arg("--vs");
if (other) BUILDS.vs = other;
for (const bin of Object.values(BUILDS))
  if (!fs.existsSync(bin)) throw new Error(`${bin} is missing: run \`npm run build\` first`);

const dir = fs.mkdtempSync(join(tmpdir(), "brain-bench-hooks-"));
const home = join(dir, "home");
const project = join(dir, "project");
fs.mkdirSync(home);
fs.mkdirSync(join(project, ".git"), { recursive: true });
fs.writeFileSync(join(dir, "transcript.jsonl"), '{"type":"user"}\n');
// Hooks in process: no resident server started by the session-start hook (serve.autoStart is on by default).
// Each build has a brain of its own: their derived files (recall index, graph) differ in format, and a
// shared brain would have each build rebuild the other's on every run.
const NO_CODE_CACHE = process.argv.includes("--no-code-cache");
const envFor = (build: string): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  HOME: home,
  TZ: "UTC",
  BRAIN_FSYNC: "0",
  BRAIN_SERVE_AUTOSTART: "0",
  BRAIN_PATH: join(dir, `brain-${build}`, "brain.jsonl"),
  // `--no-code-cache`: every run compiles the bin's bundles from source (src/cli/code-cache.ts); by default
  // the first run of each hook writes the cache in the bench's HOME and the others take it back, as a user's.
  ...(NO_CODE_CACHE ? { BRAIN_CODE_CACHE: "off" } : {}),
});
const baseEnv = envFor("none");
/** `--init`: each brain made by its build's `brain init` first (the defaults on disk, as after a real install). */
const INIT = process.argv.includes("--init");

/** A learner holding its lock (`.brain/learn.lock`, refreshed every second) until the bench ends. */
async function holdLearnerLock(brainPath: string): Promise<() => void> {
  const target = join(dirname(brainPath), ".brain", "learn");
  fs.mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
  const holder = spawn(
    process.execPath,
    ["--import", "tsx", join(ROOT, "test", "support", "hold-lock.ts"), target, "learn"],
    {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  await new Promise<void>((resolve, reject) => {
    holder.stdout.once("data", () => resolve());
    holder.once("exit", (code) => reject(new Error(`hold-lock exited ${code}`)));
  });
  return () => holder.kill("SIGTERM");
}

/** A payload of its own for run `i`. */
const input = (i: number, event: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    session_id: `bench-session-${i}`,
    transcript_path: join(dir, "transcript.jsonl"),
    cwd: project,
    hook_event_name: event,
    ...extra,
  });

const cpu = new Map<string, number[]>();

/** Wall time of one child process from spawn to exit, in ms; null when it exits non-zero. */
function time(
  args: string[],
  stdin: string | undefined,
  keepOpen = false,
  key?: string,
  env: NodeJS.ProcessEnv = baseEnv,
): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const c0 = childrenCpu();
    const child = spawn(process.execPath, args, { env, cwd: project, stdio: ["pipe", "ignore", "ignore"] });
    child.stdin.on("error", () => {});
    if (stdin !== undefined) child.stdin.write(stdin);
    if (!keepOpen) child.stdin.end();
    child.on("error", reject);
    child.on("close", (code) => {
      const c1 = childrenCpu();
      if (key && code === 0 && c0 !== null && c1 !== null) cpu.set(key, [...(cpu.get(key) ?? []), c1 - c0]);
      resolve(code === 0 ? performance.now() - t0 : null);
    });
  });
}

interface Case {
  name: string;
  event: string;
  stdin: (i: number) => string;
  keepOpen?: boolean;
}

const bash = (i: number) => ({
  tool_name: "Bash",
  tool_input: { command: "npm test" },
  tool_use_id: `toolu_${i}`,
});
const CASES: Case[] = [
  {
    name: "session-start",
    event: "session-start",
    stdin: (i) => input(i, "SessionStart", { source: "startup" }),
  },
  {
    name: "user-prompt-submit",
    event: "user-prompt-submit",
    stdin: (i) => input(i, "UserPromptSubmit", { prompt: "how do we run the tests?" }),
  },
  { name: "stop", event: "stop", stdin: (i) => input(i, "Stop", { stop_hook_active: false }) },
  { name: "session-end", event: "session-end", stdin: (i) => input(i, "SessionEnd", { reason: "clear" }) },
  {
    name: "session-end, stdin left open",
    event: "session-end",
    stdin: (i) => input(i, "SessionEnd", { reason: "clear" }),
    keepOpen: true,
  },
  {
    name: "post-tool-use",
    event: "post-tool-use",
    stdin: (i) =>
      input(i, "PostToolUse", {
        ...bash(i),
        tool_response: { stdout: "ok", stderr: "", interrupted: false },
      }),
  },
  {
    name: "post-tool-use-failure",
    event: "post-tool-use-failure",
    stdin: (i) => input(i, "PostToolUseFailure", { ...bash(i), error: "Exit code 1\nnpm ERR! Test failed." }),
  },
  {
    // A failure the index knows (of MAX_ENTRIES, the largest it gets): the hook answers with a hint.
    name: "post-tool-use-failure, hint",
    event: "post-tool-use-failure",
    stdin: (i) =>
      input(i, "PostToolUseFailure", {
        tool_name: "Bash",
        tool_input: { command: "pnpm deploy" },
        tool_use_id: `toolu_hint_${i}`,
        error: "Exit code 1\nERR_PNPM_NO_SCRIPT Missing script: deploy",
      }),
  },
];

/** The failure index at its largest (src/improve/failure-fold.ts MAX_ENTRIES), one entry the hint case matches. */
function seedFailureIndex(brainPath: string): void {
  const entries = Array.from({ length: MAX_ENTRIES }, (_, i) => ({
    tool: "Bash",
    cmd: i === 0 ? "pnpm deploy" : `tool${i} run`,
    sig: errorSignature(
      i === 0 ? "ERR_PNPM_NO_SCRIPT Missing script: deploy" : `error ${i}: something failed`,
    ),
    project,
    count: 3,
    first: "2026-03-01T10:00:00.000Z",
    last: {
      at: "2026-03-02T10:00:00.000Z",
      session: "earlier",
      target: i === 0 ? "pnpm deploy" : `tool${i} run`,
    },
    fix: {
      what: "pnpm run deploy:prod",
      kind: "command",
      at: "2026-03-02T10:01:00.000Z",
      session: "earlier",
    },
  }));
  const file = join(dirname(brainPath), ".brain", "failure-index.json");
  fs.mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  fs.writeFileSync(file, JSON.stringify({ v: 1, entries, pending: [], pos: { offset: 0, line: 0 } }));
}
for (const [build, bin] of Object.entries(BUILDS)) {
  const brainPath = envFor(build).BRAIN_PATH as string;
  if (INIT) spawnSync(process.execPath, [bin, "init"], { env: envFor(build), cwd: project, stdio: "ignore" });
  seedFailureIndex(brainPath);
}

/** The hint case must print a hint, or its timing measures something else. */
async function checkHint(build: string, bin: string): Promise<void> {
  const c = CASES.find((x) => x.name === "post-tool-use-failure, hint") as Case;
  const out = await new Promise<string>((resolve) => {
    const child = spawn(process.execPath, [bin, "hook", c.event], { env: envFor(build), cwd: project });
    let text = "";
    child.stdout.on("data", (d) => {
      text += d;
    });
    child.on("close", () => resolve(text));
    child.stdin.end(c.stdin(-100));
  });
  if (!out.includes(FAILURE_HINT_HEADER))
    console.log(`note: ${bin} gives no failure hint (${out || "nothing"})`);
}

for (const [build, bin] of Object.entries(BUILDS)) await checkHint(build, bin);
const releases = SPAWN_LEARNER
  ? []
  : await Promise.all(Object.keys(BUILDS).map((b) => holdLearnerLock(envFor(b).BRAIN_PATH as string)));
const release = () => {
  for (const r of releases) r();
};
const samples = new Map<string, (number | null)[]>();
const add = (key: string, v: number | null) => samples.set(key, [...(samples.get(key) ?? []), v]);
try {
  for (let round = -1; round < RUNS; round++) {
    // Round -1 warms the file cache and is not counted.
    const baseline = await time(["-e", "0"], undefined, false, round >= 0 ? "node -e 0" : undefined);
    if (round >= 0) add("node -e 0", baseline);
    for (const c of CASES)
      for (const [build, bin] of Object.entries(BUILDS)) {
        const t = await time(
          [bin, "hook", c.event],
          c.stdin(round * 10 + Object.keys(BUILDS).indexOf(build)),
          c.keepOpen,
          round >= 0 ? `${c.name}\0${build}` : undefined,
          envFor(build),
        );
        if (round >= 0) add(`${c.name}\0${build}`, t);
      }
  }
} finally {
  release();
  fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
}

const cpuMean = (key: string) => {
  const vs = cpu.get(key) ?? [];
  return vs.length ? ms(vs.reduce((a, b) => a + b, 0) / vs.length) : "–";
};
const node = median(samples.get("node -e 0")?.filter((v): v is number => v !== null) ?? []);
const rows = [...samples].map(([key, vs]) => {
  const [name, build] = key.split("\0") as [string, string | undefined];
  const ok = vs.filter((v): v is number => v !== null);
  const failed = vs.length - ok.length;
  const m = ok.length ? median(ok) : Number.NaN;
  return {
    case: name,
    build: build ? (build === "this" ? "this build" : (BUILDS[build] ?? build)) : "",
    runs: failed ? `${ok.length} (${failed} exited non-zero)` : String(ok.length),
    median: ok.length ? ms(m) : "–",
    p99: ok.length ? ms(quantile(ok, 0.99)) : "–",
    over: build && ok.length ? `${m >= node ? "+" : "−"}${ms(Math.abs(m - node))}` : "",
    cpu: cpuMean(key),
  };
});
console.log(
  table(
    {
      case: "case",
      build: "build",
      runs: "runs",
      median: "median",
      p99: "p99",
      over: "over node -e 0",
      cpu: "CPU (mean)",
    },
    rows,
  ),
);
