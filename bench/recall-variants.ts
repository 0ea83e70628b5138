/**
 * Recall on the shared data and on held-out-style variants of it (issue 24), through the CLI:
 *
 *   npm run build && node --import tsx bench/recall-variants.ts [--part tune|check|all] [--variants a,b]
 *       [--budget 2000] [--seed 12] [--only conv-26] [--dataset ../shared/data/locomo/locomo10.json] [--json]
 *       [--misses DIR]   (each probe Brain misses or fails a class check on, with both sections, to DIR)
 *
 * Variants (bench/recall/class-variants.ts): original, merged, assistant (bench/recall/variants.ts), and the
 * three failing classes, with needles inserted by rule and seed — update (a fact restated with changed values
 * in later sessions), multisession (a line from each of several sessions), temporal (relative dates) — on the
 * original turns and, as `<class>-long`, inside merged long messages. Conversations are split into a tune and
 * a check part (bench/recall/split.ts); report the check part.
 *
 * For each conversation: `brain ingest <file> --format locomo` into a fresh brain (temp HOME and BRAIN_PATH),
 * then one `brain context --budget B --format json --queries FILE` for all its probes. In the same run, the
 * baseline: plain BM25 over each whole turn (MiniSearch, the engine's analyzer), best first, whole turns packed
 * greedily into the same section of the same budget pipeline (as bench/recall.ts). Both are scored on the
 * TEXT of the recalled section only (bench/recall/probes.ts): a probe counts when every item it needs is there.
 * The dataset is read in place (CC BY-NC 4.0, evaluation only); nothing generated is written to the repo.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import MiniSearch from "minisearch";
import { buildContext } from "../src/context/build.ts";
import type { Recalled } from "../src/context/sources/recall.ts";
import { Brain } from "../src/engine/brain.ts";
import { processTerm, tokenize } from "../src/recall/analyze.ts";
import { ALL_VARIANTS, buildClass, parseVariant, type VariantName } from "./recall/class-variants.ts";
import { needRanks, shown } from "./recall/miss-ranks.ts";
import { Paired } from "./recall/paired.ts";
import { answered, checks, originalProbes, type Probe, recallSection } from "./recall/probes.ts";
import { partOf } from "./recall/split.ts";
import { buildVariant, type LocomoSample } from "./recall/variants.ts";
import { haystack } from "./recall/visible.ts";

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const BIN = join(ROOT, "dist", "cli", "brain.cjs");

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function cli(env: NodeJS.ProcessEnv, cwd: string, args: string[]): string {
  return execFileSync(process.execPath, [BIN, ...args], {
    env,
    cwd,
    encoding: "utf8",
    maxBuffer: 512 * 1024 * 1024,
  });
}

/** Brain's recalled sections for the probes, through the CLI (one process for all of them). */
function brainTexts(dir: string, file: string, probes: Probe[], budget: number): string[] {
  const env = {
    PATH: process.env.PATH,
    HOME: join(dir, "home"),
    BRAIN_PATH: join(dir, "brain", "brain.jsonl"),
    BRAIN_FSYNC: "0",
    BRAIN_SERVE_AUTOSTART: "0",
    TZ: "UTC",
  };
  fs.mkdirSync(env.HOME, { recursive: true });
  cli(env, dir, ["ingest", file, "--format", "locomo"]);
  const queries = join(dir, "queries.txt");
  fs.writeFileSync(queries, `${probes.map((p) => p.question.replace(/\s+/g, " ")).join("\n")}\n`);
  const out = cli(env, dir, [
    "context",
    "--budget",
    String(budget),
    "--format",
    "json",
    "--queries",
    queries,
    "--cwd",
    dir,
  ]);
  const lines = out.split("\n").filter((l) => l.trim());
  if (lines.length !== probes.length)
    throw new Error(`expected ${probes.length} contexts, got ${lines.length}`);
  return lines.map((l) => recallSection((JSON.parse(l) as { text: string }).text));
}

/** The baseline's recalled sections: plain BM25 over whole turns, same brain, same budget pipeline. */
function bm25Texts(dir: string, probes: Probe[], budget: number): string[] {
  const path = join(dir, "brain", "brain.jsonl");
  const now = new Date();
  const brain = Brain.open({ path, cwd: dir });
  try {
    const log = brain.recallEngine.episodes;
    log.refresh();
    const plain = new MiniSearch<{ id: string; text: string }>({
      fields: ["text"],
      tokenize,
      processTerm,
      searchOptions: { tokenize, processTerm },
    });
    plain.addAll([...log.byId.values()].map((rec) => ({ id: rec.id, text: String(rec.entry.text) })));
    return probes.map((p) => {
      const list: Recalled[] = plain.search(p.question, { combineWith: "OR" }).map((h) => ({
        rec: log.byId.get(h.id as string)!,
        kind: "episode" as const,
        score: h.score,
        matched: 0,
      }));
      const res = buildContext(
        brain.state,
        { cwd: dir, budget, query: p.question },
        { brainDir: dirname(path), now, recalled: list, fixedPreviewChars: Number.MAX_SAFE_INTEGER },
      );
      return recallSection(res.text);
    });
  } finally {
    brain.close();
  }
}

