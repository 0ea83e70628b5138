/**
 * The CLI's everyday commands at 100k entries, whole process, through the installed bin, with and without the
 * resident server: `npm run bench:fast-cli` (after `npm run build`), or
 * `node --import tsx bench/fast-cli.ts --runs 20 [--size 100k]`.
 *
 * A generated brain (bench/generate.ts, cached in bench/.data/) is copied to a temp HOME; one `brain stats` and
 * one `brain search` first leave its derived files (fold snapshot, recall index) as a brain in use has them.
 * Then every command runs RUNS times in process (no server), and RUNS times with `brain serve` running
 * (src/cli/served-cli.ts: the bin sends it to the server, which runs the same command code). `node -e 0` runs
 * in the same rounds as the baseline. Each served case is checked once to be answered by the server
 * (BRAIN_HOOK_TIMING), so the table never times a silent fallback. Prints: case | mode | runs | median | p99
 * | median over node -e 0 | median ÷ node -e 0 | mean CPU time (user + system of the client process; the
 * server's own work is not in it) | the server's CPU (mean user + system of `brain serve` around each served
 * command, from /proc: what the client column leaves out). Nothing here asserts on time
 * (test/serve/cli-served.test.ts checks behaviour).
 *
 * `--cases search,context` runs only those commands; `--modes server` (or `in process`) only that mode;
 * `--dist DIR` times another build's bin (e.g. a copy of main's dist/ beside a package.json and skills/, to
 * compare before and after on the same machine in one sitting).
 */
import { spawn, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { cachedBrain, GENERATED_END, parseSize } from "./generate.ts";
import { childrenCpu, cpuMs } from "./proc-cpu.ts";
import { median, ms, quantile, table } from "./stats.ts";

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const RUNS = Number(arg("--runs") ?? 20);
const SIZE = parseSize(arg("--size") ?? "100k");
const BIN = join(arg("--dist") ?? join(ROOT, "dist"), "cli", "brain.cjs");
const ONLY = arg("--cases")?.split(",");
const MODES = arg("--modes")?.split(",") ?? ["in process", "server"];
if (!fs.existsSync(BIN)) throw new Error(`${BIN} is missing: run \`npm run build\` first`);

const dir = fs.mkdtempSync(join(tmpdir(), "brain-bench-fast-cli-"));
const home = join(dir, "home");
const brainPath = join(dir, "brain", "brain.jsonl");
fs.mkdirSync(home);
fs.mkdirSync(dirname(brainPath));
fs.copyFileSync(cachedBrain(SIZE).path, brainPath);
const env: NodeJS.ProcessEnv = {
  PATH: process.env.PATH,
  HOME: home,
  TZ: "UTC",
  BRAIN_FSYNC: "0",
  BRAIN_SERVE_AUTOSTART: "0",
  BRAIN_NOW: GENERATED_END,
  BRAIN_PATH: brainPath,
};

/** A live entry's id (the best match of a search), for `brain get`. */
function someId(): string {
  const r = spawnSync(process.execPath, [BIN, "--json", "search", "deploy", "--limit", "1"], {
    env,
    cwd: dir,
    encoding: "utf8",
  });
  const id = (JSON.parse(r.stdout) as { data: { groups: { entries: { id: string }[] }[] } }).data.groups[0]
    ?.entries[0]?.id;
  if (!id) throw new Error(`no entry found to get: ${r.stdout}${r.stderr}`);
  return id;
}
const ID = someId();

interface Case {
  name: string;
  args: (i: number) => string[];
}
const ALL_CASES: Case[] = [
  { name: "add", args: (i) => ["add", "type=learning", `text=bench note ${i} ${process.pid} about deploys`] },
  { name: "search", args: () => ["search", "deploy", "staging"] },
  { name: "context", args: () => ["context"] },
  { name: "list", args: () => ["list"] },
  { name: "get", args: () => ["get", ID] },
  { name: "stats", args: () => ["stats"] },
];
const CASES = ALL_CASES.filter((c) => !ONLY || ONLY.includes(c.name));

interface Run {
  ms: number | null;
  cpu: number | null;
  stderr: string;
}

function time(args: string[], extra: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const c0 = childrenCpu();
    const child = spawn(process.execPath, args, {
      env: { ...env, ...extra },
      cwd: dir,
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      const c1 = childrenCpu();
      resolve({
        ms: code === 0 ? performance.now() - t0 : null,
        cpu: c0 !== null && c1 !== null ? c1 - c0 : null,
        stderr,
      });
    });
  });
}

const samples = new Map<string, { ms: (number | null)[]; cpu: number[]; server: number[]; own: number }>();
function add(key: string, r: Run, server = Number.NaN, served = serverPid !== null): void {
  const s = samples.get(key) ?? { ms: [], cpu: [], server: [], own: 0 };
  s.ms.push(r.ms);
  // A served command the bin ran itself after all (the server answered too late, past its 1 s): counted.
  if (served && !/answered by the server/.test(r.stderr)) s.own++;
  if (r.cpu !== null && r.ms !== null) s.cpu.push(r.cpu);
  if (!Number.isNaN(server)) s.server.push(server);
  samples.set(key, s);
}
/** The running server's pid (null in process). */
let serverPid: number | null = null;

