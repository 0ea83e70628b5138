/**
 * The association graph's costs: `node --import tsx bench/graph.ts [--sizes 10k,100k,caps] [--runs 200]`.
 *
 * Per brain (bench/generate.ts's synthetic brain.jsonl, cached under bench/.data/; `caps` adds 100 000
 * synthetic turns of a 20 000-word vocabulary to the 100k brain, so the graph runs at seed 001's caps):
 *   - rebuild from the logs (the graph's file deleted), and load of the saved file in a fresh process state;
 *   - size on disk: the graph's file against the three logs it is derived from;
 *   - prompt-time lookup: `Graph.prompt` (keywords → matches → neighbours → lines, and the prompt event
 *     appended), p50 / p99 over `runs` prompts;
 *   - update per exchange: two turns and a prompt event appended (not timed), then the graph caught up
 *     (timed: the tails read and applied), p50 / p99.
 * The prompt hook's whole-process time with the server is bench/serve.ts's (`npm run bench:serve`), which
 * now includes the graph step. Nothing here asserts on time.
 */
import * as fs from "node:fs";
import { join } from "node:path";
import { Brain } from "../src/engine/brain.ts";
import { cachedBrain, DATA_DIR, GENERATED_END, parseSize, Prng } from "./generate.ts";
import { median, ms, quantile, table } from "./stats.ts";

const WORK = join(DATA_DIR, "graph");
const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

/** A synthetic vocabulary: pronounceable, distinct, stable for a seed. */
function vocabulary(n: number, r: Prng): string[] {
  const syl = ["ka", "lo", "mi", "ren", "tu", "vo", "sa", "pe", "dri", "gon", "fel", "ush", "bra", "ti", "no", "zel"];
  const out = new Set<string>();
  while (out.size < n) out.add(Array.from({ length: 2 + r.int(0, 2) }, () => r.pick(syl)).join(""));
  return [...out];
}

const words = (r: Prng, vocab: string[], n: number) => Array.from({ length: n }, () => r.pick(vocab)).join(" ");

/** Append `n` synthetic turns (sessions of 20) to episodes.jsonl beside the brain (bench fixture, written once). */
function addTurns(dir: string, n: number, r: Prng, vocab: string[]): void {
  const end = Date.parse(GENERATED_END);
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const created = new Date(end - (n - i) * 60_000).toISOString();
    lines.push(
      JSON.stringify({
        id: `e${i.toString(16).padStart(15, "0")}`,
        type: "episode",
        created,
        session: `bench-${Math.floor(i / 20)}`,
        turn: String(i % 20),
        speaker: i % 2 ? "assistant" : "user",
        text: `${words(r, vocab, 12 + r.int(0, 20))}.`,
        date: created,
        source: "bench",
      }),
    );
  }
  fs.writeFileSync(join(dir, "episodes.jsonl"), `${lines.join("\n")}\n`);
}

const size = (p: string) => (fs.existsSync(p) ? fs.statSync(p).size : 0);
const mib = (b: number) => `${(b / 1048576).toFixed(1)} MiB`;

async function measure(label: string, n: number, turns: number, runs: number) {
  const dir = join(WORK, label);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.copyFileSync(cachedBrain(n).path, join(dir, "brain.jsonl"));
  const r = new Prng(7);
  const vocab = vocabulary(20_000, r);
  if (turns) addTurns(dir, turns, r, vocab);
  let now = Date.parse(GENERATED_END);
  const open = () =>
    Brain.open({ path: join(dir, "brain.jsonl"), seedDefault: false, fsync: false, now: () => new Date(now) });
  const brain = open();
  brain.recallEngine; // the recall index built first (its cost is not the graph's)
  brain.search("warm up");
  let t = performance.now();
  const stats = brain.graph.stats();
  const rebuild = performance.now() - t;
  brain.persist(true);
  const file = join(dir, ".brain", "brain.jsonl.graph.json");
  const fresh = open();
  t = performance.now();
  fresh.graph.graph();
  const load = performance.now() - t;
  const status = fresh.graph.projection.status;
  const prompts: number[] = [];
  const exchanges: number[] = [];
  for (let i = 0; i < runs; i++) {
    now += 60_000;
    const prompt = `how do we ${words(r, vocab, 6)} with pnpm and ${words(r, vocab, 2)}?`;
    t = performance.now();
    fresh.graph.prompt(prompt, [], "bench-live");
    prompts.push(performance.now() - t);
    await fresh.ingestTurns(
      [
        { session: "bench-live", turn: `${i}u`, speaker: "user", text: prompt, date: new Date(now).toISOString() },
        { session: "bench-live", turn: `${i}a`, speaker: "assistant", text: `${words(r, vocab, 30)}.`, date: new Date(now).toISOString() },
      ],
      "bench",
    );
    t = performance.now();
    fresh.graph.graph();
    exchanges.push(performance.now() - t);
  }
  fresh.persist(true);
  const logs = ["brain.jsonl", "episodes.jsonl", join(".brain", "graph-events.jsonl")].reduce((s, f) => s + size(join(dir, f)), 0);
  const after = fresh.graph.stats();
  const disk = `${mib(size(file))} vs ${mib(logs)} of logs`;
  fs.rmSync(dir, { recursive: true, force: true });
  return {
    brain: `${label} (${n} entries${turns ? ` + ${turns} turns` : ""})`,
    graph: `${stats.nodes} nodes, ${stats.edges} edges (${after.nodes} / ${after.edges} after)`,
    rebuild: ms(rebuild),
    load: `${ms(load)} (${status})`,
    disk,
    prompt: `${ms(median(prompts))} / ${ms(quantile(prompts, 0.99))}`,
    exchange: `${ms(median(exchanges))} / ${ms(quantile(exchanges, 0.99))}`,
  };
}

async function main(): Promise<void> {
  const sizes = (arg("sizes") ?? "10k,100k,caps").split(",");
  const runs = Number(arg("runs") ?? 200);
  const rows = [];
  for (const s of sizes) {
    const row = s === "caps" ? await measure("caps", 100_000, 100_000, runs) : await measure(s, parseSize(s), 0, runs);
    rows.push(row);
    process.stderr.write(`${JSON.stringify(row)}\n`);
  }
  console.log(
    table(
      {
        brain: "brain",
        graph: "graph",
        rebuild: "rebuild",
        load: "load saved",
        disk: "size on disk",
        prompt: "prompt lookup p50 / p99",
        exchange: "update per exchange p50 / p99",
      },
      rows,
    ),
  );
}

void main();
