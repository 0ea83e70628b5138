/**
 * A brain writer in its own process, using the library (not the CLI), for the multi-process tests.
 * Prints "ready", waits for a line on stdin (so all workers start together), runs, prints a JSON summary.
 *
 *   add <brain.jsonl> <prefix> <count>         add learnings "<prefix> <i>"
 *   update <brain.jsonl> <id> <field> <count>  update field of entry id to "<field> <i>", i = 0…count-1
 */
import { BrainError } from "../../src/core/errors.ts";
import { Brain } from "../../src/engine/brain.ts";

const [mode, path, arg, countArg, countArg2] = process.argv.slice(2);
if (!mode || !path || !arg) throw new Error("usage: worker.ts add|update <brain.jsonl> …");

const summary = { added: 0, duplicates: 0, updated: 0 };

async function main(): Promise<void> {
  const brain = Brain.open({
    path: path as string,
    seedDefault: false,
    fsync: process.env.BRAIN_FSYNC !== "0",
  });
  if (mode === "add") {
    const count = Number(countArg);
    for (let i = 0; i < count; i++) {
      try {
        await brain.act({ action: "add", type: "learning", text: `${arg} ${i}` });
        summary.added++;
      } catch (e) {
        if (e instanceof BrainError && e.code === "DUPLICATE") summary.duplicates++;
        else throw e;
      }
    }
  } else if (mode === "update") {
    const field = countArg as string;
    const count = Number(countArg2);
    for (let i = 0; i < count; i++) {
      await brain.act({ action: "update", id: arg, [field]: `${field} ${i}` });
      summary.updated++;
    }
  } else throw new Error(`unknown mode ${mode}`);
}

process.stdout.write("ready\n");
process.stdin.once("data", () => {
  process.stdin.pause();
  main().then(
    () => process.stdout.write(`${JSON.stringify(summary)}\n`),
    (e) => {
      process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
      process.exitCode = 1;
    },
  );
});
