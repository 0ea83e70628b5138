/**
 * One of the concurrent appenders of the store contract suite: appends `count` lines through the JSONL
 * store, each under the store's lock, as its own process.   store-appender <log> <worker> <count>
 */
import { JsonlFileStore } from "../../../src/store/jsonl/file-store.ts";

const [path, w, n] = process.argv.slice(2);
if (!path || !w || !n) throw new Error("usage: store-appender <log> <worker> <count>");
const store = new JsonlFileStore(path);
for (let k = 0; k < Number(n); k++) {
  const line = JSON.stringify({
    type: "learning",
    id: `w${w}-${k}`,
    text: `from ${w}`,
    created: "2026-01-01",
  });
  store.withLock(() => store.append([line]), "append");
}
process.stdout.write("done\n");
