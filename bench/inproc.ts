/**
 * In-process measurements, run by bench/run.ts in a child process per brain size (so one size's heap does not
 * slow the next size's measurements, or the parent's process spawns). Prints one JSON object on stdout:
 * raw samples in milliseconds per case; run.ts turns them into table rows.
 *
 *   node --expose-gc --import tsx bench/inproc.ts snapshot <brain.jsonl>
 *   node --expose-gc --import tsx bench/inproc.ts measure <brain.jsonl> <runs> <heavyRuns> <adds> <naiveRuns>
 *
 * `heavyRuns` is the sample count for the cases that need a full fold per sample besides the one timed
 * (snapshot save, dedup index build).
 */
import * as fs from "node:fs";
import { dirname, join } from "node:path";
import type { Brain as BrainType } from "../src/index.ts";
import { loadBuilt } from "./built.ts";
import { BENCH_CWD, GENERATED_END, Prng } from "./generate.ts";
import { naiveLoad } from "./rho-naive.ts";

const NOW = new Date(GENERATED_END);
const now = () => NOW;

const { Brain, snapshotPath } = await loadBuilt();
type Brain = BrainType;

const gc: () => void = (globalThis as { gc?: () => void }).gc ?? (() => {});

function time<T>(fn: () => T): [number, T] {
  const t = performance.now();
  const v = fn();
  return [performance.now() - t, v];
}

async function timeAsync<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t = performance.now();
  const v = await fn();
  return [performance.now() - t, v];
}

function open(path: string, snapshot: boolean): Brain {
  return Brain.open({ path, seedDefault: false, snapshot, now, cwd: BENCH_CWD });
}

function removeSnapshot(path: string): void {
  fs.rmSync(snapshotPath(path), { force: true });
}

/** Library-side forced persist, so the CLI's warm runs find a snapshot at the log's current end. */
function makeSnapshot(path: string): Record<string, unknown> {
  removeSnapshot(path);
  const [openMs, brain] = time(() => open(path, true));
  const [saveMs, ok] = time(() => brain.persist(true));
  if (!ok) throw new Error(`persist(true) did not write a snapshot for ${path}`);
  return { openMs, saveMs, snapshotBytes: fs.statSync(snapshotPath(path)).size };
}

const ADD_WORDS =
  "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november".split(" ");

