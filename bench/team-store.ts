/**
 * The team store against the JSONL store, in one run (issue 15):   npm run bench:team [-- --each 200]
 *   1. 8 writer processes appending at once: appends/s, p50/p99 latency of one append (lock + write + commit)
 *   2. context with a query at 100k entries (bench/generate.ts's brain): open (fold) and one context call;
 *      open again from the local fold snapshot (the team store's is keyed by seq, in its local directory)
 *   3. PostgreSQL only: time from one process's commit to another process's fold of it (NOTIFY → refresh)
 * The server is a throwaway one (test/support/postgres.ts), on this machine: loopback, fsync off.
 */
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Brain } from "../src/engine/brain.ts";
import type { EventStore } from "../src/store/event-store.ts";
import { JsonlFileStore } from "../src/store/jsonl/file-store.ts";
import { PostgresStore } from "../src/store/postgres/store.ts";
import { cleanEnv } from "../test/support/env.ts";
import { createDatabaseSync, postgres } from "../test/support/postgres.ts";
import { ROOT, startProcess } from "../test/support/spawn.ts";
import { BENCH_CWD, cachedBrain, GENERATED_END } from "./generate.ts";
import { median, ms, quantile, table } from "./stats.ts";

const eachAt = process.argv.indexOf("--each");
const EACH = eachAt > 0 ? Number(process.argv[eachAt + 1]) : 200;
const WRITERS = 8;
const server = await postgres();
const tmp = fs.mkdtempSync(join(tmpdir(), "brain-bench-team-"));
process.on("exit", () => fs.rmSync(tmp, { recursive: true, force: true }));

async function writers(kind: "pg" | "jsonl", target: string) {
  const kids = Array.from({ length: WRITERS }, (_, w) =>
    startProcess(
      process.execPath,
      ["--import", "tsx", join(ROOT, "bench", "team-writer.ts"), kind, target, String(w), String(EACH)],
      {
        env: cleanEnv({}),
        cwd: ROOT,
      },
    ),
  );
  // Start them together once all have loaded (their start-up is not part of the figures).
  await new Promise((r) => setTimeout(r, 4000));
  const t0 = performance.now();
  for (const k of kids) k.child.stdin?.write("go\n");
  const ends = await Promise.all(kids.map((k) => k.done));
  const wall = performance.now() - t0;
  const lat = ends.flatMap((e) => {
    if (e.code !== 0) throw new Error(`writer failed: ${e.stderr}`);
    return JSON.parse(e.stdout.trim().split("\n").pop() as string) as number[];
  });
  return { rate: lat.length / (wall / 1000), p50: quantile(lat, 0.5), p99: quantile(lat, 0.99) };
}

function timeContext(open: () => Brain) {
  const t0 = performance.now();
  const brain = open();
  const openMs = performance.now() - t0;
  const runs: number[] = [];
  for (let i = 0; i < 7; i++) {
    const t = performance.now();
    brain.context({ query: "database migration rollback", cwd: BENCH_CWD });
    runs.push(performance.now() - t);
  }
  return { openMs, contextMs: median(runs) };
}

const results: Record<string, string>[] = [];
const pgUrl = createDatabaseSync(server);
const jsonlPath = join(tmp, "brain.jsonl");
const w = { pg: await writers("pg", pgUrl), jsonl: await writers("jsonl", jsonlPath) };

const big = cachedBrain(100_000).path;
const text = fs.readFileSync(big, "utf8");
const pg100k = createDatabaseSync(server);
const seed = new PostgresStore({ url: pg100k, user: "bench", writer: "bench", cwd: BENCH_CWD });
seed.restore(text);
const now = () => new Date(GENERATED_END);
const ctx = {
  pg: timeContext(() =>
    Brain.open({
      store: new PostgresStore({ url: pg100k, user: "bench", writer: "bench", cwd: BENCH_CWD }),
      cwd: BENCH_CWD,
      now,
      seedDefault: false,
    }),
  ),
  jsonl: timeContext(() =>
    Brain.open({ store: new JsonlFileStore(big), cwd: BENCH_CWD, now, seedDefault: false, snapshot: false }),
  ),
};

// Opening again from this machine's local snapshot (keyed by seq): only the rows after it are read. Timed from
// a store already opened (the team store's worker thread and connection are the row above's, not the fold's).
function timeReopen(store: () => EventStore): number {
  Brain.open({ store: store(), cwd: BENCH_CWD, now, seedDefault: false }).persist(true);
  const s = store();
  const t0 = performance.now();
  Brain.open({ store: s, cwd: BENCH_CWD, now, seedDefault: false });
  return performance.now() - t0;
}
const localDir = join(tmp, "team-local");
const bigCopy = join(tmp, "big.jsonl");
fs.copyFileSync(big, bigCopy);
const reopen = {
  pg: timeReopen(
    () => new PostgresStore({ url: pg100k, user: "bench", writer: "bench", cwd: BENCH_CWD, localDir }),
  ),
  jsonl: timeReopen(() => new JsonlFileStore(bigCopy)),
};

// Visibility: a reader subscribed in this process, a writer in another; from its commit to our fold.
const visUrl = createDatabaseSync(server);
const reader = new PostgresStore({ url: visUrl, user: "r", writer: "r", cwd: null });
const readerBrain = Brain.open({ store: reader, seedDefault: false, snapshot: false });
const vis: number[] = [];
const writer = startProcess(
  process.execPath,
  ["--import", "tsx", join(ROOT, "bench", "team-writer.ts"), "pg", visUrl, "9", "30"],
  {
    env: cleanEnv({}),
    cwd: ROOT,
  },
);
await new Promise((r) => setTimeout(r, 3000));
const seen = new Set<string>();
reader.subscribe(() => {
  readerBrain.refresh();
  const t = performance.timeOrigin + performance.now();
  for (const l of readerBrain.state.list("learning")) {
    if (seen.has(l.id)) continue;
    seen.add(l.id);
    const created = Date.parse((l.entry as { created: string }).created);
    vis.push(t - created);
  }
});
writer.child.stdin?.write("go\n");
await writer.done;
await new Promise((r) => setTimeout(r, 500));

results.push(
  {
    what: `appends/s, ${WRITERS} writer processes × ${EACH}`,
    pg: w.pg.rate.toFixed(0),
    jsonl: w.jsonl.rate.toFixed(0),
  },
  { what: "append latency p50", pg: ms(w.pg.p50), jsonl: ms(w.jsonl.p50) },
  { what: "append latency p99", pg: ms(w.pg.p99), jsonl: ms(w.jsonl.p99) },
  { what: "open at 100k entries (fold, no snapshot)", pg: ms(ctx.pg.openMs), jsonl: ms(ctx.jsonl.openMs) },
  { what: "open at 100k from the local snapshot (store open)", pg: ms(reopen.pg), jsonl: ms(reopen.jsonl) },
  {
    what: "context with a query at 100k (median of 7)",
    pg: ms(ctx.pg.contextMs),
    jsonl: ms(ctx.jsonl.contextMs),
  },
  {
    what: `write → visible in another process (median of ${vis.length}; p99)`,
    pg: vis.length ? `${ms(median(vis))}; ${ms(quantile(vis, 0.99))}` : "n/a",
    jsonl: "n/a (no notification: polls or watches)",
  },
);
console.log(table({ what: "", pg: "PostgreSQL", jsonl: "JSONL" }, results));
await seed.close();
await reader.close();
process.exit(0);
