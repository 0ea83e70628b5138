/**
 * Evidence recall on LoCoMo: how much of the evidence a question needs reaches a budgeted context.
 *
 *   npm run bench:recall -- --dataset ../shared/data/locomo/locomo10.json [--budget 2000] [--only conv-26]
 *
 * For each conversation: ingest it into a fresh brain (temp dir, `brain ingest`'s library call), then for
 * each question build the context with the question as the query and count the share of its evidence turns
 * (`evidence` dia_ids → episode ids) among the context's injected entry ids. Three orderings fill the same
 * learnings/recall section through the same budget pipeline (src/context.ts), side by side:
 *   recency — episodes newest first (what Rho does with learnings);
 *   bm25    — plain BM25 over each turn's text (MiniSearch, same analyzer), best first;
 *   brain   — `Brain.context({ query })`: the engine's own ranking (src/recall/rank.ts).
 * The dataset is read from where it lies (CC BY-NC 4.0, evaluation only); nothing of it is written to the repo.
 */
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import MiniSearch from "minisearch";
import { buildContext } from "../src/context.ts";
import { Brain } from "../src/engine.ts";
import { processTerm, tokenize } from "../src/recall/analyze.ts";
import type { Recalled } from "../src/sources/recall.ts";
import { recallSection } from "../src/sources/recall.ts";

const CATEGORY: Record<number, string> = {
  1: "multi-hop",
  2: "temporal",
  3: "open-domain",
  4: "single-hop",
  5: "adversarial",
};
const METHODS = ["recency", "bm25", "brain"] as const;
type Method = (typeof METHODS)[number];

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** Evidence ids as written, tolerating the dataset's few malformed ones ("D8:6; D9:17", "D:11:26"). */
export function evidenceIds(evidence: unknown): string[] {
  const text = Array.isArray(evidence) ? evidence.join(" ") : String(evidence ?? "");
  return [...text.matchAll(/D\s*:?\s*(\d+)\s*:\s*(\d+)/g)].map((m) => `D${m[1]}:${m[2]}`);
}

interface Question {
  question: string;
  category: number;
  evidence: string[];
}

interface Tally {
  sum: number;
  n: number;
}

