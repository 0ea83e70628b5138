/**
 * Holds `<file>.lock` with the store's own FileLock until told to stop: prints "locked <pid>" once held,
 * releases and exits on SIGTERM (SIGKILL leaves the lock behind, as a crash would).
 * Usage: node --import tsx test/support/hold-lock.ts <brain.jsonl> [purpose]
 */
import { FileLock } from "../../src/store/jsonl/lock.ts";

const [file, purpose = "test-holder"] = process.argv.slice(2);
if (!file) throw new Error("usage: hold-lock.ts <brain.jsonl> [purpose]");
const lock = new FileLock(file);
lock.acquire({ purpose, timeoutMs: 10_000 });
process.stdout.write(`locked ${process.pid}\n`);
process.on("SIGTERM", () => {
  lock.release();
  process.exit(0);
});
setInterval(() => {}, 60_000);