/** With `--misses DIR`: a probe Brain misses (or fails a class check on), with both recalled sections. */
function dumpMiss(
  dir: string,
  variant: string,
  id: string,
  i: number,
  p: Probe,
  base: number,
  got: number,
  bm25: string | undefined,
  brain: string | undefined,
  ranks: number[] | undefined,
): void {
  const name = `${variant}.${id}.${String(i).padStart(3, "0")}.${p.category.replace(/\W+/g, "_")}.txt`;
  const head = [
    `question: ${p.question}`,
    `category: ${p.category}`,
    `bm25 answered: ${base}`,
    `brain answered: ${got}`,
  ];
  head.push(`needs: ${JSON.stringify(p.needs)}`);
  if (p.update) head.push(`update: ${JSON.stringify(p.update)}`);
  if (p.chrono) head.push(`chrono: ${JSON.stringify(p.chrono)}`);
  const s = shown(brain ?? "");
  head.push(`recall rank of each need: ${JSON.stringify(ranks)}; shown ${s.lines} lines, ${s.chars} chars`);
  const body = `${head.join("\n")}\n\n=== brain ===\n${brain}\n\n=== bm25 ===\n${bm25}\n`;
  fs.writeFileSync(join(dir, name), body);
}

function main(): void {
  if (!fs.existsSync(BIN)) throw new Error(`${BIN} is missing: run \`npm run build\` first`);
  const dataset = resolve(arg("dataset") ?? process.env.LOCOMO ?? "../shared/data/locomo/locomo10.json");
  const budget = Number(arg("budget") ?? 2000);
  const seed = Number(arg("seed") ?? 12);
  const part = arg("part") ?? "check";
  const only = arg("only")?.split(",");
  const variants = (arg("variants")?.split(",") ?? [...ALL_VARIANTS]) as VariantName[];
  for (const v of variants)
    if (!(ALL_VARIANTS as readonly string[]).includes(v))
      throw new Error(`unknown variant ${v}: one of ${ALL_VARIANTS.join(", ")}`);
  const all = JSON.parse(fs.readFileSync(dataset, "utf8")) as LocomoSample[];
  const samples = all.filter(
    (s) => (!only || only.includes(s.sample_id)) && (part === "all" || partOf(s.sample_id) === part),
  );
  const misses = arg("misses");
  if (misses) fs.mkdirSync(misses, { recursive: true });
  const tally = new Paired();
  const extras = new Paired();
  const work = fs.mkdtempSync(join(tmpdir(), "brain-variants-"));
  const t0 = performance.now();
  try {
    for (const variant of variants) {
      const { cls, shape } = parseVariant(variant);
      for (const s of samples) {
        const base = buildClass(s, cls, seed, all);
        const built = buildVariant(base.sample, shape, seed);
        const probes = [...originalProbes(base.sample, built), ...base.probes];
        const dir = fs.mkdtempSync(join(work, `${variant}-`));
        const file = join(dir, `${s.sample_id}.json`);
        fs.writeFileSync(file, JSON.stringify(built.sample));
        const brain = brainTexts(dir, file, probes, budget);
        const bm25 = bm25Texts(dir, probes, budget);
        const ranks = misses ? needRanks(join(dir, "brain", "brain.jsonl"), dir, probes) : [];
        probes.forEach((p, i) => {
          const [hb, hx] = [haystack(bm25[i] as string), haystack(brain[i] as string)];
          const [a, b] = [answered(hb, p) ? 1 : 0, answered(hx, p) ? 1 : 0];
          tally.add(variant, p.category, a, b);
          tally.add(variant, "**overall**", a, b);
          const cb = checks(hb, p);
          const cx = checks(hx, p);
          for (const k of Object.keys(cx)) extras.add(variant, k, cb[k] ?? 0, cx[k] ?? 0);
          const checkLoss = Object.keys(cx).some((k) => (cx[k] ?? 0) < 1);
          if (misses && (b === 0 || checkLoss))
            dumpMiss(misses, variant, s.sample_id, i, p, a, b, bm25[i], brain[i], ranks[i]);
        });
        fs.rmSync(dir, { recursive: true, force: true });
        const secs = ((performance.now() - t0) / 1000).toFixed(0);
        process.stderr.write(`[${variant}] ${s.sample_id}: ${probes.length} probes, ${secs} s\n`);
      }
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  if (process.argv.includes("--json")) {
    console.log(JSON.stringify({ dataset, seed, budget, part, answered: tally, checks: extras }, null, 2));
    return;
  }
  const ids = samples.map((s) => s.sample_id).join(", ");
  console.log(`answer-in-context at ${budget} tokens, ${part} part (${ids}), seed ${seed}, through the CLI`);
  for (const v of variants) {
    console.log(`\n### ${v}\n\n${tally.table(v)}`);
    if (extras.rows(v).length) console.log(`\n${extras.table(v)}`);
  }
}

main();
