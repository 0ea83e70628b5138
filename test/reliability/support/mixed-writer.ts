/**
 * One of the concurrent writers of concurrency.test.ts: the library in its own process, doing a seeded mix
 * of writes against one brain and printing every acknowledged result as a JSON line, so the parent can
 * check each one against the log.
 *
 *   mixed-writer <brain.jsonl> <worker> <count> <seed>
 *
 * Prints "ready", waits for a line on stdin (so all writers start together), then:
 *   - the first BURST ops add the same learnings in every worker at once ("burst k"): one must win each;
 *   - then a mix: unique learnings, shared learnings (texts every worker may try, differently cased and
 *     punctuated so dedup has to normalise), user entries on shared keys (upserts), updates and removes
 *     of the worker's own live learnings.
 * Ack lines: {"op":"add"|"shared"|"dup"|"user"|"update"|"remove", …}; an unexpected error prints
 * {"op":"error", code, message} and the run goes on. Ends with "done".
 */
import { BrainError } from "../../../src/core/errors.ts";
import { Brain } from "../../../src/engine/brain.ts";
import { BURST, prng, SHARED, USER_KEYS } from "./common.ts";

const [path, workerArg, countArg, seedArg] = process.argv.slice(2);
if (!path || !workerArg || !countArg || !seedArg)
  throw new Error("usage: mixed-writer <path> <w> <n> <seed>");
const w = Number(workerArg);
const count = Number(countArg);
const rnd = prng(Number(seedArg) * 1000 + w);

function ack(o: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify(o)}\n`);
}

async function main(): Promise<void> {
  const brain = Brain.open({
    path: path as string,
    seedDefault: false,
    fsync: process.env.BRAIN_FSYNC !== "0",
  });
  const mine: { id: string; text: string }[] = [];
  for (let k = 0; k < count; k++) {
    const r = rnd();
    try {
      if (k < BURST) {
        const text = `burst ${k}`;
        try {
          const res = await brain.act({ action: "add", type: "learning", text });
          ack({ op: "shared", key: text, id: res.data?.id, text });
        } catch (e) {
          if (!(e instanceof BrainError && e.code === "DUPLICATE")) throw e;
          ack({ op: "dup", key: text });
        }
      } else if (r < 0.4 || mine.length === 0) {
        const text = `w${w} n${k}`;
        const res = await brain.act({ action: "add", type: "learning", text });
        mine.push({ id: res.data?.id as string, text });
        ack({ op: "add", id: res.data?.id, text });
      } else if (r < 0.55) {
        const j = Math.floor(rnd() * SHARED);
        // "Shared 7." and "shared 7" normalise to the same text: dedup must treat them as one.
        const text = `${rnd() < 0.5 ? "Shared" : "shared"} ${j}${rnd() < 0.5 ? "." : ""}`;
        try {
          const res = await brain.act({ action: "add", type: "learning", text });
          ack({ op: "shared", key: `shared ${j}`, id: res.data?.id, text });
        } catch (e) {
          if (!(e instanceof BrainError && e.code === "DUPLICATE")) throw e;
          ack({ op: "dup", key: `shared ${j}` });
        }
      } else if (r < 0.7) {
        const key = `k${Math.floor(rnd() * USER_KEYS)}`;
        const value = `w${w} n${k}`;
        const res = await brain.act({ action: "add", type: "user", key, value });
        ack({ op: "user", id: res.data?.id, key, value });
      } else if (r < 0.9) {
        const i = Math.floor(rnd() * mine.length);
        const target = mine[i] as { id: string; text: string };
        const text = `${target.text.split(" u")[0]} u${k}`;
        await brain.act({ action: "update", id: target.id, text });
        target.text = text;
        ack({ op: "update", id: target.id, text });
      } else {
        const i = Math.floor(rnd() * mine.length);
        const target = mine[i] as { id: string; text: string };
        await brain.act({ action: "remove", id: target.id, reason: `w${w} n${k}` });
        mine.splice(i, 1);
        ack({ op: "remove", id: target.id });
      }
    } catch (e) {
      ack({
        op: "error",
        code: e instanceof BrainError ? e.code : "EXCEPTION",
        message: e instanceof Error ? e.message : String(e),
      });
    }
  }
  process.stdout.write("done\n");
}

process.stdout.write("ready\n");
process.stdin.once("data", () => {
  process.stdin.pause();
  main().catch((e) => {
    process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
    process.exitCode = 1;
  });
});
