/**
 * Append latency under contention: 1, 4 and 8 writer processes add learnings to one brain.jsonl at the
 * same time through the library (`brain.act`: secret scan, lock, read the tail, append, fdatasync), with
 * fsync on (the default) and off (BRAIN_FSYNC=0). Two loads: "burst" (every writer appends back to back:
 * the lock is never free, the worst case) and "paced" (every writer appends every 5–15 ms, like agents
 * saving memories while they work). Prints p50 / p99 / max per-append latency and the throughput.
 * Goal: p99 ≤ 5 ms. Never gates CI.
 *
 *   npm run bench:append [-- --appends 300 --writers 1,4,8]
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Brain } from "../src/engine/brain.ts";

const SELF = fileURLToPath(import.meta.url);

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

/** Worker: open the brain, print "ready", wait for "go", time `count` appends, print them as JSON. */
async function worker(path: string, id: string, count: number, paced: boolean): Promise<void> {
  const brain = Brain.open({ path, seedDefault: false, fsync: process.env.BRAIN_FSYNC !== "0" });
  // Warm up (untimed): the write path's lazy modules and the secret scanner load on first use.
  await brain.act({ action: "add", type: "learning", text: "seed" }).catch(() => {});
  process.stdout.write("ready\n");
  await new Promise((r) => process.stdin.once("data", r));
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    await brain.act({
      action: "add",
      type: "learning",
      text: `writer ${id} append ${i}: a note of ordinary length`,
    });
    times.push(performance.now() - t0);
    if (paced) await new Promise((r) => setTimeout(r, 5 + Math.random() * 10));
  }
  process.stdout.write(`${JSON.stringify(times)}\n`);
  process.stdin.pause();
}

interface Row {
  load: "burst" | "paced";
  writers: number;
  fsync: boolean;
  appends: number;
  p50: number;
  p99: number;
  max: number;
  perSecond: number;
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

async function run(load: Row["load"], writers: number, fsync: boolean, appends: number): Promise<Row> {
  const dir = fs.mkdtempSync(join(tmpdir(), "brain-bench-append-"));
  try {
    const path = join(dir, "brain.jsonl");
    await Brain.open({ path }).act({ action: "add", type: "learning", text: "seed" });
    const env = { ...process.env, BRAIN_FSYNC: fsync ? "1" : "0" };
    const children = Array.from({ length: writers }, (_, w) =>
      spawn(process.execPath, ["--import", "tsx", SELF, "--worker", path, String(w), String(appends), load], {
        env,
        stdio: ["pipe", "pipe", "inherit"],
      }),
    );
    const outputs = children.map(
      (c) =>
        new Promise<string[]>((resolve, reject) => {
          let out = "";
          c.stdout.setEncoding("utf8").on("data", (d: string) => {
            out += d;
          });
          c.on("close", (code) =>
            code === 0 ? resolve(out.trim().split("\n")) : reject(new Error(`worker ${code}`)),
          );
        }),
    );
    await Promise.all(
      children.map(
        (c) =>
          new Promise<void>((resolve) => {
            const onData = (d: Buffer) => {
              if (d.toString().includes("ready")) {
                c.stdout.off("data", onData);
                resolve();
              }
            };
            c.stdout.on("data", onData);
          }),
      ),
    );
    const t0 = performance.now();
    for (const c of children) c.stdin.end("go\n");
    const results = await Promise.all(outputs);
    const wall = performance.now() - t0;
    const times = results
      .flatMap((lines) => JSON.parse(lines[lines.length - 1] as string) as number[])
      .sort((a, b) => a - b);
    return {
      load,
      writers,
      fsync,
      appends: times.length,
      p50: quantile(times, 0.5),
      p99: quantile(times, 0.99),
      max: times[times.length - 1] as number,
      perSecond: (times.length / wall) * 1000,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (process.argv[2] === "--worker") {
    const [path, id, count, load] = process.argv.slice(3) as [string, string, string, string];
    await worker(path, id, Number(count), load === "paced");
    return;
  }
  const appends = Number(arg("appends", "300"));
  const counts = arg("writers", "1,4,8").split(",").map(Number);
  const rows: Row[] = [];
  for (const load of ["burst", "paced"] as const) {
    for (const fsync of [true, false]) for (const w of counts) rows.push(await run(load, w, fsync, appends));
  }
  const f = (n: number) => n.toFixed(2);
  console.log(`append latency, ${appends} appends per writer (goal: p99 ≤ 5 ms)\n`);
  console.log("| load | writers | fsync | appends | p50 ms | p99 ms | max ms | appends/s |");
  console.log("|:--|--:|:--|--:|--:|--:|--:|--:|");
  for (const r of rows) {
    console.log(
      `| ${r.load} | ${r.writers} | ${r.fsync ? "on" : "off"} | ${r.appends} | ${f(r.p50)} | ${f(r.p99)} | ${f(r.max)} | ${Math.round(r.perSecond)} |`,
    );
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
