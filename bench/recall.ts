/**
 * Recall on LoCoMo and long-turn variants of it: does what a question needs reach a budgeted context?
 *
 *   npm run bench:recall -- [--dataset ../shared/data/locomo/locomo10.json] [--variant original|merged|assistant|all]
 *                           [--budget 2000 | --budgets 500,1000,2000,4000] [--only conv-26,conv-30] [--seed 12] [--json]
 *                           [--embeddings openai|ollama --embeddings-model NAME [--embeddings-url URL]
 *                            [--embeddings-key-env VAR]]
 *
 * For each conversation of each variant (bench/recall/variants.ts): ingest it into a fresh brain (temp dir,
 * `brain ingest`'s library call), then for each question build the context with the question as the query
 * and score the RENDERED TEXT of the context's entry blocks (never ids or flags; rules in
 * bench/recall/visible.ts):
 *   evidence recall   — share of the question's evidence turns visible in the text: the gold answer with the
 *                       words around it as that turn says it, or, when the turn does not hold the answer
 *                       word for word, the whole original turn (a preview of another part does not count);
 *                       evidence ids missing from the transcript count as missed;
 *   answer-in-context — over questions whose gold answer appears word for word (case- and punctuation-
 *                       insensitive, whole words) in one of their evidence turns and not in the question:
 *                       share whose answer appears in the text.
 * Three orderings, side by side in one run, each through the same budget pipeline (src/context/build.ts):
 *   recency — episodes newest first, whole turns (what a recency-only memory does);
 *   bm25    — plain BM25 over each whole turn (MiniSearch, same analyzer), best first, whole turns packed
 *             greedily (a turn too long for what is left is skipped) — the baseline;
 *   brain   — `Brain.context({ query })`: the engine's own ranking and rendering;
 *   brain+emb — with --embeddings: the same with meaning-based matching fused in (src/recall/embeddings/).
 * The dataset is read from where it lies (CC BY-NC 4.0, evaluation only); nothing of it is written to the repo.
 */
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import MiniSearch from "minisearch";
import { buildContext } from "../src/context/build.ts";
import type { Recalled } from "../src/context/sources/recall.ts";
import { Brain } from "../src/engine/brain.ts";
import { processTerm, tokenize } from "../src/recall/analyze.ts";
import type { EmbeddingsConfig } from "../src/recall/embeddings/config.ts";
import { embeddingsFromArgs } from "./recall/embeddings-arg.ts";
import { METHODS, Tallies } from "./recall/report.ts";
import { buildVariant, evidenceIds, type LocomoSample, VARIANTS, type Variant } from "./recall/variants.ts";
import { answerEligible, answerWords, evidencePhrases, hasPhrase, haystack } from "./recall/visible.ts";

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** The text of the blocks that show brain entries (what the model reads of the memory; not the runtime lines). */
function entryText(res: { blocks: { entryIds: string[]; text: string }[] }): string {
  return res.blocks
    .filter((b) => b.entryIds.length > 0)
    .map((b) => b.text)
    .join("\n");
}

interface Counts {
  questions: number;
  noEvidence: number;
  unresolved: number;
  eligible: number;
  inFiller: number;
  embeddingProblems: number;
  turns: number;
  messages: number;
  chars: number;
}