async function measure(path: string, runs: number, heavyRuns: number, adds: number, naiveRuns: number) {
  const samples: Record<string, number[]> = {};
  const push = (k: string, ms: number) => {
    const xs = samples[k];
    if (xs) xs.push(ms);
    else samples[k] = [ms];
  };
  const checks: string[] = [];

  // Baseline: Rho-style read + O(n²) fold of the same file.
  let naiveCounts: Record<string, number> | undefined;
  for (let i = 0; i < naiveRuns; i++) {
    gc();
    const [ms, b] = time(() => naiveLoad(path));
    push("naiveFold", ms);
    naiveCounts = {
      behavior: b.behaviors.length,
      identity: b.identity.size,
      user: b.user.size,
      learning: b.learnings.length,
      preference: b.preferences.length,
      context: b.contexts.length,
      task: b.tasks.length,
      reminder: b.reminders.length,
      meta: b.meta.size,
    };
  }

  // Cold: open + fold the whole log, no snapshot.
  let coldBrain: Brain | undefined;
  for (let i = 0; i < runs; i++) {
    coldBrain = undefined;
    gc();
    const [ms, b] = time(() => open(path, false));
    if (b.loadedFrom !== "log") throw new Error("cold open did not fold the log");
    push("coldOpen", ms);
    coldBrain = b;
  }
  if (naiveCounts && coldBrain) {
    const s = coldBrain.state;
    const diff = Object.entries(naiveCounts).filter(([t, n]) => s.count(t as never) !== n);
    checks.push(
      diff.length === 0
        ? `live counts match the naive fold (${naiveCounts.learning} learnings)`
        : `WARNING live counts differ from the naive fold: ${diff.map(([t, n]) => `${t} engine=${s.count(t as never)} naive=${n}`).join(", ")}`,
    );
  }
  coldBrain = undefined;

  // Snapshot save (fold from the log first, then the forced persist is what is timed).
  for (let i = 0; i < Math.max(1, heavyRuns); i++) {
    removeSnapshot(path);
    gc();
    const b = open(path, true);
    const [ms, ok] = time(() => b.persist(true));
    if (!ok) throw new Error("persist(true) failed");
    push("snapshotSave", ms);
  }

  // Snapshot open, then what the first read after it costs (records are parsed lazily).
  for (let i = 0; i < runs; i++) {
    gc();
    const [ms, b] = time(() => open(path, true));
    if (b.loadedFrom !== "snapshot") throw new Error(`snapshot not used: ${b.snapshotStatus}`);
    push("snapshotOpen", ms);
    push("firstPromptAfterSnapshot", time(() => b.rhoPrompt({ cwd: BENCH_CWD }))[0]);
  }
  for (let i = 0; i < runs; i++) {
    gc();
    const b = open(path, true);
    push(
      "firstSearchAfterSnapshot",
      (await timeAsync(() => b.act({ action: "list", query: "pnpm", limit: 50 })))[0],
    );
  }

  // Warm engine: one open, then repeated reads and adds.
  gc();
  const brain = open(path, true);
  brain.rhoPrompt({ cwd: BENCH_CWD });
  const reads = Math.max(30, runs * 3);
  for (let i = 0; i < reads + 3; i++) {
    const [ms] = time(() => brain.rhoPrompt({ cwd: BENCH_CWD }));
    if (i >= 3) push("prompt", ms);
  }
  for (let i = 0; i < reads + 3; i++) {
    const [ms] = await timeAsync(() => brain.act({ action: "list", type: "learning", limit: 50 }));
    if (i >= 3) push("list", ms);
  }
  let hits = 0;
  for (let i = 0; i < reads + 3; i++) {
    const [ms, r] = await timeAsync(() => brain.act({ action: "list", query: "pnpm", limit: 50 }));
    hits = Number(r.data?.total ?? 0);
    if (i >= 3) push("search", ms);
  }
  checks.push(`search "pnpm" matches ${hits} live entries`);

  const r = new Prng(4242);
  const uniqueText = (i: number) => {
    const words: string[] = [];
    for (let k = 0; k < 10; k++) words.push(r.pick(ADD_WORDS));
    return `Bench learning ${i}: ${words.join(" ")} ${r.u32().toString(36)}`;
  };
  // Dedup index: built over every live entry on the first add (timed here on a fresh engine, on its own).
  for (let i = 0; i < Math.max(1, heavyRuns); i++) {
    gc();
    const b = open(path, true);
    push("dedupIndex", time(() => b.state.hasText("bench probe"))[0]);
  }
  // The first add on the warm engine builds that index and loads the write path (zod schemas).
  const added: string[] = [uniqueText(0)];
  push(
    "firstAdd",
    (await timeAsync(() => brain.act({ action: "add", type: "learning", text: added[0] })))[0],
  );
  for (let i = 1; i <= adds; i++) {
    const text = uniqueText(i);
    added.push(text);
    const [ms, res] = await timeAsync(() => brain.act({ action: "add", type: "learning", text }));
    if (res.written.length !== 1) throw new Error("add did not write");
    push("add", ms);
  }
  // A duplicate (same text, different case and punctuation) is rejected without writing.
  for (const text of added.slice(0, Math.min(added.length, 100))) {
    const t = performance.now();
    let rejected = false;
    try {
      await brain.act({ action: "add", type: "learning", text: `${text.toUpperCase()}!!` });
    } catch (e) {
      rejected = (e as { code?: string }).code === "DUPLICATE";
    }
    const ms = performance.now() - t;
    if (!rejected) throw new Error("duplicate add was not rejected");
    push("addDuplicate", ms);
  }

  // Floor for an add: one line appended with O_APPEND and fdatasync'd, on the same file system.
  const scratch = join(dirname(path), "fsync-floor.jsonl");
  for (let i = 0; i < Math.min(adds, 200); i++) {
    const line = `{"id":"${i.toString(16).padStart(8, "0")}","type":"learning","text":"x","created":"${NOW.toISOString()}"}\n`;
    const [ms] = time(() => {
      const fd = fs.openSync(
        scratch,
        fs.constants.O_WRONLY | fs.constants.O_APPEND | fs.constants.O_CREAT,
        0o600,
      );
      try {
        fs.writeSync(fd, line);
        if (process.env.BRAIN_FSYNC !== "0") fs.fdatasyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
    });
    push("appendFloor", ms);
  }
  fs.rmSync(scratch, { force: true });

  return { samples, checks, live: brain.state.count("learning") };
}

async function main(argv: string[]): Promise<void> {
  const [mode, path, ...rest] = argv;
  if (!path) throw new Error("usage: inproc.ts snapshot|measure <brain.jsonl> …");
  let out: unknown;
  if (mode === "snapshot") out = makeSnapshot(path);
  else if (mode === "measure") {
    const [runs = "5", heavyRuns = "3", adds = "200", naiveRuns = "0"] = rest;
    out = await measure(path, Number(runs), Number(heavyRuns), Number(adds), Number(naiveRuns));
  } else throw new Error(`unknown mode ${mode}`);
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

await main(process.argv.slice(2));
