import { spawn } from "node:child_process";
import { learnerCli } from "../learn/spawn.ts";

/**
 * Start `brain serve` for this brain as a detached background process and return at once (a hook never waits
 * for it). Never throws; false when it could not be started. A second one for the same brain exits at once
 * (the server's lock), so two hooks racing here leave one server.
 */
export function startServerDetached(brainPath: string, cli: string | null = learnerCli()): boolean {
  if (!cli) return false;
  try {
    const child = spawn(process.execPath, [cli, "--brain", brainPath, "serve", "--quiet"], {
      detached: true,
      stdio: "ignore",
    });
    child.on("error", () => {});
    child.unref();
    return true;
  } catch {
    return false;
  }
}
