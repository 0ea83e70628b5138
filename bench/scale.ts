/**
 * A year of sessions (issue 24): `npm run build && node --import tsx bench/scale.ts [--sizes 100k,1M]
 * [--runs 20] [--cold 3]`.
 *
 * Per size N: N synthetic chat turns (10 a session, ~45 words each, two speakers, dated a few minutes apart,
 * words drawn Zipf-like from a fixed vocabulary; deterministic, cached under bench/.data/scale/) in the
 * generic JSONL format, fed to a fresh brain with `brain ingest` of the built CLI (dist/cli/brain.cjs), in
 * files of 100k turns (a heavy user's ten weeks each) — the incremental path every later import takes. Then:
 *   - ingest: turns/s over all files, CPU time and the peak RSS of the largest process (GNU time);
 *   - sizes: episodes.jsonl against the recall index file(s) beside it in .brain/;
 *   - cold `brain search` and `brain context --query` (no server): wall, CPU and peak RSS, median of --cold;
 *   - the resident server (`brain serve`): time from spawn to the first answered prompt hook, its RSS then,
 *     GET /api/search p50/p99 over varied queries, POST /api/hook/user-prompt-submit p50/p99, its RSS after
 *     the load (VmRSS, and VmHWM: the peak);
 *   - the prompt hook as a whole process with the server running against `node -e 0`, interleaved run by
 *     run (median wall, mean CPU of hook + server).
 * Nothing here asserts on time; wall time is noisy on a shared machine, so CPU time and RSS are printed too.
 */
import { spawn, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import { Agent, request } from "node:http";
import { join } from "node:path";
import { freezeBuild } from "./built.ts";
import { BENCH_CWD, DATA_DIR, Prng, parseSize } from "./generate.ts";
import { cpuMs } from "./proc-cpu.ts";
import { COMMON, queries, VOCAB, zipf } from "./scale-words.ts";
import { mean, median, ms, quantile, table } from "./stats.ts";

const WORK = join(DATA_DIR, "scale");
/** A frozen copy of dist/ (a rebuild during a long run must not change what is measured). */
const DIST = join(WORK, "build");
const BIN = join(DIST, "cli", "brain.cjs");
const PART = 100_000;
const TURNS_PER_SESSION = 10;
const START_MS = Date.parse("2025-01-01T09:00:00.000Z");
const END = "2026-01-01T00:00:00.000Z";
const GEN_VERSION = 1;

interface Options {
  sizes: number[];
  runs: number;
  cold: number;
  /** Reuse the brain a previous run of this build ingested: measure the server only. */
  serverOnly: boolean;
  /** Node options for the server process (a memory probe: `--expose-gc --import probe.mjs`). */
  nodeArgs: string[];
}

function parseArgs(argv: string[]): Options {
  const o: Options = { sizes: [100_000], runs: 20, cold: 3, serverOnly: false, nodeArgs: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const v = () => argv[++i] as string;
    if (a === "--sizes") o.sizes = v().split(",").map(parseSize);
    else if (a === "--runs") o.runs = Number(v());
    else if (a === "--cold") o.cold = Number(v());
    else if (a === "--server-only") o.serverOnly = true;
    else if (a === "--node-args") o.nodeArgs = v().split(" ").filter(Boolean);
    else throw new Error(`unknown argument ${a} (--sizes 100k,1M --runs 20 --cold 3)`);
  }
  return o;
}

// ── synthetic turns ──

function turnText(rng: Prng, topic: string[]): string {
  const words: string[] = [];
  for (let n = rng.int(35, 55); n > 0; n--) {
    const r = rng.float();
    words.push(r < 0.4 ? rng.pick(COMMON) : r < 0.6 ? rng.pick(topic) : zipf(VOCAB, rng));
  }
  return `${words.join(" ")}.`;
}

/** Turns [from, to) of the synthetic history, as generic JSONL lines. */
function* turns(from: number, to: number): Generator<string> {
  let topic: string[] = [];
  for (let i = from; i < to; i++) {
    const s = Math.floor(i / TURNS_PER_SESSION);
    const rng = new Prng(1_000_003 * s + (i % TURNS_PER_SESSION));
    if (i % TURNS_PER_SESSION === 0 || topic.length === 0) {
      const t = new Prng(s);
      topic = Array.from({ length: 6 }, () => zipf(VOCAB, t));
    }
    // About 30 sessions a day: a year of a heavy user at 1M turns.
    const date = new Date(START_MS + s * 2_880_000 + (i % TURNS_PER_SESSION) * 60_000).toISOString();
    const speaker = i % 2 === 0 ? "user" : "assistant";
    yield JSON.stringify({ session: `s${s}`, date, speaker, text: turnText(rng, topic) });
  }
}

/** The cached input files for the first `n` turns (100k a file). */
function inputs(n: number): string[] {
  const dir = join(WORK, `input-v${GEN_VERSION}`);
  fs.mkdirSync(dir, { recursive: true });
  const files: string[] = [];
  for (let from = 0; from < n; from += PART) {
    const to = Math.min(n, from + PART);
    const file = join(dir, `turns-${from}-${to}.jsonl`);
    if (!fs.existsSync(file)) {
      const lines = [...turns(from, to)];
      fs.writeFileSync(`${file}.tmp`, `${lines.join("\n")}\n`);
      fs.renameSync(`${file}.tmp`, file);
    }
    files.push(file);
  }
  return files;
}

// ── processes ──

function env(brainPath: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: join(WORK, "home"),
    BRAIN_PATH: brainPath,
    BRAIN_CONFIG: join(WORK, "no-config.json"),
    BRAIN_NOW: END,
    BRAIN_FSYNC: "0",
    BRAIN_SERVE_AUTOSTART: "0",
  };
}

