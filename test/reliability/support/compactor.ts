/**
 * Compacts one brain again and again:   compactor <brain.jsonl> <times>
 * Prints "ready", waits for a line on stdin, then "compacted <i>" after each compaction, then "done".
 */
import { Brain } from "../../../src/engine/brain.ts";

const [path, n] = process.argv.slice(2);
if (!path || !n) throw new Error("usage: compactor <path> <times>");
const brain = Brain.open({ path, seedDefault: false });
process.stdout.write("ready\n");
process.stdin.once("data", () => {
  for (let i = 0; i < Number(n); i++) {
    brain.compact();
    process.stdout.write(`compacted ${i}\n`);
  }
  process.stdout.write("done\n");
  process.exit(0);
});
