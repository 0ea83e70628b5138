/**
 * Recall performance, with the previous implementation as the baseline in the same run:
 *
 *   npm run bench:recall-perf [-- --size 100k --turns 100k]
 *
 *  - search latency p50/p99 on a generated brain (bench/generate.ts, default 100k lines): the term-overlap
 *    `Brain.search` / `Brain.recall` on the one index (every entry type and episodes), and
 *    `Brain.context({ query })` at 2 000 tokens (the term-overlap scan that was the baseline is gone);
 *  - the index: build time, size on disk, load time in a new process (open + first query) with the file
 *    and without it (rebuild);
 *  - ingest throughput (turns/s) of a generated generic JSONL transcript: parse + validate + append alone
 *    (baseline) vs `Brain.ingest` (which also indexes and saves the index).
 */

import { createHash } from "node:crypto";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { episodeId, toEpisode } from "../src/core/episode.ts";
import { validateEntry } from "../src/core/schema.ts";
import { Brain } from "../src/engine/brain.ts";
import { readTranscript } from "../src/recall/ingest/ingest.ts";
import { recallIndexPath } from "../src/recall/recall.ts";
import { EpisodeLog } from "../src/store/episode-log.ts";
import { JsonlFileStore } from "../src/store/jsonl/file-store.ts";
import { cachedBrain, GENERATED_END, Prng, parseSize } from "./generate.ts";

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

function arg(name: string, dflt: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? dflt) : dflt;
}

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? 0;
}
const ms = (x: number) => `${x.toFixed(x < 10 ? 2 : 1)} ms`;
const mib = (b: number) => `${(b / 1048576).toFixed(1)} MiB`;

function time<T>(fn: () => T): [T, number] {
  const t = performance.now();
  const v = fn();
  return [v, performance.now() - t];
}

const rows: string[][] = [];
const row = (...cells: string[]) => rows.push(cells);