interface Run {
  wall: number;
  cpu: number;
  rssMb: number;
  stdout: string;
  stderr: string;
}

/** One process under GNU time: wall (ms), CPU user+system (ms), peak RSS (MiB). */
function timed(args: string[], e: NodeJS.ProcessEnv, input = ""): Run {
  const marker = join(WORK, "time.out");
  // Wall time from this clock around the run (time's %e counts in 10 ms steps), the same overhead for both.
  const t0 = process.hrtime.bigint();
  const r = spawnSync("/usr/bin/time", ["-o", marker, "-f", "%e %U %S %M", process.execPath, ...args], {
    env: e,
    input,
    encoding: "utf8",
    cwd: BENCH_CWD_DIR,
    maxBuffer: 1 << 28,
  });
  if (r.status !== 0) throw new Error(`${args.join(" ")} exited ${r.status}:\n${r.stderr.slice(-2000)}`);
  const wall = Number(process.hrtime.bigint() - t0) / 1e6;
  const [, user, sys, kb] =
    fs.readFileSync(marker, "utf8").trim().split("\n").pop()?.split(" ").map(Number) ?? [];
  return {
    wall,
    cpu: ((user as number) + (sys as number)) * 1000,
    rssMb: (kb as number) / 1024,
    stdout: r.stdout,
    stderr: r.stderr,
  };
}

const BENCH_CWD_DIR = WORK;

/** /proc/<pid>/status fields in MiB (VmRSS, VmHWM). */
function memOf(pid: number): { rss: number; hwm: number } {
  const s = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(s)?.[1] ?? Number.NaN) / 1024;
  return { rss: kb("VmRSS"), hwm: kb("VmHWM") };
}

interface Info {
  pid: number;
  port: number;
  token: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/**
 * One request on the kept-alive socket. A socket the server closed as idle while this request was sent on it is
 * reset (Node's documented keep-alive race, more likely while a busy server's timers run late): the request is
 * sent again once, on a fresh socket, as Node's documentation advises (`req.reusedSocket`).
 */
async function http(
  info: Info,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ ms: number; text: string }> {
  try {
    return await httpOnce(info, method, path, body);
  } catch (e) {
    if ((e as { reused?: boolean }).reused !== true) throw e;
    return httpOnce(info, method, path, body);
  }
}

function httpOnce(
  info: Info,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ ms: number; text: string }> {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const req = request(
      {
        host: "127.0.0.1",
        port: info.port,
        path,
        method,
        agent,
        headers: {
          authorization: `Bearer ${info.token}`,
          ...(payload ? { "content-type": "application/json", "content-length": payload.length } : {}),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8").on("data", (d: string) => {
          text += d;
        });
        res.on("end", () => {
          if (res.statusCode !== 200) reject(new Error(`${path}: ${res.statusCode} ${text.slice(0, 300)}`));
          else resolve({ ms: performance.now() - t, text });
        });
      },
    );
    req.on("error", (e: NodeJS.ErrnoException) =>
      reject(req.reusedSocket && e.code === "ECONNRESET" ? Object.assign(e, { reused: true }) : e),
    );
    req.end(payload);
  });
}

const hookInput = (prompt: string) =>
  JSON.stringify({ session_id: "bench-scale", hook_event_name: "UserPromptSubmit", cwd: BENCH_CWD, prompt });

