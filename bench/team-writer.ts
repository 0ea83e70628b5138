/**
 * One writer of bench/team-store.ts.   team-writer <pg|jsonl> <url-or-path> <worker> <count>
 * Appends <count> learnings, each under the store's lock, and prints the latencies (ms) as one JSON line.
 */
import { JsonlFileStore } from "../src/store/jsonl/file-store.ts";
import { PostgresStore } from "../src/store/postgres/store.ts";

const [kind, target, w, n] = process.argv.slice(2);
if (!kind || !target || !w || !n) throw new Error("usage: team-writer <pg|jsonl> <target> <worker> <count>");
const store =
  kind === "pg"
    ? new PostgresStore({ url: target, user: `u${w}`, writer: `bench-${w}`, cwd: null })
    : new JsonlFileStore(target);
await new Promise((r) => process.stdin.once("data", r));
process.stdin.destroy();
const lat: number[] = [];
for (let k = 0; k < Number(n); k++) {
  const line = JSON.stringify({
    type: "learning",
    id: `b${w}-${k}`,
    text: `bench ${w} ${k}`,
    created: new Date().toISOString(),
  });
  const t0 = performance.now();
  store.withLock(() => store.append([line]), "bench");
  lat.push(performance.now() - t0);
}
process.stdout.write(`${JSON.stringify(lat)}\n`);
if (store instanceof PostgresStore) await store.close();
