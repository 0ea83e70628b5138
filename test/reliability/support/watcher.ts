/**
 * A second process holding the brain open (recovery.test.ts): opens it, prints "open <live ids JSON>",
 * then for every line on stdin runs the command and prints one JSON line:
 *   refresh       → {"reloads", "live": [[type, id, entry]...], "bad": n}
 *   add <text>    → {"id"} (a learning, written through this long-lived instance)
 */
import { createInterface } from "node:readline";
import { Brain } from "../../../src/engine/brain.ts";

const [path] = process.argv.slice(2);
if (!path) throw new Error("usage: watcher <brain.jsonl>");
const brain = Brain.open({
  path,
  seedDefault: false,
  snapshot: false,
  fsync: process.env.BRAIN_FSYNC !== "0",
});
const live = () => [...brain.state.live()].map((r) => [r.type, r.id, r.entry]);
process.stdout.write(`open ${JSON.stringify(live().map((l) => l[1]))}\n`);
createInterface({ input: process.stdin }).on("line", (line) => {
  void (async () => {
    if (line === "refresh") {
      brain.refresh();
      const h = brain.health();
      process.stdout.write(
        `${JSON.stringify({ reloads: brain.reloads, live: live(), bad: h.badLineCount })}\n`,
      );
    } else if (line.startsWith("add ")) {
      const r = await brain.act({ action: "add", type: "learning", text: line.slice(4) });
      process.stdout.write(`${JSON.stringify({ id: r.data?.id })}\n`);
    }
  })().catch((e) => {
    process.stdout.write(`${JSON.stringify({ error: String(e) })}\n`);
  });
});
