/**
 * `npm run bench:learn` (after `npm run build`): `--only pure|hooks|locomo` runs one part (default: all).
 * Hooks and LoCoMo: bench/learn/loop.ts and bench/learn/locomo.ts, tables printed by bench/learn/report.ts.
 *
 * The learning loop's pure parts at scale (issue 11): near-duplicate lookup through the trigram index
 * against a naive all-pairs scan, at 1 000 and 10 000 stored memories, with the two checked to agree on
 * every query; plus INSTANT detection per exchange and the SELECTION curator per item. Texts are the
 * sentences of LoCoMo's conversations when the dataset is there, else synthetic memory-like sentences from
 * a seeded generator (no randomness either way). Never gates CI.
 *
 *   node --import tsx bench/learn.ts [--queries 500] [--dataset ../shared/data/locomo/locomo10.json]
 */
import * as fs from "node:fs";
import { cpus, loadavg } from "node:os";
import { resolve } from "node:path";
import { Curator } from "../src/learn/curator/curator.ts";
import { detect, emptyDetectState } from "../src/learn/detect/index.ts";
import { NearDupIndex } from "../src/learn/near-dup.ts";

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

/** Common words (shared by most memories) and a large vocabulary of specific terms with a skewed use. */
const COMMON = (
  "the a of to in for with and not use uses user prefers repo project script tests run when always never " +
  "should must from on by this that is are be before after file files config build deploy api"
).split(" ");
const SYLLABLES =
  "ka lo mi ne ru sa te vo zu bri cha dex fin gor hul jax kem lux mor nep pix qua ros sul tig".split(" ");

function specificWords(n: number, r: () => number): string[] {
  return Array.from({ length: n }, () => {
    const k = 2 + Math.floor(r() * 3);
    return Array.from({ length: k }, () => SYLLABLES[Math.floor(r() * SYLLABLES.length)]).join("");
  });
}

const SPECIFIC = specificWords(20_000, rng(1));

/** A 32-bit LCG: the same texts on every run. */
function rng(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

/** 6–15 words, about 40 % common ones; specific terms follow a skewed (roughly Zipf-like) draw. */
function sentence(r: () => number): string {
  const n = 6 + Math.floor(r() * 10);
  return Array.from({ length: n }, () =>
    r() < 0.4 ? COMMON[Math.floor(r() * COMMON.length)] : SPECIFIC[Math.floor(SPECIFIC.length * r() ** 3)],
  ).join(" ");
}

/** A near-duplicate: one word swapped or dropped, case and punctuation changed. */
function reword(s: string, r: () => number): string {
  const w = s.split(" ");
  const i = Math.floor(r() * w.length);
  if (r() < 0.5) w.splice(i, 1);
  else w[i] = COMMON[Math.floor(r() * COMMON.length)] as string;
  return `${w.join(" ")}.`.replace(/^./, (c) => c.toUpperCase());
}

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
}

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const us = (ms: number) => `${(ms * 1000).toFixed(0)} µs`;
const rows: string[][] = [];

function time<T>(f: () => T): { ms: number; v: T } {
  const t0 = performance.now();
  const v = f();
  return { ms: performance.now() - t0, v };
}

/** Distinct sentences (20–200 characters) of LoCoMo's turns, in order; [] without the dataset. */
function locomoSentences(): string[] {
  const file = resolve(arg("dataset", "../shared/data/locomo/locomo10.json"));
  if (!fs.existsSync(file)) return [];
  const data = JSON.parse(fs.readFileSync(file, "utf8")) as { conversation: Record<string, unknown> }[];
  const out = new Set<string>();
  for (const c of data)
    for (const v of Object.values(c.conversation))
      if (Array.isArray(v))
        for (const t of v as { text?: string }[])
          for (const s of (t.text ?? "").split(/(?<=[.!?])\s+/))
            if (s.length >= 20 && s.length <= 200) out.add(s);
  return [...out];
}

const REAL = locomoSentences();
/** `size` texts plus `spare` more for novel queries: real sentences when there are enough, else synthetic. */
function corpus(size: number, spare: number, r: () => number): { texts: string[]; novel: string[] } {
  const all = REAL.length >= size + spare ? REAL : Array.from({ length: size + spare }, () => sentence(r));
  return { texts: all.slice(0, size), novel: all.slice(all.length - spare) };
}

