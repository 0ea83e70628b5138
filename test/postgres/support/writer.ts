/**
 * A team-store writer as its own process.   writer <url> <mode> <worker> <count>
 *   append  lines w<worker>-<k> (the store contract's concurrent appenders), one per lock
 *   learn   the same learning text through the engine (`brain add`), after "go" on stdin
 *   crash   lines c<worker>-<k>, printing "ack <id>" once each is committed; a write that fails is retried
 *           with the same line (idempotent by its key) until it succeeds
 */
import { Brain } from "../../../src/engine/brain.ts";
import { PostgresStore } from "../../../src/store/postgres/store.ts";

const [url, mode, w, n] = process.argv.slice(2);
if (!url || !mode || !w || !n) throw new Error("usage: writer <url> <mode> <worker> <count>");
const store = new PostgresStore({ url, user: `u${w}`, writer: `writer-${w}`, cwd: null, retryMs: 60_000 });
const line = (id: string) =>
  JSON.stringify({ type: "learning", id, text: `from ${w} ${id}`, created: "2026-01-01T00:00:00.000Z" });

if (mode === "append") {
  for (let k = 0; k < Number(n); k++) store.withLock(() => store.append([line(`w${w}-${k}`)]), "append");
} else if (mode === "learn") {
  const brain = Brain.open({ store, seedDefault: false, snapshot: false });
  process.stdout.write("ready\n");
  await new Promise((r) => process.stdin.once("data", r));
  process.stdin.destroy();
  try {
    await brain.act({ action: "add", type: "learning", text: "Use pnpm in the monorepo, never npm" });
    process.stdout.write("added\n");
  } catch (err) {
    process.stdout.write(`refused ${(err as { code?: string }).code}\n`);
  }
} else if (mode === "crash") {
  for (let k = 0; k < Number(n); k++) {
    const id = `c${w}-${k}`;
    for (;;) {
      try {
        store.withLock(() => store.append([line(id)]), "append");
        break;
      } catch (err) {
        process.stderr.write(`retry ${id}: ${(err as Error).message}\n`);
      }
    }
    process.stdout.write(`ack ${id}\n`);
  }
}
process.stdout.write("done\n");
await store.close();
