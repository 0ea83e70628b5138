/**
 * The graph's prompt lines: do unrelated prompts stay clean (issue 26: at most 5 % of them get a line)?
 * For each LoCoMo conversation, a brain of its turns; its own questions are the related prompts, the next
 * conversation's questions the unrelated ones (other people, other lives, the same kind of talk). Each prompt
 * is looked up in the graph as the prompt step does (src/graph/prompt.ts), without recording matches, so the
 * two sets see the same graph. Prints the share of prompts that get a line, per set, for each gate.
 *
 *   node --import tsx bench/graph-prompt.ts [--dataset ../shared/data/locomo/locomo10.json]
 *        [--gates '[{"specific":0.02}, …]'] [--variant original|merged|assistant]
 */
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Brain } from "../src/engine/brain.ts";
import { GRAPH_ANALYZER } from "../src/engine/graph-log.ts";
import { PROMPT_GATE, promptLookup } from "../src/graph/prompt.ts";
import { buildVariant, type LocomoSample, type Variant } from "./recall/variants.ts";

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

async function main(): Promise<void> {
  const dataset = resolve(arg("dataset") ?? "../shared/data/locomo/locomo10.json");
  const variant = (arg("variant") ?? "original") as Variant;
  const gates = JSON.parse(arg("gates") ?? "[{}]") as Partial<typeof PROMPT_GATE>[];
  const samples = JSON.parse(fs.readFileSync(dataset, "utf8")) as LocomoSample[];
  const work = fs.mkdtempSync(join(tmpdir(), "brain-graph-prompt-"));
  const tally = gates.map(() => ({ related: 0, unrelated: 0, nRelated: 0, nUnrelated: 0 }));
  try {
    for (const [i, raw] of samples.entries()) {
      const other = samples[(i + 1) % samples.length] as LocomoSample;
      const dir = fs.mkdtempSync(join(work, "c-"));
      const file = join(dir, "conv.json");
      fs.writeFileSync(file, JSON.stringify(buildVariant(raw, variant, 12).sample));
      const brain = Brain.open({ path: join(dir, "brain.jsonl"), seedDefault: false, fsync: false, cwd: dir });
      await brain.ingest(file, { format: "locomo" });
      const g = brain.graph.graph();
      for (const [k, gate] of gates.entries()) {
        const t = tally[k] as (typeof tally)[number];
        const lines = (q: string) => promptLookup(g, q, GRAPH_ANALYZER, { shown: [], text: () => undefined, gate }).lines;
        for (const q of raw.qa) {
          t.nRelated++;
          if (lines(q.question).length) t.related++;
        }
        for (const q of other.qa) {
          t.nUnrelated++;
          if (lines(q.question).length) t.unrelated++;
        }
      }
      process.stderr.write(`${raw.sample_id} `);
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  console.log(`\n\n| gate | related prompts with a line | unrelated prompts with a line |\n|---|---:|---:|`);
  for (const [k, gate] of gates.entries()) {
    const t = tally[k] as (typeof tally)[number];
    const pct = (a: number, n: number) => `${((100 * a) / Math.max(1, n)).toFixed(1)} % (${a}/${n})`;
    console.log(`| ${JSON.stringify({ ...PROMPT_GATE, ...gate })} | ${pct(t.related, t.nRelated)} | ${pct(t.unrelated, t.nUnrelated)} |`);
  }
}

void main();
