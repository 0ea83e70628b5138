/**
 * Resident server benchmark: `npm run bench:serve -- [--sizes 10k,100k] [--runs 30] [--warmup 3]`
 * (after `npm run build`).
 *
 * Per brain size (bench/generate.ts, cached under bench/.data/): starts `brain serve` on a copy of the brain,
 * then measures
 *   - the API: `POST /api/context` with a query, and `POST /api/hook/user-prompt-submit`, in-process latency
 *     seen by a keep-alive client (p50 / p99);
 *   - the Claude Code prompt hook as a whole process (`brain hook user-prompt-submit`, JSON on stdin), with
 *     the server and without it (a second copy of the brain, no server), against `node -e 0`, round-robin in
 *     the same run (warm-up rounds first; the hook's fold snapshot and recall index are warm in both);
 *   - an append by another process until the server's event stream delivers it: a `brain add` process (its
 *     start-up included), and a process that has the brain open already (the watch and refresh alone).
 * Checks that both hook paths print the same text. Nothing here asserts on time; nothing runs under npm test.
 */
import { spawn, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import { Agent, request } from "node:http";
import * as os from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { BENCH_CWD, cachedBrain, DATA_DIR, GENERATED_END, parseSize } from "./generate.ts";
import { cpuMs } from "./proc-cpu.ts";
import { mean, median, ms, quantile, table } from "./stats.ts";

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const BIN = join(ROOT, "dist", "cli", "main.js");
/** What an agent's hook runs: the installed bin (package.json "bin"). */
const HOOK_BIN = join(ROOT, "dist", "cli", "brain.cjs");
const WORK = join(DATA_DIR, "serve");
const PROMPT = "how do I run the tests with pnpm in the api project";

interface Options {
  sizes: number[];
  runs: number;
  warmup: number;
}

function parseArgs(argv: string[]): Options {
  const o: Options = { sizes: [100_000], runs: 30, warmup: 3 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const v = () => argv[++i] as string;
    if (a === "--sizes") o.sizes = v().split(",").map(parseSize);
    else if (a === "--runs") o.runs = Number(v());
    else if (a === "--warmup") o.warmup = Number(v());
    else throw new Error(`unknown argument ${a} (--sizes 10k,100k --runs 30 --warmup 3)`);
  }
  if (!fs.existsSync(BIN)) throw new Error(`${BIN} is missing: run \`npm run build\` first`);
  return o;
}

export function env(brainPath: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: join(WORK, "home"),
    BRAIN_PATH: brainPath,
    BRAIN_CONFIG: join(WORK, "no-config.json"),
    BRAIN_NOW: GENERATED_END,
    BRAIN_FSYNC: "0",
    BRAIN_SERVE_AUTOSTART: "0",
  };
}

const hookInput = JSON.stringify({
  session_id: "bench-serve",
  hook_event_name: "UserPromptSubmit",
  cwd: BENCH_CWD,
  prompt: PROMPT,
});

/** One whole process: wall time, and CPU time (its own, plus the server's meanwhile when `serverPid`). */
function runSync(
  args: string[],
  e: NodeJS.ProcessEnv,
  input = "",
  serverPid?: number,
): { ms: number; cpu: number; stdout: string; stderr: string } {
  const cpu = () => cpuMs("self") + (serverPid ? cpuMs(serverPid) : 0);
  const c0 = cpu();
  const t = performance.now();
  const r = spawnSync(process.execPath, args, { env: e, input, encoding: "utf8", cwd: WORK });
  const elapsed = performance.now() - t;
  const used = cpu() - c0;
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`${args.join(" ")} exited ${r.status}:\n${r.stderr.slice(-2000)}`);
  return { ms: elapsed, cpu: used, stdout: r.stdout, stderr: r.stderr };
}

interface Info {
  pid: number;
  port: number;
  token: string;
}

