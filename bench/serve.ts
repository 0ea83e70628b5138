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
 *   - a CLI append (`brain add`, a separate process) until the server's event stream delivers it.
 * Checks that both hook paths print the same text. Nothing here asserts on time; nothing runs under npm test.
 */
import { spawn, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import { Agent, request } from "node:http";
import * as os from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { BENCH_CWD, cachedBrain, DATA_DIR, GENERATED_END, parseSize } from "./generate.ts";
import { median, ms, quantile, table } from "./stats.ts";

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const BIN = join(ROOT, "dist", "cli", "main.js");
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
  };
}

const hookInput = JSON.stringify({
  session_id: "bench-serve",
  hook_event_name: "UserPromptSubmit",
  cwd: BENCH_CWD,
  prompt: PROMPT,
});

function runSync(
  args: string[],
  e: NodeJS.ProcessEnv,
  input = "",
): { ms: number; stdout: string; stderr: string } {
  const t = performance.now();
  const r = spawnSync(process.execPath, args, { env: e, input, encoding: "utf8", cwd: WORK });
  const elapsed = performance.now() - t;
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`${args.join(" ")} exited ${r.status}:\n${r.stderr.slice(-2000)}`);
  return { ms: elapsed, stdout: r.stdout, stderr: r.stderr };
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

/** From spawning `brain add` until the event stream delivers its line (the CLI process's start-up included). */
async function appendToEvent(info: Info, brainPath: string, o: Options): Promise<number[]> {
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
    const child = spawn(
      process.execPath,
      [BIN, "add", "type=learning", `text=bench append ${process.pid} ${i}`],
      {
        env: env(brainPath),
        cwd: WORK,
        stdio: "ignore",
      },
    );
    child.on("error", () => {});
    const at = await arrived;
    if (i >= o.warmup) samples.push(at - t);
    await new Promise((r) => child.on("close", r));
  }
  req.destroy();
  return samples;
}

async function main(): Promise<void> {
  const o = parseArgs(process.argv.slice(2));
  fs.rmSync(WORK, { recursive: true, force: true });
  fs.mkdirSync(join(WORK, "home"), { recursive: true });
  const rows: Record<"size" | "case" | "median" | "p99" | "diff" | "ratio", string>[] = [];
  for (const n of o.sizes) {
    const label = `${n / 1000}k`;
    const source = cachedBrain(n).path;
    const served = join(WORK, label, "served", "brain.jsonl");
    const plain = join(WORK, label, "plain", "brain.jsonl");
    for (const p of [served, plain]) {
      fs.mkdirSync(dirname(p), { recursive: true });
      fs.copyFileSync(source, p);
      // Warm the derived files (fold snapshot, recall index) as a brain in use has them.
      runSync([BIN, "hook", "user-prompt-submit"], env(p), hookInput);
    }
    const server = await startServer(served);
    try {
      const hook = [BIN, "hook", "user-prompt-submit"];
      const withServer = runSync(hook, { ...env(served), BRAIN_HOOK_TIMING: "1" }, hookInput);
      const without = runSync(hook, { ...env(plain), BRAIN_HOOK_TIMING: "1" }, hookInput);
      if (!/answered by the server/.test(withServer.stderr))
        throw new Error(`not served: ${withServer.stderr}`);
      if (withServer.stdout !== without.stdout) throw new Error("the two hook paths printed different text");
      process.stderr.write(`[serve ${label}] hook output: ${withServer.stdout.slice(0, 120)}…\n`);

      const context = await apiLatency(server.info, "/api/context", { cwd: BENCH_CWD, query: PROMPT }, o);
      const hookApi = await apiLatency(server.info, "/api/hook/user-prompt-submit", JSON.parse(hookInput), o);

      const cases = [
        {
          name: "node -e 0 (baseline)",
          args: ["-e", "0"],
          env: env(plain),
          input: "",
          samples: [] as number[],
        },
        {
          name: "hook prompt, no server",
          args: hook,
          env: env(plain),
          input: hookInput,
          samples: [] as number[],
        },
        {
          name: "hook prompt, server",
          args: hook,
          env: env(served),
          input: hookInput,
          samples: [] as number[],
        },
      ];
      for (let round = 0; round < o.warmup + o.runs; round++)
        for (const c of cases) {
          const r = runSync(c.args, c.env, c.input);
          if (round >= o.warmup) c.samples.push(r.ms);
        }
      const append = await appendToEvent(server.info, served, o);
      const base = median(cases[0]?.samples ?? []);
      const row = (name: string, xs: number[], vsNode: boolean) => {
        const m = median(xs);
        return {
          size: label,
          case: name,
          median: ms(m),
          p99: ms(quantile(xs, 0.99)),
          diff: vsNode ? (name.startsWith("node") ? "—" : `+${ms(m - base)}`) : "",
          ratio: vsNode ? `${(m / base).toFixed(2)}×` : "",
        };
      };
      rows.push(
        row("API POST /api/context (query), in server", context, false),
        row("API POST /api/hook/user-prompt-submit, in server", hookApi, false),
        ...cases.map((c) => row(c.name, c.samples, true)),
        row("CLI `brain add` spawned → SSE append received", append, false),
      );
    } finally {
      await server.stop();
    }
  }
  agent.destroy();
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  process.stdout.write(
    `brain serve — node ${process.version}, ${os.cpus().length}× ${cpu}, load ${os.loadavg()[0]?.toFixed(2)}; ` +
      `${o.runs} whole-process runs per case (API: ${o.runs * 3} requests) after ${o.warmup} warm-up rounds\n` +
      `${table(
        { size: "size", case: "case", median: "median", p99: "p99", diff: "vs node -e 0", ratio: "ratio" },
        rows,
      )}\n`,
  );
}

// Run when started as a script (bench/serve-viewer.ts imports the server helpers).
if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