// ── one size ──

type Row = Record<"size" | "what" | "value" | "detail", string>;

async function measure(n: number, o: Options, rows: Row[]): Promise<void> {
  const label = n >= 1_000_000 ? `${n / 1_000_000}M` : `${n / 1000}k`;
  const add = (what: string, value: string, detail = "") => {
    rows.push({ size: label, what, value, detail });
    process.stderr.write(`[scale ${label}] ${what}: ${value} ${detail}\n`);
  };
  const files = inputs(n);
  const dir = join(WORK, label);
  const brainPath = join(dir, "brain.jsonl");
  const e = env(brainPath);
  if (o.serverOnly) {
    if (!fs.existsSync(join(dir, "episodes.jsonl"))) throw new Error(`--server-only: no brain in ${dir}`);
    // The hook's memory of the prompts it saw: with BRAIN_NOW fixed, the last run's prompts are all repeats.
    for (const f of ["hook-seen", "hook-seen.jsonl"])
      fs.rmSync(join(dir, ".brain", f), { recursive: true, force: true });
    return server(dir, e, add, o);
  }
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });

  // Ingest, 100k turns a process.
  let wall = 0;
  let cpu = 0;
  let peak = 0;
  for (const f of files) {
    const r = timed([BIN, "ingest", f, "--format", "generic"], e);
    wall += r.wall;
    cpu += r.cpu;
    peak = Math.max(peak, r.rssMb);
  }
  add(
    "ingest",
    `${Math.round(n / (wall / 1000))} turns/s`,
    `${ms(wall)} wall, ${ms(cpu)} CPU, peak RSS ${peak.toFixed(0)} MiB, ${files.length} file(s)`,
  );
  const log = fs.statSync(join(dir, "episodes.jsonl")).size;
  const local = join(dir, ".brain");
  const indexFiles = fs.readdirSync(local).filter((f) => f.includes("recall"));
  const indexBytes = indexFiles.reduce((s, f) => s + fs.statSync(join(local, f)).size, 0);
  add(
    "index size",
    `${(indexBytes / 2 ** 20).toFixed(0)} MiB`,
    `episodes.jsonl ${(log / 2 ** 20).toFixed(0)} MiB (${indexFiles.join(", ")})`,
  );

  // Cold commands, no server.
  const node = timed(["-e", "0"], e);
  const qs = queries(60);
  const cold = (name: string, args: (i: number) => string[]) => {
    const rs = Array.from({ length: o.cold }, (_, i) => timed(args(i), e));
    add(
      name,
      ms(median(rs.map((r) => r.wall))),
      `CPU ${ms(median(rs.map((r) => r.cpu)))}, peak RSS ${median(rs.map((r) => r.rssMb)).toFixed(0)} MiB (node -e 0: ${ms(node.wall)}, ${node.rssMb.toFixed(0)} MiB)`,
    );
  };
  cold("cold brain search", (i) => [BIN, "search", qs[i] as string]);
  cold("cold brain context --query", (i) => [BIN, "context", "--query", qs[i] as string]);

  await server(dir, e, add, o);
}