export async function startServer(brainPath: string): Promise<{ info: Info; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [BIN, "serve", "--idle-minutes", "0"], {
    env: env(brainPath),
    cwd: WORK,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<void>((r) => child.on("close", () => r()));
  await new Promise<void>((resolve, reject) => {
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      out += d;
      if (out.includes("listening on")) resolve();
    });
    child.on("close", (code) => reject(new Error(`brain serve exited ${code}: ${out}`)));
  });
  const info = JSON.parse(fs.readFileSync(join(dirname(brainPath), ".brain", "serve.json"), "utf8")) as Info;
  return {
    info,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

function post(
  info: Info,
  path: string,
  body: unknown,
): Promise<{ ms: number; status: number; text: string }> {
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const req = request(
      {
        host: "127.0.0.1",
        port: info.port,
        path,
        method: "POST",
        agent,
        headers: {
          authorization: `Bearer ${info.token}`,
          "content-type": "application/json",
          "content-length": payload.length,
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8").on("data", (d: string) => {
          text += d;
        });
        res.on("end", () => resolve({ ms: performance.now() - t, status: res.statusCode ?? 0, text }));
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

async function apiLatency(info: Info, path: string, body: unknown, o: Options): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < o.warmup + o.runs * 3; i++) {
    const r = await post(info, path, body);
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${r.text.slice(0, 500)}`);
    if (i >= o.warmup) out.push(r.ms);
  }
  return out;
}

/** Until the event stream delivers the line `write` appends (sampled `runs` times after `warmup`). */
async function appendToEvent(info: Info, write: (i: number) => Promise<void>, o: Options): Promise<number[]> {
  const samples: number[] = [];
  let waiting: ((t: number) => void) | null = null;
  const req = request({
    host: "127.0.0.1",
    port: info.port,
    path: "/api/events",
    headers: { authorization: `Bearer ${info.token}` },
    agent: false,
  });
  req.on("response", (res) => {
    res.setEncoding("utf8").on("data", (d: string) => {
      if (d.includes("event: append")) waiting?.(performance.now());
    });
  });
  req.end();
  await new Promise((r) => setTimeout(r, 200));
  for (let i = 0; i < o.warmup + o.runs; i++) {
    const arrived = new Promise<number>((r) => {
      waiting = r;
    });
    const t = performance.now();
    const [at] = await Promise.all([arrived, write(i)]);
    if (i >= o.warmup) samples.push(at - t);
  }
  req.destroy();
  return samples;
}

/** A `brain add` process (its start-up included). */
const cliAdd = (brainPath: string) => (i: number) =>
  new Promise<void>((resolve) => {
    const child = spawn(
      process.execPath,
      [BIN, "add", "type=learning", `text=bench cli append ${process.pid} ${i}`],
      {
        env: env(brainPath),
        cwd: WORK,
        stdio: "ignore",
      },
    );
    child.on("error", () => resolve());
    child.on("close", () => resolve());
  });

/** An append by another process that has the brain open already (this one, through the library). */
async function libraryAdd(
  brainPath: string,
): Promise<{ write: (i: number) => Promise<void>; close: () => void }> {
  const { Brain } = await import("../src/engine/brain.ts");
  const brain = Brain.open({ path: brainPath, fsync: false });
  return {
    write: async (i) => {
      await brain.act({ action: "add", type: "learning", text: `bench library append ${process.pid} ${i}` });
    },
    close: () => brain.close(),
  };
}

async function main(): Promise<void> {
  const o = parseArgs(process.argv.slice(2));
  fs.rmSync(WORK, { recursive: true, force: true });
  fs.mkdirSync(join(WORK, "home"), { recursive: true });
  const rows: Record<"size" | "case" | "median" | "p99" | "diff" | "ratio" | "cpu", string>[] = [];
  for (const n of o.sizes) {
    const label = `${n / 1000}k`;
    const source = cachedBrain(n).path;
    const served = join(WORK, label, "served", "brain.jsonl");
    const plain = join(WORK, label, "plain", "brain.jsonl");
    for (const p of [served, plain]) {
      fs.mkdirSync(dirname(p), { recursive: true });
      fs.copyFileSync(source, p);
      // Warm the derived files (fold snapshot, recall index) as a brain in use has them.
      runSync([HOOK_BIN, "hook", "user-prompt-submit"], env(p), hookInput);
    }
    const server = await startServer(served);
    try {
      const hook = [HOOK_BIN, "hook", "user-prompt-submit"];
      const withServer = runSync(hook, { ...env(served), BRAIN_HOOK_TIMING: "1" }, hookInput);
      const without = runSync(hook, { ...env(plain), BRAIN_HOOK_TIMING: "1" }, hookInput);
      if (!/answered by the server/.test(withServer.stderr))
        throw new Error(`not served: ${withServer.stderr}`);
      if (withServer.stdout !== without.stdout) throw new Error("the two hook paths printed different text");
      process.stderr.write(`[serve ${label}] hook output: ${withServer.stdout.slice(0, 120)}…\n`);

      const context = await apiLatency(server.info, "/api/context", { cwd: BENCH_CWD, query: PROMPT }, o);
      const contextLean = await apiLatency(
        server.info,
        "/api/context",
        { cwd: BENCH_CWD, query: PROMPT, explain: false },
        o,
      );
      const hookApi = await apiLatency(server.info, "/api/hook/user-prompt-submit", JSON.parse(hookInput), o);

      const pid = server.info.pid;
      const mk = (name: string, args: string[], e: NodeJS.ProcessEnv, input: string, serverPid?: number) => ({
        name,
        args,
        env: e,
        input,
        serverPid,
        samples: [] as number[],
        cpu: [] as number[],
      });
      const cases = [
        mk("node -e 0 (baseline)", ["-e", "0"], env(plain), ""),
        mk("hook prompt, no server", hook, env(plain), hookInput),
        mk("hook prompt, server", hook, env(served), hookInput, pid),
      ];
      for (let round = 0; round < o.warmup + o.runs; round++)
        for (const c of cases) {
          const r = runSync(c.args, c.env, c.input, c.serverPid);
          if (round >= o.warmup) {
            c.samples.push(r.ms);
            c.cpu.push(r.cpu);
          }
        }
      const append = await appendToEvent(server.info, cliAdd(served), o);
      const lib = await libraryAdd(served);
      const appendLib = await appendToEvent(server.info, lib.write, o);
      lib.close();
      const base = median(cases[0]?.samples ?? []);
      const baseCpu = mean(cases[0]?.cpu ?? []);
      const row = (name: string, xs: number[], vsNode: boolean, cpu?: number[]) => {
        const m = median(xs);
        const first = name.startsWith("node");
        return {
          cpu: cpu ? `${ms(mean(cpu))}${first ? "" : ` (+${ms(mean(cpu) - baseCpu)})`}` : "",
          size: label,
          case: name,
          median: ms(m),
          p99: ms(quantile(xs, 0.99)),
          diff: vsNode ? (name.startsWith("node") ? "—" : `+${ms(m - base)}`) : "",
          ratio: vsNode ? `${(m / base).toFixed(2)}×` : "",
        };
      };
      rows.push(
        row("API POST /api/context (query, explain), in server", context, false),
        row("API POST /api/context (query, explain: false), in server", contextLean, false),
        row("API POST /api/hook/user-prompt-submit, in server", hookApi, false),
        ...cases.map((c) => row(c.name, c.samples, true, c.cpu)),
        row("CLI `brain add` spawned → SSE append received", append, false),
        row("append by another (warm) process → SSE append received", appendLib, false),
      );
    } finally {
      await server.stop();
    }
  }
  agent.destroy();
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  process.stdout.write(
    `brain serve — node ${process.version}, ${os.cpus().length}× ${cpu}, load ${os.loadavg()[0]?.toFixed(2)}; ` +
      `${o.runs} whole-process runs per case (API: ${o.runs * 3} requests) after ${o.warmup} warm-up rounds; ` +
      `CPU = user + system time of the hook process plus, with the server, the server's for that request ` +
      `(10 ms ticks, mean): steadier than wall time on a loaded machine\n` +
      `${table(
        {
          size: "size",
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

// Run when started as a script (bench/serve-viewer.ts imports the server helpers).
if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