async function rounds(mode: string, offset: number): Promise<void> {
  for (let round = -1; round < RUNS; round++) {
    // Round -1 warms the file cache (and the server's first answers) and is not counted.
    const base = await time(["-e", "0"]);
    if (round >= 0) add(`node -e 0\0${mode}`, base, Number.NaN, false);
    for (const c of CASES) {
      const s0 = serverPid === null ? Number.NaN : cpuMs(serverPid);
      const r = await time(
        [BIN, ...c.args(offset + round + 1)],
        serverPid === null ? {} : { BRAIN_HOOK_TIMING: "1" },
      );
      const s1 = serverPid === null ? Number.NaN : cpuMs(serverPid);
      if (round >= 0) add(`${c.name}\0${mode}`, r, s1 - s0);
    }
  }
}

/**
 * Until the server is idle (under 5 % of a core over a second, at most two minutes): a server just started
 * builds its association graph in slices between requests, and a brain in use has it built.
 */
async function settled(pid: number): Promise<void> {
  for (let waited = 0, last = cpuMs(pid); waited < 120_000; waited += 1000) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = cpuMs(pid);
    if (now - last < 50) return;
    last = now;
  }
}

/** `brain serve` in the background; resolves once it listens. */
function startServer(): Promise<{ stop: () => Promise<void>; pid: number }> {
  const child = spawn(process.execPath, [BIN, "serve", "--idle-minutes", "0"], {
    env,
    cwd: dir,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      if (/listening on/.test(out))
        resolve({
          pid: child.pid as number,
          stop: async () => {
            child.kill("SIGTERM");
            await exited;
          },
        });
    });
    child.once("exit", (code) => reject(new Error(`brain serve exited ${code}: ${out}`)));
  });
}

try {
  for (const args of [["stats"], ["search", "warm"]]) await time([BIN, ...args]);
  if (MODES.includes("in process")) await rounds("in process", 0);
  if (MODES.includes("server")) await served();
} finally {
  fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
}

async function served(): Promise<void> {
  const { stop, pid } = await startServer();
  try {
    // A server just started builds its association graph, and loads the recall index on its first search,
    // before it answers in time: each command is asked until the server answers it (at most 60 times).
    for (const c of CASES)
      for (let i = 0; ; i++) {
        const r = await time([BIN, ...c.args(-1 - i * CASES.length - CASES.indexOf(c))], {
          BRAIN_HOOK_TIMING: "1",
        });
        if (/answered by the server/.test(r.stderr)) break;
        if (i === 60) throw new Error(`brain ${c.name} is not answered by the server: ${r.stderr}`);
      }
    await settled(pid);
    serverPid = pid;
    await rounds("server", 10_000);
  } finally {
    serverPid = null;
    await stop();
  }
}

const okOf = (vs: (number | null)[]) => vs.filter((v): v is number => v !== null);
const nodeMedian = (mode: string) => median(okOf(samples.get(`node -e 0\0${mode}`)?.ms ?? []));
const rows = [...samples].map(([key, s]) => {
  const [name, mode] = key.split("\0") as [string, string];
  const ok = okOf(s.ms);
  const failed = s.ms.length - ok.length;
  const m = ok.length ? median(ok) : Number.NaN;
  const node = nodeMedian(mode);
  const isNode = name === "node -e 0";
  return {
    case: name,
    mode,
    size: isNode ? "" : `${SIZE / 1000}k`,
    runs: [
      String(ok.length),
      ...(failed ? [`(${failed} exited non-zero)`] : []),
      ...(s.own ? [`(${s.own} ran in process)`] : []),
    ].join(" "),
    median: ok.length ? ms(m) : "–",
    p99: ok.length ? ms(quantile(ok, 0.99)) : "–",
    over: isNode || !ok.length ? "" : `${m >= node ? "+" : "−"}${ms(Math.abs(m - node))}`,
    ratio: isNode || !ok.length ? "" : `${(m / node).toFixed(2)}×`,
    cpu: s.cpu.length ? ms(s.cpu.reduce((a, b) => a + b, 0) / s.cpu.length) : "–",
    server: s.server.length && !isNode ? ms(s.server.reduce((a, b) => a + b, 0) / s.server.length) : "",
  };
});
console.log(
  table(
    {
      case: "command",
      mode: "mode",
      size: "entries",
      runs: "runs",
      median: "median",
      p99: "p99",
      over: "over node -e 0",
      ratio: "÷ node -e 0",
      cpu: "CPU (mean)",
      server: "server CPU (mean)",
    },
    rows,
  ),
);
