/**
 * Takes `<brain.jsonl>.lock` with the store's own FileLock and holds it until killed: prints
 * "locked <pid>" once it holds it. SIGKILL leaves the lock behind, exactly as a crash inside a write would.
 *
 *   hold-lock <brain.jsonl>
 */
import { FileLock } from "../../../src/store/jsonl/lock.ts";

const [file] = process.argv.slice(2);
if (!file) throw new Error("usage: hold-lock <brain.jsonl>");
new FileLock(file).acquire({ purpose: "test-holder", timeoutMs: 10_000 });
process.stdout.write(`locked ${process.pid}\n`);
setInterval(() => {}, 60_000);
