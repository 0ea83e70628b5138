/**
 * Calibrates the prompt memories' relevance floor (src/recall/prompt-memories.ts) on LoCoMo:
 *
 *   node --import tsx bench/prompt-floor.ts [--variant merged|original|assistant] [--only conv-26,conv-30]
 *                                           [--floors 0,0.2,0.35,0.5,0.65] [--dataset ...] [--seed 12]
 *
 * Each conversation is ingested into a fresh brain as episodes. For every floor (applied to episodes, which
 * is all LoCoMo holds):
 *   hit     — share of questions whose prompt memories hold at least one of their evidence turns;
 *   noise   — the same brain asked the NEXT conversation's questions (other people, other lives): share of
 *             those prompts that get any memory at all, and memories per prompt. Each one is beside the point.
 * A good floor keeps `hit` and drives `noise` down. Tune on one variant, check on another.
 */
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Brain } from "../src/engine/brain.ts";
import { buildVariant, evidenceIds, type LocomoSample, VARIANTS, type Variant } from "./recall/variants.ts";

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main(): Promise<void> {
  const dataset = resolve(arg("dataset") ?? "../shared/data/locomo/locomo10.json");
  const variant = (arg("variant") ?? "merged") as Variant;
  if (!VARIANTS.includes(variant)) throw new Error(`--variant must be one of ${VARIANTS.join(", ")}`);
  const floors = (arg("floors") ?? "0,0.2,0.35,0.5,0.65").split(",").map(Number);
  const seed = Number(arg("seed") ?? 12);
  const only = arg("only");
  const all = JSON.parse(fs.readFileSync(dataset, "utf8")) as LocomoSample[];
  const samples = all.filter((s) => !only || only.split(",").includes(s.sample_id));
  const work = fs.mkdtempSync(join(tmpdir(), "brain-floor-"));
  const t = floors.map(() => ({ asked: 0, hit: 0, noiseAsked: 0, noisy: 0, noiseHits: 0 }));
  try {
    for (const [si, raw] of samples.entries()) {
      const built = buildVariant(raw, variant, seed);
      const dir = fs.mkdtempSync(join(work, `${variant}-`));
      const file = join(dir, `${raw.sample_id}.json`);
      fs.writeFileSync(file, JSON.stringify(built.sample));
      const now = new Date("2030-01-01T00:00:00Z");
      const brain = Brain.open({
        path: join(dir, "brain.jsonl"),
        seedDefault: false,
        now: () => now,
        cwd: dir,
      });
      await brain.ingest(file, { format: "locomo" });
      const byTurn = new Map<string, string>();
      for (const rec of brain.recallEngine.episodes.byId.values()) byTurn.set(String(rec.entry.turn), rec.id);
      const other = all[(all.indexOf(raw) + 1) % all.length] as LocomoSample;
      for (const [fi, floor] of floors.entries()) {
        const tally = t[fi] as (typeof t)[number];
        const opts = { floor, episodeFloor: floor };
        for (const q of raw.qa) {
          const ev = evidenceIds(q.evidence)
            .map((e) => built.turns.get(e)?.dia)
            .map((d) => (d ? byTurn.get(d) : undefined))
            .filter((id): id is string => id !== undefined);
          if (ev.length === 0) continue;
          tally.asked++;
          const m = brain.promptMemories(q.question, opts);
          if (m.hits.some((h) => ev.includes(h.id))) tally.hit++;
        }
        for (const q of other.qa) {
          tally.noiseAsked++;
          const m = brain.promptMemories(q.question, opts);
          if (m.hits.length) tally.noisy++;
          tally.noiseHits += m.hits.length;
        }
      }
      brain.close();
      process.stderr.write(`[${variant}] ${raw.sample_id} (${si + 1}/${samples.length})\n`);
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  console.log(
    `\nprompt memories on LoCoMo, variant ${variant}: evidence hit vs noise on unrelated prompts\n`,
  );
  console.log(
    "| floor | questions | evidence hit | unrelated prompts | with any memory | memories per prompt |",
  );
  console.log("|---:|---:|---:|---:|---:|---:|");
  for (const [fi, floor] of floors.entries()) {
    const x = t[fi] as (typeof t)[number];
    const r = (a: number, b: number) => (b ? (a / b).toFixed(3) : "-");
    console.log(
      `| ${floor} | ${x.asked} | ${r(x.hit, x.asked)} | ${x.noiseAsked} | ${r(x.noisy, x.noiseAsked)} | ${r(x.noiseHits, x.noiseAsked)} |`,
    );
  }
}

await main();
