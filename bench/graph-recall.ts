/**
 * Does the association graph lift recall where words alone fail? LoCoMo, the same brain, the same questions,
 * in one run: the context built with the lexical ranking ("brain") and with the graph stage after it
 * ("brain+graph", src/graph/expand.ts) — evidence recall and answer-in-context per category (rules of
 * bench/recall/visible.ts, as bench:recall scores them).
 *
 *   node --import tsx bench/graph-recall.ts [--dataset ../shared/data/locomo/locomo10.json]
 *        [--variant original|merged|assistant|all] [--split tune|report|all] [--budget 2000]
 *        [--knobs '{"weight":0.3}' | --grid '[{…},{…}]'] [--json]
 *
 * The knobs (EXPAND in src/graph/expand.ts) are tuned on the first half of the conversations (`--split
 * tune`) and reported on the other half (`--split report`), never the reverse. The dataset is read from where
 * it lies (CC BY-NC 4.0, evaluation only); nothing of it is written to the repository.
 */
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Brain } from "../src/engine/brain.ts";
import { DEFAULT_GRAPH_SETTINGS } from "../src/graph/settings.ts";
import { Tallies } from "./recall/report.ts";
import { buildVariant, evidenceIds, type LocomoSample, VARIANTS, type Variant } from "./recall/variants.ts";
import { answerEligible, answerWords, evidencePhrases, hasPhrase, haystack } from "./recall/visible.ts";

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
/** The lexical ranking, then the graph stage with each knob set (`--grid`; default: one, EXPAND's own). */
const methodsFor = (grid: readonly object[]) =>
  grid.length > 1 ? ["brain", ...grid.map((_, i) => `graph#${i}`)] : ["brain", "brain+graph"];

function entryText(res: { blocks: { entryIds: string[]; text: string }[] }): string {
  return res.blocks
    .filter((b) => b.entryIds.length > 0)
    .map((b) => b.text)
    .join("\n");
}

async function runSample(
  raw: LocomoSample,
  variant: Variant,
  o: { work: string; budget: number; grid: Record<string, number>[] },
  tallies: Tallies,
): Promise<void> {
  const built = buildVariant(raw, variant, 12);
  const dir = fs.mkdtempSync(join(o.work, `${variant}-`));
  const file = join(dir, `${raw.sample_id}.json`);
  fs.writeFileSync(file, JSON.stringify(built.sample));
  const now = new Date("2030-01-01T00:00:00Z");
  const open = (recall: boolean) =>
    Brain.open({
      path: join(dir, "brain.jsonl"),
      seedDefault: false,
      now: () => now,
      cwd: dir,
      fsync: false,
      settings: { graph: { ...DEFAULT_GRAPH_SETTINGS.graph, recall } },
    });
  const lexical = open(false);
  await lexical.ingest(file, { format: "locomo" });
  const graph = open(true);
  const methods = methodsFor(o.grid);
  for (const q of raw.qa) {
    const ev = evidenceIds(q.evidence);
    if (ev.length === 0) continue;
    const located = ev.map((e) => built.turns.get(e)).filter((l) => l !== undefined);
    const answer = answerWords(q.answer);
    const eligible = answerEligible(
      q.question,
      answer,
      located.map((l) => l.core),
    );
    const phrases = located.map((l) => evidencePhrases(l.core, answer));
    for (const [i, method] of methods.entries()) {
      const b = i === 0 ? lexical : graph;
      if (i > 0) graph.graph.knobs = o.grid[i - 1] ?? {};
      const h = haystack(entryText(b.context({ query: q.question, budget: o.budget, cwd: dir })));
      const seen = phrases.filter((ps) => ps.some((p) => hasPhrase(h, p))).length;
      tallies.add(variant, o.budget, method, "evidence", q.category, seen / ev.length);
      if (eligible)
        tallies.add(variant, o.budget, method, "answer", q.category, hasPhrase(h, answer) ? 1 : 0);
    }
  }
}

async function main(): Promise<void> {
  const dataset = resolve(arg("dataset") ?? "../shared/data/locomo/locomo10.json");
  const v = arg("variant") ?? "original";
  const variants: Variant[] = v === "all" ? [...VARIANTS] : [v as Variant];
  const split = arg("split") ?? "all";
  const budget = Number(arg("budget") ?? 2000);
  const grid = (
    arg("grid") ? JSON.parse(arg("grid") as string) : [JSON.parse(arg("knobs") ?? "{}")]
  ) as Record<string, number>[];
  const methods = methodsFor(grid);
  const all = JSON.parse(fs.readFileSync(dataset, "utf8")) as LocomoSample[];
  const half = Math.ceil(all.length / 2);
  const samples = split === "tune" ? all.slice(0, half) : split === "report" ? all.slice(half) : all;
  const tallies = new Tallies();
  const work = fs.mkdtempSync(join(tmpdir(), "brain-graph-recall-"));
  try {
    for (const variant of variants)
      for (const s of samples) {
        await runSample(s, variant, { work, budget, grid }, tallies);
        process.stderr.write(`[${variant}] ${s.sample_id}\n`);
      }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  if (process.argv.includes("--json")) {
    console.log(
      JSON.stringify({ split, grid, results: tallies.toJSON(variants, [budget], methods) }, null, 2),
    );
    return;
  }
  for (const variant of variants) {
    console.log(`\n## ${variant}, ${split} split (${samples.map((s) => s.sample_id).join(", ")})\n`);
    for (const [i, k] of grid.entries()) console.log(`${methods[i + 1]}: ${JSON.stringify(k)}`);
    console.log(tallies.table(variant, [budget], methods));
  }
}

void main();