async function runSample(
  raw: LocomoSample,
  variant: Variant,
  opts: { budgets: number[]; seed: number; work: string; embeddings: EmbeddingsConfig | null },
  tallies: Tallies,
  counts: Counts,
): Promise<void> {
  const built = buildVariant(raw, variant, opts.seed);
  const dir = fs.mkdtempSync(join(opts.work, `${variant}-`));
  const file = join(dir, `${raw.sample_id}.json`);
  fs.writeFileSync(file, JSON.stringify(built.sample));
  const now = new Date("2030-01-01T00:00:00Z");
  const brain = Brain.open({ path: join(dir, "brain.jsonl"), seedDefault: false, now: () => now, cwd: dir });
  await brain.ingest(file, { format: "locomo" });
  const open = (embeddings: EmbeddingsConfig) =>
    Brain.open({
      path: join(dir, "brain.jsonl"),
      seedDefault: false,
      now: () => now,
      cwd: dir,
      settings: { embeddings },
    });
  const fused = opts.embeddings ? open(opts.embeddings) : null;
  const log = brain.recallEngine.episodes;
  const byTurn = new Map<string, string>();
  const episodes = [...log.byId.values()];
  for (const rec of episodes) byTurn.set(String(rec.entry.turn), rec.id);
  counts.turns += built.turns.size;
  counts.messages += episodes.length;
  for (const rec of episodes) counts.chars += String(rec.entry.text).length;
  const recency: Recalled[] = episodes
    .map((rec, i) => ({ rec, i, t: Date.parse(String(rec.entry.date)) }))
    .sort((a, b) => b.t - a.t || b.i - a.i)
    .map(({ rec }) => ({ rec, kind: "episode" as const, score: 0, matched: 0 }));
  const plain = new MiniSearch<{ id: string; text: string }>({
    fields: ["text"],
    tokenize,
    processTerm,
    searchOptions: { tokenize, processTerm },
  });
  plain.addAll(episodes.map((rec) => ({ id: rec.id, text: String(rec.entry.text) })));
  // The same learnings/recall section the engine builds, filled with whole turns in the given order.
  const whole = (list: Recalled[], budget: number) =>
    buildContext(
      brain.state,
      { cwd: dir, budget, query: "q" },
      { brainDir: dir, now, recalled: list, fixedPreviewChars: Number.MAX_SAFE_INTEGER },
    );
  const filler = haystack(built.added.join("\n"));

  for (const q of raw.qa) {
    counts.questions++;
    const ev = evidenceIds(q.evidence);
    if (ev.length === 0) {
      counts.noEvidence++;
      continue;
    }
    const located = ev.map((e) => built.turns.get(e)).filter((l) => l !== undefined);
    counts.unresolved += ev.length - located.filter((l) => byTurn.has(l.dia)).length;
    const answer = answerWords(q.answer);
    const eligible = answerEligible(
      q.question,
      answer,
      located.map((l) => l.core),
    );
    if (eligible) counts.eligible++;
    if (eligible && hasPhrase(filler, answer)) counts.inFiller++;
    const phrases = located.map((l) => evidencePhrases(l.core, answer));
    const bm25: Recalled[] = plain.search(q.question, { combineWith: "OR" }).map((h) => ({
      rec: log.byId.get(h.id as string)!,
      kind: "episode" as const,
      score: h.score,
      matched: 0,
    }));
    for (const budget of opts.budgets) {
      for (const method of fused ? [...METHODS, "brain+emb"] : METHODS) {
        const res =
          method === "brain" || method === "brain+emb"
            ? (method === "brain" ? brain : (fused as Brain)).context({ query: q.question, budget, cwd: dir })
            : whole(method === "recency" ? recency : bm25, budget);
        const problem = method === "brain+emb" ? fused?.recallEngine.semantic?.problem : null;
        if (problem && counts.embeddingProblems++ === 0) process.stderr.write(`${problem}\n`);
        const h = haystack(entryText(res));
        const seen = phrases.filter((ps) => ps.some((p) => hasPhrase(h, p))).length;
        tallies.add(variant, budget, method, "evidence", q.category, seen / ev.length);
        if (eligible)
          tallies.add(variant, budget, method, "answer", q.category, hasPhrase(h, answer) ? 1 : 0);
      }
    }
  }
}

async function main(): Promise<void> {
  const dataset = resolve(arg("dataset") ?? "../shared/data/locomo/locomo10.json");
  const budgets = (arg("budgets") ?? arg("budget") ?? "2000").split(",").map(Number);
  if (budgets.some((b) => !Number.isInteger(b) || b <= 0))
    throw new Error("budgets must be positive integers");
  const v = arg("variant") ?? "all";
  if (v !== "all" && !(VARIANTS as readonly string[]).includes(v))
    throw new Error(`--variant must be one of ${VARIANTS.join(", ")}, all`);
  const variants: Variant[] = v === "all" ? [...VARIANTS] : [v as Variant];
  const seed = Number(arg("seed") ?? 12);
  const only = arg("only");
  const asJson = process.argv.includes("--json");
  const embeddings = embeddingsFromArgs(arg, process.env);
  const methods = embeddings ? [...METHODS, "brain+emb"] : [...METHODS];
  const samples = (JSON.parse(fs.readFileSync(dataset, "utf8")) as LocomoSample[]).filter(
    (s) => !only || only.split(",").includes(s.sample_id),
  );
  const tallies = new Tallies();
  const work = fs.mkdtempSync(join(tmpdir(), "brain-recall-"));
  const meta: Record<string, Counts & { seconds: number }> = {};
  try {
    for (const variant of variants) {
      const counts: Counts = {
        questions: 0,
        noEvidence: 0,
        unresolved: 0,
        eligible: 0,
        inFiller: 0,
        embeddingProblems: 0,
        turns: 0,
        messages: 0,
        chars: 0,
      };
      const t0 = performance.now();
      for (const [i, s] of samples.entries()) {
        await runSample(s, variant, { budgets, seed, work, embeddings }, tallies, counts);
        const secs = ((performance.now() - t0) / 1000).toFixed(1);
        process.stderr.write(`[${variant}] ${s.sample_id} (${i + 1}/${samples.length}) ${secs} s\n`);
      }
      meta[variant] = { ...counts, seconds: (performance.now() - t0) / 1000 };
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  if (asJson) {
    const results = tallies.toJSON(variants, budgets, methods);
    console.log(JSON.stringify({ dataset, seed, budgets, meta, results }, null, 2));
    return;
  }
  for (const variant of variants) {
    const m = meta[variant] as Counts & { seconds: number };
    console.log(
      `\n## ${variant}: ${m.questions} questions (${m.noEvidence} without evidence skipped; ${m.unresolved} ` +
        `evidence ids not in the transcript, counted as missed); ${m.eligible} with the answer word for word ` +
        `in an evidence turn${variant === "assistant" ? ` (${m.inFiller} of them also in the generated text)` : ""}; ` +
        `${m.turns} turns in ${m.messages} messages of mean ${Math.round(m.chars / Math.max(1, m.messages))} ` +
        `characters; ${m.seconds.toFixed(1)} s` +
        (embeddings
          ? `; embeddings failed on ${m.embeddingProblems} queries (brain+emb fell back to lexical)`
          : "") +
        "\n",
    );
    console.log(tallies.table(variant, budgets, methods));
  }
}

void main();
