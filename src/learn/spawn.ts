import * as fs from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { packageRoot } from "../package-root.ts";
import type { BrainHome } from "../store/home.ts";
import { inspectLock } from "../store/jsonl/lock.ts";

/**
 * node:child_process, loaded only to start a process: it pulls in net, dgram and streams (~13 M instructions
 * of a Stop hook, cachegrind), and a hook that finds the learner running starts none.
 */
const requireBuiltin = createRequire(import.meta.url);
const childProcess = () => requireBuiltin("node:child_process") as typeof import("node:child_process");

/**
 * Whether a live learner holds the lock. It looks at the queue again after releasing the lock, and a hook
 * appends to the queue before asking this, so work queued now is not left behind by skipping the start.
 */
export function learnerRunning(home: BrainHome): boolean {
  const target = home.lock("learner");
  if (!fs.existsSync(`${target}.lock`)) return false;
  const s = inspectLock(target);
  return s.present && !s.stale;
}

/** The CLI to start the learner with: the running `brain` bin, else this package's build. */
export function learnerCli(argv1: string | undefined = process.argv[1]): string | null {
  if (argv1 && /(^|\/)(main\.js|brain\.cjs|brain)$/.test(argv1) && fs.existsSync(argv1)) return argv1;
  const root = packageRoot();
  const built = root ? join(root, "dist", "cli", "main.js") : null;
  return built && fs.existsSync(built) ? built : null;
}

/**
 * Start `brain learn --quiet` for this brain (`brainPath`: how the learner process finds it again, `--brain`)
 * as a detached background process and return at once (the
 * hook's own exit is not delayed), unless one is running already. Never throws: a learner that cannot start
 * leaves the queue for the next.
 */
export function startLearner(home: BrainHome, brainPath: string, cli: string | null = learnerCli()): boolean {
  if (!cli || learnerRunning(home)) return false;
  return spawnDetached(cli, ["--brain", brainPath, "learn", "--quiet"]);
}

/** `node <cli> …args` detached, output ignored, not waited for; false (never a throw) when it cannot start. */
export function spawnDetached(cli: string, args: string[]): boolean {
  try {
    const child = childProcess().spawn(process.execPath, [cli, ...args], { detached: true, stdio: "ignore" });
    child.on("error", () => {});
    child.unref();
    return true;
  } catch {
    return false;
  }
}
