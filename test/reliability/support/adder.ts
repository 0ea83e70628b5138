/**
 * Adds learnings through the library and acknowledges each:   adder <brain.jsonl> <worker> <count>
 * Prints "ready", waits for a line on stdin, then "ack <id>" per acknowledged add, then "done".
 */
import { Brain } from "../../../src/engine/brain.ts";

const [path, w, n] = process.argv.slice(2);
if (!path || !w || !n) throw new Error("usage: adder <path> <worker> <count>");
const brain = Brain.open({ path, seedDefault: false });
process.stdout.write("ready\n");
process.stdin.once("data", async () => {
  for (let k = 0; k < Number(n); k++) {
    const r = await brain.act({ action: "add", type: "learning", text: `worker ${w} learning ${k}` });
    process.stdout.write(`ack ${r.data?.id}\n`);
  }
  brain.persist(true);
  process.stdout.write("done\n");
  process.exit(0);
});