const queries = Number(arg("queries", "500"));
function purePart(): void {
  console.log(
    `texts: ${REAL.length >= 10_000 + queries ? `LoCoMo sentences (${REAL.length})` : "synthetic"}`,
  );
  for (const size of [1_000, 10_000]) {
    const r = rng(size);
    const { texts, novel } = corpus(size, queries, r);
    const index = new NearDupIndex();
    const built = time(() => {
      for (const [i, t] of texts.entries()) index.add(`m${i}`, t);
    });
    const qs = Array.from({ length: queries }, (_, i) =>
      i % 2 === 0 ? reword(texts[Math.floor(r() * size)] as string, r) : (novel[i] as string),
    );
    const fast: number[] = [];
    const slow: number[] = [];
    let found = 0;
    let agree = 0;
    for (const q of qs) {
      const a = time(() => index.best(q));
      const b = time(() => index.bestNaive(q));
      fast.push(a.ms);
      slow.push(b.ms);
      if (a.v) found++;
      if (JSON.stringify(a.v) === JSON.stringify(b.v)) agree++;
    }
    rows.push([
      `near-dup index, ${size} entries`,
      us(mean(fast)),
      us(pct(fast, 50)),
      us(pct(fast, 99)),
      `build ${built.ms.toFixed(0)} ms; ${found}/${queries} matched; ${(index.verified / queries).toFixed(0)} compared per query`,
    ]);
    rows.push([
      `near-dup naive all-pairs, ${size}`,
      us(mean(slow)),
      us(pct(slow, 50)),
      us(pct(slow, 99)),
      `agrees on ${agree}/${queries}; ${(mean(slow) / mean(fast)).toFixed(1)}× slower`,
    ]);
  }

  /** Consecutive turns as exchanges (LoCoMo: one speaker, then the other), else synthetic exchanges. */
  function exchanges(count: number, r: () => number): { user: string; assistant: string }[] {
    const file = resolve(arg("dataset", "../shared/data/locomo/locomo10.json"));
    const out: { user: string; assistant: string }[] = [];
    if (fs.existsSync(file)) {
      const data = JSON.parse(fs.readFileSync(file, "utf8")) as { conversation: Record<string, unknown> }[];
      for (const c of data)
        for (const v of Object.values(c.conversation))
          if (Array.isArray(v))
            for (let i = 0; i + 1 < v.length; i += 2)
              out.push({ user: String(v[i]?.text ?? ""), assistant: String(v[i + 1]?.text ?? "") });
    }
    while (out.length < count)
      out.push({
        user: sentence(r).slice(0, 40 + Math.floor(r() * 60)),
        assistant: `${sentence(r)}. ${sentence(r)}. ${sentence(r)}.`,
      });
    return out.slice(0, count);
  }

  const EXCHANGES = exchanges(2_500, rng(7));

  {
    let state = emptyDetectState();
    const ts: number[] = [];
    const by = new Map<string, number>();
    for (const ex of EXCHANGES) {
      const t = time(() => detect(state, ex));
      state = t.v.state;
      for (const c of t.v.candidates) by.set(c.reason, (by.get(c.reason) ?? 0) + 1);
      ts.push(t.ms);
    }
    const counts = [...by].map(([k, n]) => `${n} ${k}`).join(", ");
    rows.push([
      "INSTANT detect, per exchange",
      us(mean(ts)),
      us(pct(ts, 50)),
      us(pct(ts, 99)),
      `${EXCHANGES.length} exchanges → ${counts || "no candidates"}`,
    ]);
  }

  for (const seeded of [false, true]) {
    const c = new Curator();
    // TF-IDF mode is seeded with the first 500 exchanges' texts (standing in for stored memories).
    if (seeded) c.seed(EXCHANGES.slice(0, 500).map((e) => `${e.user}\n${e.assistant}`));
    const ts: number[] = [];
    const scores: number[] = [];
    EXCHANGES.forEach((ex, i) => {
      const item = { prompt: ex.user, response: ex.assistant, hourOfDay: i % 24, dayOfWeek: i % 7 };
      const t = time(() => c.evaluate(item));
      ts.push(t.ms);
      scores.push(t.v.score);
    });
    const s = c.stats();
    const bytes = Buffer.byteLength(JSON.stringify(c.toJSON()));
    rows.push([
      `SELECTION curator (${s.mode}), per item`,
      us(mean(ts)),
      us(pct(ts, 50)),
      us(pct(ts, 99)),
      `score p50 ${pct(scores, 50).toFixed(2)} p90 ${pct(scores, 90).toFixed(2)} max ${Math.max(...scores).toFixed(2)}; ` +
        `${s.promoted} promoted at 0.82, ${s.duplicates} duplicates; state ${(bytes / 1e6).toFixed(2)} MB`,
    ]);
  }

  console.log(`load average ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores (wall-clock times)`);
  const head = ["operation", "mean", "p50", "p99", "notes"];
  const table = [head, head.map(() => "---"), ...rows];
  for (const row of table) console.log(`| ${row.join(" | ")} |`);
}

const ONLY = arg("only", "all");
if (ONLY === "all" || ONLY === "pure") purePart();
if (ONLY !== "pure") {
  const { loopReport } = await import("./learn/report.ts");
  await loopReport({
    only: ONLY,
    runs: Number(arg("runs", "10")),
    mb: Number(arg("mb", "50")),
    dataset: resolve(arg("dataset", "../shared/data/locomo/locomo10.json")),
  });
}