async function main(): Promise<void> {
  const dataset = resolve(arg("dataset") ?? "../shared/data/locomo/locomo10.json");
  // Always the four reference budgets, plus --budget when it is another one.
  const extra = Number(arg("budget") ?? 2000);
  if (!Number.isInteger(extra) || extra <= 0) throw new Error("--budget must be a positive whole number");
  const list = arg("budgets")
    ? (arg("budgets") as string).split(",").map(Number)
    : [...new Set([500, 1000, 2000, 4000, extra])].sort((a, b) => a - b);
  const only = arg("only");
  const samples = JSON.parse(fs.readFileSync(dataset, "utf8")) as {
    sample_id: string;
    qa: { question: string; category: number; evidence: unknown }[];
  }[];
  const tallies = new Map<string, Tally>(); // `${budget}|${method}|${category}`
  const add = (k: string, v: number) => {
    const t = tallies.get(k) ?? { sum: 0, n: 0 };
    t.sum += v;
    t.n++;
    tallies.set(k, t);
  };
  let questions = 0;
  let noEvidence = 0;
  let unresolved = 0;
  let ingestMs = 0;
  let turns = 0;
  const queryMs: number[] = [];
  const work = fs.mkdtempSync(join(tmpdir(), "brain-recall-"));
  try {
    for (const sample of samples) {
      if (only && sample.sample_id !== only) continue;
      const dir = join(work, sample.sample_id);
      fs.mkdirSync(dir);
      const file = join(dir, `${sample.sample_id}.json`);
      fs.writeFileSync(file, JSON.stringify(sample));
      const now = new Date("2030-01-01T00:00:00Z");
      const brain = Brain.open({
        path: join(dir, "brain.jsonl"),
        seedDefault: false,
        now: () => now,
        cwd: dir,
      });
      const t0 = performance.now();
      const r = await brain.ingest(file, { format: "locomo" });
      ingestMs += performance.now() - t0;
      turns += r.added;
      const log = brain.recallEngine.episodes;
      const byTurn = new Map<string, string>();
      for (const rec of log.byId.values()) byTurn.set(String(rec.entry.turn), rec.id);
      const episodes = [...log.byId.values()];
      // recency: newest session first, later turns first within a session
      const recency: Recalled[] = episodes
        .map((rec, i) => ({ rec, i, t: Date.parse(String(rec.entry.date)) }))
        .sort((a, b) => b.t - a.t || b.i - a.i)
        .map(({ rec }) => ({ rec, kind: "episode" as const, score: 0, matched: 0 }));
      // plain BM25 over each turn's own text
      const plain = new MiniSearch<{ id: string; text: string }>({
        fields: ["text"],
        tokenize,
        processTerm,
        searchOptions: { tokenize, processTerm },
      });
      plain.addAll(episodes.map((rec) => ({ id: rec.id, text: String(rec.entry.text) })));
      const byId = log.byId;
      const ctx = (recalled: Recalled[], budget: number) =>
        buildContext(brain.state, dir, { cwd: dir, budget, query: "q" }, now, (c, ms) =>
          recallSection(recalled, [], c, ms),
        );

      for (const q of sample.qa as Question[]) {
        questions++;
        const ev = evidenceIds(q.evidence);
        if (ev.length === 0) {
          noEvidence++;
          continue;
        }
        const want = ev.map((e) => byTurn.get(e));
        unresolved += want.filter((w) => !w).length;
        const bm25: Recalled[] = plain
          .search(q.question, { combineWith: "OR" })
          .map((h) => ({
            rec: byId.get(h.id as string)!,
            kind: "episode" as const,
            score: h.score,
            matched: 0,
          }));
        for (const budget of list) {
          for (const method of METHODS) {
            let injected: string[];
            if (method === "brain") {
              const t = performance.now();
              injected = brain.context({ query: q.question, budget, cwd: dir }).injectedIds;
              if (budget === 2000) queryMs.push(performance.now() - t);
            } else injected = ctx(method === "recency" ? recency : bm25, budget).injectedIds;
            const got = new Set(injected);
            const v = want.filter((w) => w && got.has(w)).length / want.length;
            add(`${budget}|${method}|${q.category}`, v);
            add(`${budget}|${method}|all`, v);
          }
        }
      }
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  const cell = (k: string) => {
    const t = tallies.get(k);
    return t ? (t.sum / t.n).toFixed(3) : "-";
  };
  const out: string[] = [];
  out.push(
    `LoCoMo evidence recall — ${questions} questions (${noEvidence} without evidence skipped, ` +
      `${unresolved} evidence ids not found in the transcript counted as missed), ${turns} turns`,
  );
  out.push("");
  out.push(`| budget | category | n | recency | bm25 | brain |`);
  out.push(`|---:|---|---:|---:|---:|---:|`);
  for (const budget of list) {
    for (const c of [1, 2, 3, 4, 5, "all"] as const) {
      const n = tallies.get(`${budget}|brain|${c}`)?.n ?? 0;
      const name = c === "all" ? "**overall**" : (CATEGORY[c] ?? String(c));
      const row = METHODS.map((m: Method) => cell(`${budget}|${m}|${c}`));
      out.push(`| ${budget} | ${name} | ${n} | ${row.join(" | ")} |`);
    }
  }
  queryMs.sort((a, b) => a - b);
  const pct = (p: number) =>
    (queryMs[Math.min(queryMs.length - 1, Math.floor(p * queryMs.length))] ?? 0).toFixed(1);
  out.push("");
  out.push(
    `ingest: ${turns} turns in ${(ingestMs / 1000).toFixed(2)} s; brain.context({query}) at 2000 tokens: ` +
      `p50 ${pct(0.5)} ms, p99 ${pct(0.99)} ms`,
  );
  console.log(out.join("\n"));
}

void main();
