/**
 * A writer that is killed with SIGKILL at a random moment (crash.test.ts). It opens the brain (which also
 * recovers any stale lock its killed predecessor left), then adds learnings in a loop until it dies,
 * printing "ack <id> <chars> <big-next|->" only after the write has returned (written and fdatasynced).
 * Every `big`th entry is large (hundreds of KB to 2 MB), so that a kill can land inside the write() of a
 * line and leave a genuinely torn last line ("big-next" says the next one is large).
 *
 *   crash-writer <brain.jsonl> <trial> <big> act|append
 *
 * `act` writes through `brain.act` (the whole engine path). `append` writes prepared entry lines through
 * the store's own locked append (the same framing code) and prints "writing" just before a large one, so
 * the parent can aim its kill at the write. Through the engine, write() is a few per cent of the time of a
 * large entry (validating, dedup-normalising and re-reading it take the rest), so kills rarely tear a line.
 */
import { randomBytes } from "node:crypto";
import { Brain } from "../../../src/engine/brain.ts";
import type { JsonlFileStore } from "../../../src/store/jsonl/file-store.ts";

const [path, trialArg, bigArg, mode = "act"] = process.argv.slice(2);
if (!path || !trialArg || !bigArg) throw new Error("usage: crash-writer <path> <trial> <big> act|append");
const big = Number(bigArg);
const filler = "x".repeat(2_000_000);

async function main(): Promise<void> {
  const brain = Brain.open({
    path: path as string,
    seedDefault: false,
    snapshot: false,
    fsync: process.env.BRAIN_FSYNC !== "0",
    settings: { maxEntryChars: 3_000_000, secrets: "allow" },
  });
  const store = brain.store as JsonlFileStore;
  process.stdout.write("ready\n");
  for (let k = 0; ; k++) {
    const large = big > 0 && k % big === big - 1;
    // Large: 1–2 MB through the store, 256–512 KB through the engine (which spends ~30 ms per MB on it).
    const size = mode === "append" ? 1_000_000 + ((k * 7919) % 1_000_000) : 256_000 + ((k * 7919) % 256_000);
    const text = `t${trialArg} n${k}${large ? ` ${filler.slice(0, size)}` : ""}`;
    let id: string;
    if (mode === "append") {
      id = randomBytes(4).toString("hex");
      const line = JSON.stringify({ id, type: "learning", text, created: new Date().toISOString() });
      if (large) process.stdout.write("writing\n");
      store.withLock(() => store.append([line]), "append");
    } else {
      const res = await brain.act({ action: "add", type: "learning", text });
      id = String(res.data?.id);
    }
    const nextLarge = big > 0 && (k + 1) % big === big - 1;
    process.stdout.write(`ack ${id} ${text.length} ${nextLarge ? "big-next" : "-"}\n`);
  }
}

main().catch((e) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exitCode = 1;
});
