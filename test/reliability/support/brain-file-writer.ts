/**
 * A concurrent brain-file writer for brain-file-race.test.ts: the library in its own process.
 *
 *   brain-file-writer <dir> append|replace <worker> <count>
 *
 * Prints "ready", waits for a line on stdin, then `count` times either appends the line "m <worker> <k>"
 * to NOTES.md, or rewrites NOTES.md keeping its content (a cleanup computed under the file's lock),
 * printing "ack <worker> <k>" after each acknowledged write. Ends with "done".
 */
import { writeBrainFile } from "../../../src/brainfiles/write.ts";

const [dir, mode, w, n] = process.argv.slice(2);
if (!dir || !mode || !w || !n) throw new Error("usage: brain-file-writer <dir> append|replace <w> <n>");
process.stdout.write("ready\n");
process.stdin.once("data", () => {
  for (let k = 0; k < Number(n); k++) {
    if (mode === "append") writeBrainFile(dir, "NOTES.md", `m ${w} ${k}`);
    else writeBrainFile(dir, "NOTES.md", (cur) => cur, { replace: true, cleanupIntent: "tidy" });
    process.stdout.write(`ack ${w} ${k}\n`);
  }
  process.stdout.write("done\n");
  process.exit(0);
});