async function main(): Promise<void> {
  const size = parseSize(arg("size", "100k"));
  const turns = parseSize(arg("turns", "100k"));
  process.env.BRAIN_FSYNC = "0"; // for child processes; in process, fsync: false is passed to Brain.open
  const work = fs.mkdtempSync(join(tmpdir(), "brain-recall-perf-"));
  const now = new Date(GENERATED_END);
  try {
    // ── search on a generated brain ──
    const src = cachedBrain(size).path;
    const dir = join(work, "brain");
    fs.mkdirSync(dir);
    const path = join(dir, "brain.jsonl");
    fs.copyFileSync(src, path);
    const brain = Brain.open({ path, now: () => now, seedDefault: false, fsync: false });
    const learnings = brain.state.list("learning");
    const r = new Prng(7);
    const queries: string[] = [];
    for (let i = 0; i < 300; i++) {
      const words = String(r.pick(learnings).entry.text).replace(/[.,]/g, "").split(" ");
      const n = r.int(2, 4);
      const start = r.int(0, Math.max(0, words.length - n));
      queries.push(words.slice(start, start + n).join(" "));
    }
    const [, buildMs] = time(() => brain.recall(queries[0] as string));
    brain.persist(true);
    const indexBytes = fs.statSync(recallIndexPath(path)).size;
    const logBytes = fs.statSync(path).size;

    const measure = (fn: (q: string) => unknown) => {
      for (const q of queries.slice(0, 20)) fn(q); // warm-up
      const t: number[] = [];
      for (const q of queries) t.push(time(() => fn(q))[1]);
      return t;
    };
    const search = measure((q) => brain.search(q, { limit: 10 }));
    const recall = measure((q) => brain.recall(q));
    const context = measure((q) => brain.context({ query: q, budget: 2000 }));
    const plainContext = measure(() => brain.context({ budget: 2000 }));
    row(`search, ${size} lines (${learnings.length} learnings)`, "p50", "p99");
    row("Brain.search (index, every type)", ms(pct(search, 0.5)), ms(pct(search, 0.99)));
    row("Brain.recall (index, fused ranking)", ms(pct(recall, 0.5)), ms(pct(recall, 0.99)));
    row("baseline: Brain.context, no query", ms(pct(plainContext, 0.5)), ms(pct(plainContext, 0.99)));
    row("Brain.context({ query }), 2000 tokens", ms(pct(context, 0.5)), ms(pct(context, 0.99)));
    row("", "", "");

    const [, loadMs] = time(() =>
      Brain.open({ path, now: () => now, seedDefault: false, fsync: false }).recall("cache"),
    );
    fs.rmSync(recallIndexPath(path));
    const [, rebuildMs] = time(() =>
      Brain.open({ path, now: () => now, seedDefault: false, fsync: false }).recall("cache"),
    );
    row("index", "value", "");
    row("build from the folded state", ms(buildMs), "");
    row("size on disk (brain.jsonl)", `${mib(indexBytes)} (${mib(logBytes)})`, "");
    row("new process: open + first query, index file present", ms(loadMs), "");
    row("new process: open + first query, no index file (rebuild)", ms(rebuildMs), "");
    row("", "", "");

    // ── ingest throughput ──
    const transcript = join(work, "transcript.jsonl");
    const out = fs.createWriteStream(transcript);
    const day0 = Date.parse("2024-01-01T00:00:00Z");
    const g = new Prng(11);
    let buf = "";
    for (let i = 0; i < turns; i++) {
      const session = `s${Math.floor(i / 40)}`;
      const words: string[] = [];
      for (let w = g.int(6, 30); w > 0; w--)
        words.push(String(g.pick(learnings).entry.text).split(" ")[0] ?? "x");
      buf += `${JSON.stringify({ session, date: new Date(day0 + Math.floor(i / 40) * 86_400_000).toISOString(), speaker: i % 2 ? "Ana" : "Ben", text: words.join(" ") })}\n`;
      if (buf.length > 1 << 20) {
        out.write(buf);
        buf = "";
      }
    }
    out.end(buf);
    await new Promise<void>((res) => out.on("close", () => res()));
    const tBytes = fs.statSync(transcript).size;

    // baseline: parse + validate + append, no index
    const plainDir = join(work, "plain");
    fs.mkdirSync(plainDir);
    const [, appendMs] = time(() => {
      const parsed = readTranscript(transcript);
      const entries = parsed.turns.map((t) =>
        toEpisode(t, "generic:transcript.jsonl", now.toISOString(), sha256),
      );
      const log = new EpisodeLog(new JsonlFileStore(join(plainDir, "episodes.jsonl")));
      for (let i = 0; i < entries.length; i += 5000) log.appendNew(entries.slice(i, i + 5000), validateEntry);
    });
    const ingDir = join(work, "ingest");
    fs.mkdirSync(ingDir);
    const ib = Brain.open({
      path: join(ingDir, "brain.jsonl"),
      now: () => now,
      seedDefault: false,
      fsync: false,
    });
    const t0 = performance.now();
    const res = await ib.ingest(transcript);
    const ingestMs = performance.now() - t0;
    const t1 = performance.now();
    const again = await ib.ingest(transcript);
    const againMs = performance.now() - t1;
    const [, epSearchMs] = time(() => ib.recall("cache deploy"));
    const epIndex = fs.statSync(recallIndexPath(join(ingDir, "brain.jsonl"))).size;
    const epLog = fs.statSync(join(ingDir, "episodes.jsonl")).size;
    const ep = measure((q) => ib.recall(q));
    void episodeId;
    row(`ingest, ${res.turns} turns (${mib(tBytes)} generic JSONL)`, "time", "turns/s");
    row(
      "baseline: parse + validate + append (no index)",
      ms(appendMs),
      String(Math.round(res.turns / (appendMs / 1000))),
    );
    row(
      "Brain.ingest (+ index + save index)",
      ms(ingestMs),
      String(Math.round(res.turns / (ingestMs / 1000))),
    );
    row("Brain.ingest again (nothing new)", ms(againMs), `${again.added} added`);
    row("episode index size (episodes.jsonl)", `${mib(epIndex)} (${mib(epLog)})`, "");
    row(`Brain.recall over ${res.turns} episodes p50 / p99`, ms(pct(ep, 0.5)), ms(pct(ep, 0.99)));
    row("first query after ingest", ms(epSearchMs), "");
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
  for (const r of rows) {
    if (!r[0] && !r[1]) {
      console.log("");
      continue;
    }
    console.log(
      `${(r[0] ?? "").padEnd(widths[0] as number)}  ${(r[1] ?? "").padStart(widths[1] as number)}  ${(r[2] ?? "").padStart(widths[2] as number)}`,
    );
  }
}

void main();