/** The resident server on the brain in `dir`: start-up, graph build, load, hook processes, RSS. */
async function server(
  dir: string,
  e: NodeJS.ProcessEnv,
  add: (what: string, value: string, detail?: string) => void,
  o: Options,
): Promise<void> {
  const local = join(dir, ".brain");
  const qs = queries(60);
  const t0 = performance.now();
  const args = [...o.nodeArgs, join(DIST, "cli", "main.js"), "serve", "--idle-minutes", "0"];
  const probe = process.env.PROBE_OUT;
  const child = spawn(process.execPath, args, {
    env: probe ? { ...e, PROBE_OUT: probe } : e,
    cwd: WORK,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<void>((r) => child.on("close", () => r()));
  try {
    await new Promise<void>((resolve, reject) => {
      let out = "";
      child.stdout.setEncoding("utf8").on("data", (d: string) => {
        out += d;
        if (out.includes("listening on")) resolve();
      });
      child.on("close", (code) => reject(new Error(`brain serve exited ${code}: ${out}`)));
    });
    const info = JSON.parse(fs.readFileSync(join(local, "serve.json"), "utf8")) as Info;
    const listening = performance.now() - t0;
    await http(info, "POST", "/api/hook/user-prompt-submit", JSON.parse(hookInput(qs[0] as string)));
    const first = performance.now() - t0;
    const m0 = memOf(info.pid);
    add(
      "server: first hook answer",
      ms(first),
      `listening after ${ms(listening)}; RSS then ${m0.rss.toFixed(0)} MiB`,
    );

    // A server without a graph file builds the graph in slices after it starts answering: the hook API's
    // latency meanwhile, and when the graph is ready (its file written) — the load below runs after that.
    const graphFile = () => fs.readdirSync(local).some((f) => f.endsWith(".graph.json"));
    const during: number[] = [];
    while (!graphFile()) {
      const q = qs[during.length % qs.length] as string;
      during.push((await http(info, "POST", "/api/hook/user-prompt-submit", JSON.parse(hookInput(q)))).ms);
      await new Promise((r) => setTimeout(r, 1000));
    }
    const mg = memOf(info.pid);
    add(
      "server: graph ready",
      ms(performance.now() - t0),
      during.length
        ? `hook API while it was built: p50 ${ms(median(during))} p99 ${ms(quantile(during, 0.99))} (${during.length} requests); RSS then ${mg.rss.toFixed(0)} MiB (peak ${mg.hwm.toFixed(0)})`
        : `loaded or built before the first answer; RSS then ${mg.rss.toFixed(0)} MiB`,
    );

    const search: number[] = [];
    const hookApi: number[] = [];
    const c0 = cpuMs(info.pid);
    for (let round = 0; round < 3; round++)
      for (const q of qs) search.push((await http(info, "GET", `/api/search?q=${encodeURIComponent(q)}`)).ms);
    const searchCpu = (cpuMs(info.pid) - c0) / search.length;
    for (const q of qs)
      hookApi.push((await http(info, "POST", "/api/hook/user-prompt-submit", JSON.parse(hookInput(q)))).ms);
    add(
      "server: GET /api/search",
      `p50 ${ms(median(search))}`,
      `p99 ${ms(quantile(search, 0.99))}, mean server CPU ${ms(searchCpu)}, ${search.length} requests`,
    );
    add(
      "server: POST /api/hook/user-prompt-submit",
      `p50 ${ms(median(hookApi))}`,
      `p99 ${ms(quantile(hookApi, 0.99))}`,
    );

    // The prompt hook as a process, with the server, against node -e 0 (interleaved).
    const hook: Run[] = [];
    const base: Run[] = [];
    const hookCpu: number[] = [];
    for (let i = 0; i < o.runs; i++) {
      const s0 = cpuMs(info.pid);
      const r = timed(
        [BIN, "hook", "user-prompt-submit"],
        { ...e, BRAIN_HOOK_TIMING: "1" },
        hookInput(qs[i % qs.length] as string),
      );
      hookCpu.push(r.cpu + cpuMs(info.pid) - s0);
      if (!/answered by the server/.test(r.stderr))
        throw new Error(`hook not served: ${r.stderr.slice(0, 500)}`);
      hook.push(r);
      base.push(timed(["-e", "0"], e));
    }
    const hw = median(hook.map((r) => r.wall));
    const bw = median(base.map((r) => r.wall));
    add(
      "hook prompt process, server running",
      `node ${hw - bw >= 0 ? "+" : ""}${ms(hw - bw)}`,
      `median ${ms(hw)} vs node -e 0 ${ms(bw)}; CPU hook+server ${ms(mean(hookCpu))} vs node ${ms(mean(base.map((r) => r.cpu)))}; hook RSS ${median(hook.map((r) => r.rssMb)).toFixed(0)} MiB`,
    );
    const m1 = memOf(info.pid);
    add("server RSS after load", `${m1.rss.toFixed(0)} MiB`, `peak (VmHWM) ${m1.hwm.toFixed(0)} MiB`);
    if (o.nodeArgs.length) {
      // A probe preloaded: its full collection on SIGUSR2 records what is live after the load.
      child.kill("SIGUSR2");
      await new Promise((r) => setTimeout(r, 5000));
    }
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
}

async function main(): Promise<void> {
  const o = parseArgs(process.argv.slice(2));
  fs.mkdirSync(join(WORK, "home"), { recursive: true });
  freezeBuild(DIST);
  const rows: Row[] = [];
  for (const n of o.sizes) await measure(n, o, rows);
  process.stdout.write(
    `\n${o.runs} hook runs interleaved with node -e 0; cold commands: median of ${o.cold}; server search: ` +
      `3 rounds of 60 queries\n${table({ size: "episodes", what: "measure", value: "value", detail: "detail" }, rows)}\n`,
  );
}

await main();
