/**
 * Holds `<file>.lock` with the store's own FileLock until told to stop: prints "locked <pid>" once held,
 * refreshes its refreshedAt every second (a live holder's lock never goes stale, however long a test takes),
 * releases and exits on SIGTERM (SIGKILL leaves the lock behind, as a crash would).
 * Usage: hold-lock.ts <brain.jsonl> [purpose]   (run with tsx, or bundled by the reliability harness)
 */
import * as fs from "node:fs";
import { FileLock } from "../../src/store/jsonl/lock.ts";

const [file, purpose = "test-holder"] = process.argv.slice(2);
if (!file) throw new Error("usage: hold-lock.ts <brain.jsonl> [purpose]");
const lock = new FileLock(file);
lock.acquire({ purpose, timeoutMs: 60_000 });
process.stdout.write(`locked ${process.pid}\n`);
process.on("SIGTERM", () => {
  lock.release();
  process.exit(0);
});
setInterval(() => {
  const payload = JSON.parse(fs.readFileSync(lock.lockPath, "utf8")) as { pid: number; refreshedAt: number };
  if (payload.pid !== process.pid) return;
  payload.refreshedAt = Date.now();
  const tmp = `${lock.lockPath}.refresh-${process.pid}`;
  fs.writeFileSync(tmp, JSON.stringify(payload, null, 2));
  fs.renameSync(tmp, lock.lockPath);
}, 1_000);
