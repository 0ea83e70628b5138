/**
 * CPU per query in process, as the resident server spends it (issue 24, "a year of sessions"): opens a brain
 * the way `brain serve` does (a built dist/, so two builds compare on the same queries), warms it, then runs
 * the scale bench's queries through `brain.search` (GET /api/search) and the prompt hook's handler (POST
 * /api/hook/user-prompt-submit), printing CPU per query (user + system, process.cpuUsage) and a digest of every
 * answer, so a faster build can be shown to answer the same:
 *
 *   node --import tsx bench/query-cpu.ts --brain bench/.data/scale/100k/brain.jsonl [--dist dist] [--rounds 3]
 *     [--answers out.txt] [--only search|hook] [--graph] [--command]   (`--dist src`: the sources, through tsx)
 *
 * As the server opens it (src/serve/server.ts): the recall index read whole (`resident`), and the work a prompt
 * leaves for after its answer (its graph event, BrainOptions.later) run after each answer and counted apart
 * ("after the answer"). `--command` opens it as a one-shot command does instead (index sections read from the
 * file as a query needs them, the graph event written before the answer): how this bench ran before.
 *
 * Counting instructions of the timed loops only (the open is most of a 1M run): under
 * `perf stat -e instructions:u -D -1 --control fifo:CTL,ACK`, with PERF_CTL=CTL PERF_ACK=ACK in the environment.
 */
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { BENCH_CWD } from "./generate.ts";
import { queries } from "./scale-words.ts";

function arg(name: string, dflt: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? dflt) : dflt;
}

const dist = resolve(arg("dist", "dist"));
const brainPath = resolve(arg("brain", "bench/.data/scale/100k/brain.jsonl"));
const rounds = Number(arg("rounds", "3"));
const only = arg("only", "");
const answersOut = arg("answers", "");

const env = {
  PATH: process.env.PATH,
  HOME: join(resolve("bench/.data/scale"), "home"),
  BRAIN_PATH: brainPath,
  BRAIN_CONFIG: join(resolve("bench/.data/scale"), "no-config.json"),
  BRAIN_NOW: "2026-01-01T00:00:00.000Z",
  BRAIN_FSYNC: "0",
  BRAIN_SERVE_AUTOSTART: "0",
};

// `--dist src` runs the sources through tsx (no build needed while iterating).
const imp = (p: string) =>
  import(pathToFileURL(join(dist, dist.endsWith("src") ? p.replace(/\.js$/, ".ts") : p)).href);
const { Brain } = await imp("index.js");
const { loadConfig } = await imp("config.js");
const { brainOptions, homeOf } = await imp("engine/options.js");
const { handleHook } = await imp("hooks/handle.js");

const config = loadConfig(env, undefined, env.HOME, BENCH_CWD);
const asCommand = process.argv.includes("--command");
/** Work left for after an answer (BrainOptions.later), run by the timed loop once the answer is out. */
const pending: (() => void)[] = [];
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
let t = cpu();
const brain = Brain.open({
  ...brainOptions(config, BENCH_CWD),
  ...(asCommand ? {} : { resident: true, later: (work: () => void) => pending.push(work) }),
});
/** Runs what the answers left for later; its CPU (ms). */
function afterAnswer(): number {
  const t0 = cpu();
  for (let w = pending.shift(); w; w = pending.shift()) w();
  return cpu() - t0;
}
const openMs = cpu() - t;
// `--graph`: the association graph loaded first, as the server does at its start (recall's graph stage runs).
if (process.argv.includes("--graph"))
  await brain.graph.warm({ cancelled: () => false, due: () => false, pause: async () => {} });
const hookEnv = {
  home: homeOf(config),
  settings: config,
  now: () => new Date(env.BRAIN_NOW),
  openBrain: async () => brain,
  openRecall: async () => brain,
  anchors: (cwd: string) => brain.mind.anchors(cwd),
};
const hookInput = (prompt: string) => ({
  session_id: "bench-scale",
  hook_event_name: "UserPromptSubmit",
  cwd: BENCH_CWD,
  prompt,
});

/** Counting on or off (perf stat's control fifo; nothing without PERF_CTL). */
function perf(cmd: "enable" | "disable"): void {
  const ctl = process.env.PERF_CTL;
  if (!ctl) return;
  fs.writeFileSync(ctl, `${cmd}\n`);
  const ack = process.env.PERF_ACK;
  if (!ack) return;
  const fd = fs.openSync(ack, "r"); // perf answers "ack" once the counters are switched
  fs.readSync(fd, Buffer.alloc(5));
  fs.closeSync(fd);
}

// Timed: the first 60; the warm-ups ask the next 60, so the first timed round asks what was not asked before
// (memos of texts seen hold only what other queries brought in), and later rounds ask it again.
const qs = queries(60);
const warm = queries(120).slice(60);
t = cpu();
brain.search(qs[0] as string, { limit: 20 }); // loads the index
const firstMs = cpu() - t;
afterAnswer();
const answers: string[] = [];
const digest = createHash("sha256");
const per = (name: string, ms: number, n: number) =>
  process.stdout.write(`${name}: ${(ms / n).toFixed(2)} ms CPU a query (${n} queries)\n`);
process.stdout.write(`open ${openMs.toFixed(0)} ms CPU, first search ${firstMs.toFixed(0)} ms CPU\n`);
if (only !== "hook") {
  for (const q of warm) brain.search(q, { limit: 20 }); // warm-up
  t = cpu();
  let first = 0;
  for (let r = 0; r < rounds; r++) {
    if (r === 1) first = cpu() - t;
    for (const q of qs) {
      const res = brain.search(q, { limit: 20 });
      if (r === 0) {
        const line = `search ${q}: ${res.total} ${res.hits.map((h: { id: string; text: string; score: number }) => `${h.id} ${h.score} ${h.text}`).join(" | ")}`;
        answers.push(line);
        digest.update(line);
      }
    }
  }
  per("search", cpu() - t, rounds * qs.length);
  if (rounds > 1) per("search, first round", first, qs.length);
  afterAnswer();
}
if (only !== "search") {
  for (const q of warm) {
    await handleHook("user-prompt-submit", hookInput(q), hookEnv);
    afterAnswer();
  }
  let hookMs = 0;
  let laterMs = 0;
  let first = 0;
  for (let r = 0; r < rounds; r++) {
    if (r === 1) first = hookMs;
    for (const q of qs) {
      perf("enable");
      t = cpu();
      const out = await handleHook("user-prompt-submit", hookInput(q), hookEnv);
      hookMs += cpu() - t;
      perf("disable"); // the counters cover the answers only, as the prompt waits for them
      laterMs += afterAnswer();
      if (r === 0) {
        const line = `hook ${q}: ${JSON.stringify(out)}`;
        answers.push(line);
        digest.update(line);
      }
    }
  }
  per("hook", hookMs, rounds * qs.length);
  if (rounds > 1) per("hook, first round", first, qs.length);
  if (!asCommand) per("hook, after the answer", laterMs, rounds * qs.length);
}
process.stdout.write(`answers digest ${digest.digest("hex").slice(0, 16)}\n`);
if (answersOut) fs.writeFileSync(answersOut, `${answers.join("\n")}\n`);
brain.close();
